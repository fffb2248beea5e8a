/**
 * Of the selectors that find an element alone, the first that names it (an id, a role and name, a test id) rather than
 * its place among its siblings: for what has no fallbacks to heal with (an expectation, a region), where another
 * element taking that place would make a check pass on the wrong element.
 */
export function byMeaning(selectors: readonly string[]): string | undefined {
  const positional = (selector: string) => /:nth-(of-type|child)\(|(^|>>> )xpath=/.test(selector);
  return selectors.find((selector) => !positional(selector)) ?? selectors[0];
}
