import { findSole } from './find-sole';
import { PLAYWRIGHT_ENGINE_KEY } from './keys';
import { storedQuery } from '../snapshot/stored-query';

/** Playwright's selector engine in this frame, as the recording's script puts it there (see playwrightEngineScript). */
interface PlaywrightEngine {
  parseSelector(selector: string): unknown;
  querySelectorAll(parsed: unknown, root: Node): Element[];
}

/**
 * What one gesture may spend proving selectors with Playwright's engine: its role and text engines read the whole
 * page (a role selector over a table of 2,000 rows took 1.3 s there), and the proof runs before the page's own
 * handlers of the gesture. Selectors not proven within it are not written.
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

/**
 * The selectors that find this element alone when replay runs them, proven now, on the live page, by the finder replay
 * uses for each: one the page can run alone (css, xpath, role and name) by that same page finder (findSole), any
 * other (Playwright's chains and text pseudo-classes) by Playwright's own engine. The rest are not written: a selector
 * the recorder believed unique but replay's finder reads otherwise would fail, or find another element, on replay.
 * Runs in the page.
 */
export function provenSelectors(element: Element, selectors: readonly string[]): string[] {
  const proven: string[] = [];
  let engine: PlaywrightEngine | undefined;
  let spent = 0;
  for (const selector of selectors) {
    const query = storedQuery(selector);
    if (query) {
      if (!query.frame && findSole(query.target) === element) proven.push(selector);
      continue;
    }
    if (spent > PLAYWRIGHT_BUDGET_MS) continue;
    engine ??= playwrightEngine();
    const started = performance.now();
    try {
      const found = engine?.querySelectorAll(engine.parseSelector(selector), element.ownerDocument);
      if (found?.length === 1 && found[0] === element) proven.push(selector);
    } catch {
      // A selector Playwright cannot parse is not proven.
    }
    spent += performance.now() - started;
  }
  return proven;
}
