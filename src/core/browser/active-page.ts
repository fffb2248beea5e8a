import type { BrowserContext, Page } from 'playwright-core';

/**
 * The page a session works on: the most recently opened one that is still open (a tab the person or an action opened
 * becomes it; when it closes, the newest open one does). Listeners hear each change (the live view follows it).
 */
export class ActivePage {
  private page: Page | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly context: BrowserContext) {
    context.on('page', (page) => this.track(page));
    for (const page of context.pages()) this.track(page);
  }

  get current(): Page | undefined {
    return this.page;
  }

  /** Makes `page` the one worked on (a tab an action opened). */
  use(page: Page): void {
    if (this.page === page) return;
    this.page = page;
    this.changed();
  }

  /** Calls `listener` at each change; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private track(page: Page): void {
    // Playwright's selector machinery is set up in a page on its first use (tens of ms of the page's main thread): an
    // observe reads the page over CDP and an act on its picks goes to their nodes (see perform), so it is not set up as
    // a page loads, where it would hold up the page's first observe.
    this.use(page);
    page.on('close', () => {
      if (this.page !== page) return;
      this.page = this.context.pages().filter((open) => !open.isClosed()).at(-1);
      this.changed();
    });
  }
}
