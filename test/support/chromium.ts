import { chromium, type Browser } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';

/** A headless Chromium for tests (the headless shell when installed, or REHEARSE_CHROMIUM), found as a headless session finds one. */
export async function launchTestChromium(): Promise<Browser> {
  const { executablePath } = findBrowser({ headless: true });
  return chromium.launch({ executablePath, headless: true, args: launchArgs({ headless: true }), timeout: 30_000 });
}

/** One browser for a describe block. */
export function useChromium(): { readonly browser: Browser } {
  const holder = {} as { browser: Browser };
  before(async function () {
    this.timeout(60_000);
    holder.browser = await launchTestChromium();
  });
  after(async () => holder.browser?.close());
  return holder;
}
