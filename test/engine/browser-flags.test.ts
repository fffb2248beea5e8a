import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import { createSession } from '../../src/index';

/** Each `--disable-features` list of a running process's command line, in order. */
function disabledFeatureLists(pid: number): string[][] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(',').filter(Boolean));
}

describe('the browser Rehearse launches', () => {
  it('keeps every feature Playwright turns off, and also turns off the preloaded address-bar popup', async function () {
    this.timeout(60_000);
    const server = await chromium.launchServer({ executablePath: findBrowser({ headless: true }).executablePath, headless: true, args: launchArgs({ headless: true }) });
    try {
      const lists = disabledFeatureLists(server.process().pid!);
      assert.ok(lists.length >= 2, `Playwright's list and Rehearse's on the command line: ${JSON.stringify(lists)}`);
      // Chromium keeps only the last list: it must hold Playwright's (the first) whole.
      const [playwrights, effective] = [lists[0]!, lists.at(-1)!];
      const dropped = playwrights.filter((feature) => !effective.includes(feature));
      assert.deepEqual(dropped, [], `add these to PLAYWRIGHT_DISABLED_FEATURES in src/core/browser/find-browser.ts: ${dropped.join(', ')}`);
      assert.ok(effective.includes('WebUIOmniboxPopup'));
    } finally {
      await server.close();
    }
  });

  it('opens pages without a WebUI renderer for the address bar', async function () {
    this.timeout(60_000);
    const session = await createSession({ env: {} });
    try {
      await session.page().goto('about:blank');
      const browserSession = await session.page().context().browser()!.newBrowserCDPSession();
      const { targetInfos } = await browserSession.send('Target.getTargets', { filter: [{}] });
      assert.deepEqual(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url), []);
    } finally {
      await session.end();
    }
  });
});
