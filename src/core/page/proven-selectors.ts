import { findSole, openRoots } from './find-sole';
import { PLAYWRIGHT_ENGINE_KEY } from './keys';
import { storedQuery } from '../snapshot/stored-query';

/** Playwright's selector engine in this frame, as the recording's script puts it there (see playwrightEngineScript). */
interface PlaywrightEngine {
  parseSelector(selector: string): unknown;
  querySelectorAll(parsed: unknown, root: Node): Element[];
}

/**
 * What one gesture may spend proving selectors with Playwright's engine: its role and text engines read the whole
 * page (a role selector over a table of 2,000 rows took 1.3 s there). Selectors not proven within it are not written.
 */
const PLAYWRIGHT_BUDGET_MS = 40;

function playwrightEngine(): PlaywrightEngine | undefined {
  const make = (window as unknown as Record<symbol, (() => PlaywrightEngine) | undefined>)[Symbol.for(PLAYWRIGHT_ENGINE_KEY)];
  try {
    return make?.();
  } catch {
    return undefined;
  }
}

/** The proof of one element's selectors, begun when its gesture started. */
export interface SelectorProof {
  /** The selectors proven, in the order given, the proof finished first if it has not yet. */
  settle(): string[];
}

/**
 * Pages with more elements than this have the selectors that read the whole page (a role and name, Playwright's
 * chains) proven after the gesture's first frame: on a table of 2,000 rows (16,000 elements) their proof took 60 to
 * 250 ms, which held up the page's answer to the person that long. On a smaller page they are proven at once, before
 * the page's own handlers can take the element away (a menu's option removed as it is picked).
 */
const PROVE_AT_ONCE_MAX_ELEMENTS = 3000;
/** The longest a deferred proof waits for the page to be idle: the element may be gone later. */
const PROVE_WITHIN_MS = 1000;

/**
 * The selectors that find this element alone when replay runs them, proven on the live page by the finder replay uses
 * for each: one the page can run alone (css, xpath, role and name) by that same page finder (findSole), any other
 * (Playwright's chains and text pseudo-classes) by Playwright's own engine. Those that read the whole page wait, on a
 * large page, for the page to be idle once the gesture is handled, or for the step to be sent, whichever comes first. The rest are not
 * written: a selector the recorder believed unique but replay's finder reads otherwise would fail, or find another
 * element, on replay. Runs in the page.
 */
export function proveSelectors(element: Element, selectors: readonly string[]): SelectorProof {
  const proven = new Map<string, boolean>();
  let roots: (Document | ShadowRoot)[] | undefined;
  let engine: PlaywrightEngine | undefined;
  let spent = 0;
  // Replay runs a frame's selectors through Playwright (it enters the frame by the hop first): so are they proven here.
  const queryOf = (selector: string) => (window.top === window ? storedQuery(selector) : undefined);
  const prove = (selector: string) => {
    const query = queryOf(selector);
    if (query) {
      proven.set(selector, !query.frame && element.isConnected && findSole(query.target, (roots ??= openRoots())) === element);
      return;
    }
    engine ??= element.isConnected ? playwrightEngine() : undefined;
    if (!engine || spent > PLAYWRIGHT_BUDGET_MS) {
      proven.set(selector, false);
      return;
    }
    const started = performance.now();
    try {
      const found = engine.querySelectorAll(engine.parseSelector(selector), element.ownerDocument);
      proven.set(selector, found.length === 1 && found[0] === element);
    } catch {
      // A selector Playwright cannot parse is not proven.
      proven.set(selector, false);
    }
    spent += performance.now() - started;
  };
  const large = document.getElementsByTagName('*').length > PROVE_AT_ONCE_MAX_ELEMENTS;
  const later: string[] = [];
  for (const selector of selectors) {
    const query = queryOf(selector);
    if (large && (!query || query.target.kind === 'role')) later.push(selector);
    else prove(selector);
  }
  const finish = () => {
    roots = undefined;
    for (const selector of later.splice(0)) prove(selector);
  };
  // When the page is idle: after the gesture's release and click have been handled and drawn (a task at the next frame
  // would still come before the click a press begins, and hold it up).
  if (later.length) requestIdleCallback(finish, { timeout: PROVE_WITHIN_MS });
  return {
    settle: () => {
      finish();
      return selectors.filter((selector) => proven.get(selector));
    },
  };
}

/** The selectors of an element proven at once (a drag's places, read when it ends). */
export function provenSelectors(element: Element, selectors: readonly string[]): string[] {
  return proveSelectors(element, selectors).settle();
}
