import assert from 'node:assert/strict';
import { BrowserNotFoundError } from '../../src/core/errors';
import { findBrowser } from '../../src/core/browser/find-browser';
import { useChromium } from '../support/chromium';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';
import type { StaticSite as LoopbackServer } from '../../src/cli/static-site';

describe('browser rig', () => {
  const chromium = useChromium();
  let site: LoopbackServer;
  before(async () => {
    site = await serveFolder(FIXTURES_DIR);
  });
  after(async () => site.close());

  it('drives a real Chromium against a fixture page served on loopback', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(`${site.origin}/login.html`);
    assert.equal(await page.title(), 'Sign in');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    assert.equal(await page.locator('#log li').textContent(), 'forgot clicked');
    await page.close();
  });

  it('the fixture server refuses paths outside its folder', async () => {
    const response = await fetch(`${site.origin}/..%2f..%2fpackage.json`);
    assert.notEqual(response.status, 200);
  });

  it('a missing browser is a clear error that says how to get one', () => {
    assert.throws(() => findBrowser({ env: { REHEARSE_CHROMIUM: '/nowhere/chrome' } }), (error: unknown) => {
      assert.ok(error instanceof BrowserNotFoundError);
      assert.match(error.message, /^REHEARSE_CHROMIUM points at \/nowhere\/chrome, which does not exist\. Set rehearse\.browser\.executablePath/);
      assert.match(error.message, /apt-get install chromium/);
      return true;
    });
    assert.throws(() => findBrowser({ env: {}, platform: 'aix' }), /No Chromium-based browser was found/);
  });
});
