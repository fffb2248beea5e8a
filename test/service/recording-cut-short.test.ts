import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startRemoteSession, type RecordedStep } from '../../src/service/client';
import { startDebuggableChromium, type DebuggableChromium } from '../support/debuggable-chromium';
import { click, typing } from '../support/live-input';
import { actionsOf } from '../support/recorded';
import { KEY_A, useService } from './harness';

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  for (const started = Date.now(); !check();) {
    if (Date.now() - started > ms) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Issue 43, item 2: a recording whose browser goes away (killed, crashed) or whose page crashes ends at once and says
 * which, after every step recorded until then was sent; it never waits on a browser that is gone.
 */
describe('HTTP service: a recording cut short by its browser', function () {
  this.timeout(90_000);
  const rig = useService();
  let chrome: DebuggableChromium;
  let watcher: Browser;
  beforeEach(async () => {
    chrome = await startDebuggableChromium();
    watcher = await chromium.connectOverCDP(chrome.cdpUrl);
    rig.browserUrls.push(new URL(chrome.cdpUrl).origin);
  });
  afterEach(async () => {
    await watcher.close().catch(() => undefined);
    await chrome.stop();
  });

  /** A recording on the soak page with its two steps made (the name typed, Save pressed) and arrived. */
  async function recordTwoSteps() {
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A }, { browser: { cdpUrl: chrome.cdpUrl } });
    await session.navigate(`${rig.site.origin}/soak.html`);
    const page = watcher.contexts().flatMap((context) => context.pages()).find((open) => open.url().endsWith('/soak.html')) as Page;
    const recorded: RecordedStep[] = [];
    let started = false;
    const stop = new AbortController();
    // Its end, kept as it comes (a rejection is the test's to read, not unhandled meanwhile).
    const recording = session.record((step) => recorded.push(step), stop.signal, { onStarted: () => void (started = true) })
      .then(() => assert.fail('the recording ended as if stopped'), (error: Error) => error);
    await until('the recording started', () => started);
    await session.input([...click({ x: 120, y: 35 }), ...typing('Ada')]);
    await session.input(click({ x: 80, y: 95 }));
    await until('two steps recorded', () => actionsOf(recorded).length >= 2);
    return { session, page, recorded, recording, stop };
  }

  it('the browser killed: the recording ends within seconds saying the browser went away; the steps until then arrived', async () => {
    const { recorded, recording, stop } = await recordTwoSteps();
    const killed = Date.now();
    await chrome.stop('SIGKILL');
    const error = await recording;
    assert.equal(error.name, 'SessionClosedError');
    assert.match(error.message, /went away \(it crashed or was closed\); start a new session/);
    assert.ok(Date.now() - killed < 10_000, `ended after ${Date.now() - killed} ms`);
    assert.deepEqual(actionsOf(recorded).map((step) => `${step.action.method} ${step.action.description}`), ['fill textbox "Name"', 'click button "Save"']);
    stop.abort();
  });

  it('the page crashed: the recording ends at once saying so and how many steps were recorded', async () => {
    const { session, page, recording, stop } = await recordTwoSteps();
    const cdp = await page.context().newCDPSession(page);
    // A crashed page never answers the command that crashed it.
    void cdp.send('Page.crash').catch(() => undefined);
    const crashed = Date.now();
    const error = await recording;
    assert.equal(error.name, 'ServiceDomProcessError');
    assert.equal(error.message, 'The page crashed (its renderer process died) while recording; 2 steps were recorded until then.');
    assert.ok(Date.now() - crashed < 10_000, `ended after ${Date.now() - crashed} ms`);
    stop.abort();
    await session.end().catch(() => undefined);
  });
});
