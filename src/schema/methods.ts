/** The deterministic methods of act (DESIGN.md §4): part of the contract, so flow files are checked without the engine. */
export const SUPPORTED_METHODS = [
  'click', 'doubleClick', 'rightClick', 'fill', 'type', 'press', 'hover', 'selectOption', 'selectOptionFromDropdown', 'check', 'uncheck', 'focus',
  'blur', 'scrollIntoView', 'scrollTo', 'nextChunk', 'prevChunk', 'dragAndDrop', 'setInputFiles',
] as const;

const KNOWN = new Set<string>([...SUPPORTED_METHODS.map((method) => method.toLowerCase()), 'dblclick', 'scroll', 'drag', 'upload']);

export function isSupportedMethod(method: string): boolean {
  return KNOWN.has(method.toLowerCase());
}
