import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';

/** A headless Chromium for tests (the headless shell when installed, or REHEARSE_CHROMIUM), found as a headless session finds one. */
async function launchTestChromium(): Promise<Browser> {
  const { executablePath } = findBrowser({ headless: true });
  return chromium.launch({ executablePath, headless: true, args: launchArgs({ headless: true }), timeout: 30_000 });
}

/** The same browser as a Playwright browser server on loopback, for sessions that attach to one (`wsEndpoint`). */
export async function launchTestBrowserServer(): Promise<BrowserServer> {
  const { executablePath } = findBrowser({ headless: true });
  return chromium.launchServer({ executablePath, headless: true, args: launchArgs({ headless: true }), host: '127.0.0.1' });
}

let shared: Promise<Browser> | undefined;

/**
 * One browser for every test in this process that does not test how a browser is started: each takes a context of its
 * own (isolated as Playwright Test's are), at a third of a launch's cost. Playwright ends it when the process exits.
 */
export function sharedTestChromium(): Promise<Browser> {
  shared ??= launchTestChromium().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/** The process's test browser for a describe block, which closes the pages it opens. */
export function useChromium(): { readonly browser: Browser } {
  const holder = {} as { browser: Browser };
  before(async function () {
    this.timeout(60_000);
    holder.browser = await sharedTestChromium();
  });
  return holder;
}
