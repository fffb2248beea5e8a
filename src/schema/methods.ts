/** The deterministic methods of act (DESIGN.md §4): part of the contract, so flow files are checked without the engine. */
export const SUPPORTED_METHODS = [
  'click', 'doubleClick', 'rightClick', 'fill', 'type', 'press', 'hover', 'selectOption', 'selectOptionFromDropdown', 'check', 'uncheck', 'focus',
  'blur', 'scrollIntoView', 'scrollTo', 'nextChunk', 'prevChunk', 'dragAndDrop', 'setInputFiles',
] as const;

/** Other names a method is known by (Playwright's, Stagehand's). */
const ALIASES: Readonly<Record<string, string>> = { selectoptionfromdropdown: 'selectoption', dblclick: 'doubleclick', scroll: 'scrollto', drag: 'draganddrop', upload: 'setinputfiles' };
const KNOWN = new Set<string>(SUPPORTED_METHODS.map((method) => method.toLowerCase()));

/** A method as one lower-case name, its aliases and case aside (`dblclick`, `DoubleClick` → `doubleclick`). */
export function canonicalMethod(method: string | undefined): string {
  const key = (method ?? 'click').toLowerCase();
  return ALIASES[key] ?? key;
}

export function isSupportedMethod(method: string): boolean {
  return KNOWN.has(canonicalMethod(method));
}
