import { composedParent } from './element-at-point';
import { DEFINITION_WAIT_MS } from './keys';

/**
 * A custom element whose definition has not loaded yet (a design system's autoloader imports each component when the
 * page first uses it) is plain text to the pointer: a click on it does nothing, and Playwright does not wait for it.
 * Before acting, the engine waits for the definitions on the element's composed path, as a person waits for the
 * widget to appear. A name that is still not defined after the wait is taken as one that never will be (a framework's
 * component tags, such as Angular's, are valid custom element names nobody defines): it is not waited for again in
 * this document, so such pages pay the wait once.
 */

/** Where a document keeps the names it waited for in vain. */
const GIVEN_UP = Symbol.for('rehearse.neverDefined');

/** The undefined custom element names on the element's composed path not already given up on in this document. */
export function pendingDefinitions(element: Element): string[] {
  const givenUp = givenUpNames();
  const names = new Set<string>();
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (!current.matches(':defined') && !givenUp.has(current.localName)) names.add(current.localName);
  }
  return [...names];
}

/** Waits a while for those definitions and one frame for the upgraded elements to render; true when none was missing. */
export async function untilDefined(element: Element, waitMs = DEFINITION_WAIT_MS): Promise<boolean> {
  const names = pendingDefinitions(element);
  if (!names.length) return true;
  const timeUp = new Promise<false>((resolve) => setTimeout(() => resolve(false), waitMs));
  const defined = await Promise.race([Promise.all(names.map((name) => customElements.whenDefined(name))).then(() => true), timeUp]);
  if (!defined) {
    for (const name of names) if (!customElements.get(name)) givenUpNames().add(name);
    return false;
  }
  // A page that draws no frame (hidden) is not waited for past a moment.
  await new Promise((resolve) => {
    requestAnimationFrame(resolve);
    setTimeout(resolve, 100);
  });
  return true;
}

function givenUpNames(): Set<string> {
  const holder = window as unknown as Record<symbol, Set<string> | undefined>;
  const names = holder[GIVEN_UP] ?? new Set<string>();
  if (!holder[GIVEN_UP]) Object.defineProperty(window, GIVEN_UP, { value: names, configurable: true });
  return names;
}
