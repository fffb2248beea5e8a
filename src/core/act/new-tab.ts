import type { Page } from 'playwright-core';
import { locatorFor } from './locate';

const TAB_WAIT_MS = 5000;
/** The element, or the link or image-map area around it, when that opens another window (any target but these). */
const LINK_TO_ANOTHER_WINDOW = `xpath=ancestor-or-self::*[(self::a or self::area) and @href and @target and not(${
  ['_self', '_parent', '_top', ''].map((target) => `translate(@target, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') = '${target}'`).join(' or ')
})]`;
/** Pages that called window.open since their last action began (see noteWindowOpen). */
const windowOpens = new WeakSet<Page>();

/** The page hooks' binding: a page called window.open. */
export function noteWindowOpen(page: Page): void {
  windowOpens.add(page);
}

/**
 * A click on a link that opens another tab (`target="_blank"` or a named window), or whose handler calls window.open,
 * returns before the tab exists; the next step must act in that tab, as the person did. Returns the tab the action
 * opened, after it has loaded its document, or undefined when the action opens none.
 */
export async function withNewTab(page: Page, method: string, selector: string, act: () => Promise<void>): Promise<Page | undefined> {
  if (!/click|press/i.test(method)) {
    await act();
    return undefined;
  }
  // Looked at without waiting (count), sent along with the action rather than before it: a round trip of its own
  // would cost the click a frame. An element that is not there yet is the action's to wait for. A selector query, not a
  // page function: Playwright would set up a second world in the page for that, and the click would wait for it.
  const opensByLink = selector.trim() === '' ? Promise.resolve(false) : locatorFor(page, selector).locator(LINK_TO_ANOTHER_WINDOW).count().then((count) => count > 0, () => false);
  const tab = page.waitForEvent('popup', { timeout: TAB_WAIT_MS }).catch(() => undefined);
  windowOpens.delete(page);
  await act();
  // A tab the page opened from script (window.open in a click handler) is waited for only when the page called it: the
  // page hooks say so through a binding, which arrives before the action's own answer.
  const opened = await opensByLink || windowOpens.delete(page) ? await tab : undefined;
  await opened?.waitForLoadState('domcontentloaded').catch(() => undefined);
  return opened;
}
