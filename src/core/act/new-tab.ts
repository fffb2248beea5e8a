import type { Page } from 'playwright-core';
import { HOOKS_KEY, type PageHooks } from '../browser/page-hooks';
import { locatorFor } from './locate';

const TAB_WAIT_MS = 5000;

/**
 * A click on a link that opens another tab (`target="_blank"` or a named window), or whose handler calls window.open,
 * returns before the tab exists; the next step must act in that tab, as the person did. Returns the tab the action
 * opened, after it has loaded its document, or undefined when the action opens none.
 */
export async function withNewTab(page: Page, method: string, selector: string, act: () => Promise<void>): Promise<Page | undefined> {
  // Looked at without waiting (evaluateAll): an element that is not there yet is the action's to wait for.
  const opens = /click/i.test(method) && selector.trim() !== '' && await locatorFor(page, selector).evaluateAll((elements) => elements.some((element) => {
    const link = element.closest('a[href][target], area[href][target]');
    const target = link?.getAttribute('target')?.toLowerCase();
    return !!target && !['_self', '_parent', '_top'].includes(target);
  })).catch(() => false);
  const tab = /click|press/i.test(method) ? page.waitForEvent('popup', { timeout: TAB_WAIT_MS }).catch(() => undefined) : undefined;
  await act();
  // A tab the page opened from script (window.open in a click handler) is waited for only when the page called it.
  const opened = opens || await openedFromScript(page) ? await tab : undefined;
  await opened?.waitForLoadState('domcontentloaded').catch(() => undefined);
  return opened;
}

/** Whether the page called window.open since this was last asked (page hooks count the calls). */
async function openedFromScript(page: Page): Promise<boolean> {
  const calls = await page.mainFrame().evaluate((key) => {
    const hooks = (window as unknown as Record<symbol, PageHooks | undefined>)[Symbol.for(key)];
    const count = hooks?.opened ?? 0;
    if (hooks) hooks.opened = 0;
    return count;
  }, HOOKS_KEY).catch(() => 0);
  return calls > 0;
}
