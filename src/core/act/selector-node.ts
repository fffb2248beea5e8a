import type { CDPSession } from 'playwright-core';

/**
 * A stored selector reached the cheap way: a `css=` selector of the page itself (no frame hop, no Playwright-only
 * syntax) is run by the page's own querySelectorAll, open shadow roots included as Playwright's css engine searches
 * them, in one DevTools call. Only an element found alone counts (Playwright's strictness); anything else is left to
 * Playwright's locator, which waits for it and says what is wrong.
 */

/** Pseudo-classes and chains Playwright adds to CSS: the page's querySelectorAll does not know them. */
const PLAYWRIGHT_ONLY = /(>>|:(has-text|text|text-is|text-matches|visible|nth-match|light|right-of|left-of|above|below|near)\b)/;

/** The CSS of a `css=` selector the page can run itself; undefined for any other selector. */
export function plainCss(selector: string): string | undefined {
  const css = /^css=([\s\S]+)$/.exec(selector)?.[1]?.trim();
  return css && !PLAYWRIGHT_ONLY.test(css) ? css : undefined;
}

/** The page's element that `css` finds alone, by backend node id; undefined when none, several, or the page did not say. */
export async function soleNodeOf(session: CDPSession, css: string): Promise<number | undefined> {
  let objectId: string | undefined;
  try {
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', { expression: `(${String(soleMatch)})(${JSON.stringify(css)})` });
    objectId = result.objectId;
    if (exceptionDetails || !objectId || result.subtype !== 'node') return undefined;
    return (await session.send('DOM.describeNode', { objectId })).node.backendNodeId;
  } catch {
    return undefined;
  } finally {
    if (objectId) void session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  }
}

/** Runs in the page (sent as its source): the one element the selector matches in the document and its open shadow roots. */
function soleMatch(css: string): Element | null {
  let found: Element | null = null;
  let count = 0;
  const search = (root: Document | ShadowRoot): void => {
    for (const match of root.querySelectorAll(css)) {
      found = match;
      count++;
    }
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot && count < 2) search(host.shadowRoot);
  };
  search(document);
  return count === 1 ? found : null;
}
