/**
 * Ids, test ids and classes a framework makes up on each build, load or render, which make poor durable selectors:
 * React's useId (`:r1:`, `«r1»`, `_r_21_`, alone or in a library's own id: Fluent's `menu_r_c_`), libraries' prefixes, numbers and hashes, and random tokens of letters and
 * digits (`mantine-xisw60gs5`), and the ids GrapesJS gives its canvas's components on each load (`i` and a few letters and
 * digits: `idm8`, `i0d5`). Runs in Node (the snapshot) and in the page (built into the recorder).
 */
const GENERATED = /[:«»]|_r_[\da-z]+_|\d{4,}|[0-9a-f]{8,}|-\d+$|^(ember|react|ng-|mui-|radix-|headlessui-|css-|sc-|jsx-|_r_|rc_|mantine-)|(^|[-_])(?=[a-z\d]*\d[a-z\d]*\d)(?=[a-z\d]*[a-z][a-z\d]*[a-z])[a-z\d]{6,}($|[-_])|^i(?=[a-z]*\d)[a-z\d]{3,5}$/i;

export function isGeneratedId(value: string): boolean {
  return GENERATED.test(value);
}
