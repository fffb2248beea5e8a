import type { Page } from 'playwright-core';
import { locatorFor } from './locate';

const TAB_WAIT_MS = 5000;

/**
 * A click on a link that opens another tab (`target="_blank"` or a named window) returns before the tab exists; the
 * next step must act in that tab, as the person did. Returns the tab the action opened, after it has loaded its
 * document, or undefined when the action opens none.
 */
export async function withNewTab(page: Page, method: string, selector: string, act: () => Promise<void>): Promise<Page | undefined> {
  // Looked at without waiting (evaluateAll): an element that is not there yet is the action's to wait for.
  const opens = /click/i.test(method) && selector.trim() !== '' && await locatorFor(page, selector).evaluateAll((elements) => elements.some((element) => {
    const link = element.closest('a[href][target], area[href][target]');
    const target = link?.getAttribute('target')?.toLowerCase();
    return !!target && !['_self', '_parent', '_top'].includes(target);
  })).catch(() => false);
  const tab = opens ? page.waitForEvent('popup', { timeout: TAB_WAIT_MS }).catch(() => undefined) : undefined;
  await act();
  const opened = await tab;
  await opened?.waitForLoadState('domcontentloaded').catch(() => undefined);
  return opened;
}
