import { chromium, type Browser } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';

/** A headless Debian Chromium (or REHEARSE_CHROMIUM) for tests, found the same way the product finds one. */
export async function launchTestChromium(): Promise<Browser> {
  const { executablePath } = findBrowser();
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
