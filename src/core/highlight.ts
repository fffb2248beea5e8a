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

/**
 * The outline the inspector's hover puts on one element, on whichever page is active. No engine call starts or ends with
 * it on the page, and no screenshot shows it: a hover that came while the browser was busy cannot leave it behind.
 */
export class HoverHighlight {
  private shown = false;

  constructor(private readonly activePage: () => Page | undefined) {}

  async show(page: Page, selector: string | undefined): Promise<number> {
    this.shown = selector !== undefined;
    return highlightElement(page, selector);
  }

  async clear(): Promise<void> {
    const page = this.activePage();
    if (!this.shown || !page || page.isClosed()) return;
    this.shown = false;
    await page.hideHighlight().catch(() => undefined);
  }
}
