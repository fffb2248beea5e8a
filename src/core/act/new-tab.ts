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
  const tab = page.waitForEvent('popup', { timeout: TAB_WAIT_MS }).catch(() => undefined);
  windowOpens.delete(page);
  const before = page.url();
  await act();
  // A tab the page opened from script (window.open in a click handler) is waited for only when the page called it: the
  // page hooks say so through a binding, which arrives before the action's own answer.
  const opened = windowOpens.delete(page) || (await opensByLink(page, selector, before)) ? await tab : undefined;
  await opened?.waitForLoadState('domcontentloaded').catch(() => undefined);
  return opened;
}

/**
 * Whether the element acted on is a link to another window. Asked after the action, not beside it: a query running
 * while Playwright clicks costs the click a frame. A link to another window leaves this page where it was, so a page
 * that went elsewhere opened no tab by a link (and its elements are another page's).
 */
async function opensByLink(page: Page, selector: string, before: string): Promise<boolean> {
  if (!selector.trim() || page.url() !== before) return false;
  return locatorFor(page, selector).locator(LINK_TO_ANOTHER_WINDOW).count().then((count) => count > 0, () => false);
}
