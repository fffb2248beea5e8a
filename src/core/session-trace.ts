import type { BrowserContext } from 'playwright-core';

/** A Playwright trace of a session's browser context (screenshots and DOM snapshots), for a replay that failed. */
export class SessionTrace {
  constructor(private readonly context: BrowserContext) {}

  /** Records until save or discard. */
  async start(): Promise<void> {
    await this.context.tracing.start({ screenshots: true, snapshots: true, sources: false });
  }

  /** Writes the trace to a zip that `npx playwright show-trace` opens. */
  async save(file: string): Promise<void> {
    await this.context.tracing.stop({ path: file });
  }

  async discard(): Promise<void> {
    await this.context.tracing.stop().catch(() => undefined);
  }
}
