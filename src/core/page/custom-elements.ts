import { DEFINITION_WAIT_MS } from './keys';

/**
 * A custom element whose definition has not loaded yet (a design system's autoloader imports each component when the
 * page first uses it) is plain text to the pointer: a click on it does nothing, and Playwright does not wait for it.
 * Before acting on one, the engine waits for its definition, as a person waits for the widget to appear. Only the
 * element itself: a framework's component tags (Angular's) are valid custom element names nobody defines, and every
 * element of such an app sits inside some; waiting for those would cost every page of the app. A name still not
 * defined after the wait is taken as one that never will be and is not waited for again in this document.
 */

/** Where a document keeps the names it waited for in vain. */
const GIVEN_UP = Symbol.for('rehearse.neverDefined');

/** Waits a while for the element's definition, then one frame for it to render; true when it was defined already. */
export async function untilDefined(element: Element, waitMs = DEFINITION_WAIT_MS): Promise<boolean> {
  const name = element.localName;
  if (element.matches(':defined') || givenUpNames().has(name)) return true;
  const timeUp = new Promise<false>((resolve) => setTimeout(() => resolve(false), waitMs));
  // A name the registry refuses (a reserved one) cannot be waited for: taken as it is.
  const defined = await Promise.race([customElements.whenDefined(name).then(() => true, () => true), timeUp]);
  if (!defined) {
    givenUpNames().add(name);
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
