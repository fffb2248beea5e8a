import type { Page } from 'playwright-core';
import { locatorFor } from './act/locate';

/**
 * Shows where an element is (the observe inspector's hover): Playwright's own overlay, so the page's DOM and styles are
 * untouched. No selector clears it. Returns how many elements the selector matched now.
 */
export async function highlightElement(page: Page, selector: string | undefined): Promise<number> {
  await page.hideHighlight();
  if (!selector) return 0;
  const locator = locatorFor(page, selector);
  const count = await locator.count().catch(() => 0);
  if (count > 0) await locator.highlight();
  return count;
}
