import assert from 'node:assert/strict';
import { launchTestBrowserServer } from '../support/chromium';
import { createSession, SessionClosedError } from '../../src/index';
import { startDebuggableChromium } from '../support/debuggable-chromium';
import { settledEvents, useEngine } from './harness';

describe('sessions', () => {
  const rig = useEngine();

  it('attaches to a running browser over CDP and works the same', async function () {
    this.timeout(60_000);
    const remote = await startDebuggableChromium();
    try {
      const session = await createSession({ browser: { cdpUrl: remote.cdpUrl }, env: {} });
      assert.match(session.browserOrigin, /^cdp http:\/\/127\.0\.0\.1:\d+$/);
      await session.navigate(rig.url('login.html'));
      await session.act('click Forgot password?');
      assert.deepEqual(await settledEvents(session), ['forgot clicked']);
      await session.end();
    } finally {
      await remote.stop('SIGKILL');
    }
  });

  it('attaches to a Playwright browser server', async function () {
    this.timeout(60_000);
    const server = await launchTestBrowserServer();
    try {
      const session = await createSession({ browser: { wsEndpoint: server.wsEndpoint() }, env: {} });
      await session.navigate(rig.url('shadow.html'));
      await session.act({ selector: 'shadow:css=vault-box >>> > button:nth-of-type(1)', description: 'closed subscribe', method: 'click', arguments: [] });
      assert.deepEqual(await settledEvents(session), ['Closed subscribed ']);
      await session.end();
    } finally {
      await server.close();
    }
  });

  it('a browser that dies ends its session with a clear error; other sessions go on', async function () {
    this.timeout(60_000);
    const server = await launchTestBrowserServer();
    const doomed = await createSession({ browser: { wsEndpoint: server.wsEndpoint() }, env: {} });
    await doomed.navigate(rig.url('login.html'));
    process.kill(server.process().pid!, 'SIGKILL');
    const deadline = Date.now() + 10_000;
    while (!doomed.isEnded && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await assert.rejects(doomed.act('click Forgot password?'), (error: unknown) => error instanceof SessionClosedError && /went away \(it crashed or was closed\); start a new session/.test(error.message));
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.act('click Forgot password?');
    assert.deepEqual(await rig.events(), ['forgot clicked']);
    await doomed.end();
  });

  it('an ended session refuses further calls', async () => {
    const session = await rig.startSession();
    await session.end();
    await assert.rejects(session.navigate(rig.url('login.html')), (error: unknown) => error instanceof SessionClosedError && /has ended/.test(error.message));
    await session.end();
  });

  it('follows the page a click opens, and records per-call metrics', async () => {
    const session = await rig.startSession();
    await session.navigate(rig.url('login.html'));
    await session.page().evaluate(() => {
      const link = document.querySelector('a')!;
      link.target = '_blank';
    });
    await session.act('click Create an account');
    const deadline = Date.now() + 5000;
    while (!session.page().url().endsWith('account.html') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(session.page().url(), /account\.html$/);
    assert.deepEqual(session.metrics.map((metric) => [metric.method, metric.ok]), [['navigate', true], ['act', true]]);
  });

  it('follows the tab a form submit or a <base target> link opens; a link to the same window opens none', async () => {
    const session = await rig.startSession();
    const click = (selector: string) => session.act({ selector, description: selector, method: 'click', arguments: [] });
    await session.navigate(rig.url('login.html'));
    await session.page().evaluate(() => document.body.insertAdjacentHTML('beforeend', '<form action="account.html" target="report"><button id="send">Send</button></form>'));
    const first = session.page();
    await click('#send');
    assert.match(session.page().url(), /account\.html/, 'the act moved to the tab the form opened');
    assert.match(first.url(), /login\.html$/, 'the first tab stayed where it was');
    await session.navigate(rig.url('login.html'));
    await session.page().evaluate(() => document.head.insertAdjacentHTML('beforeend', '<base target="_blank">'));
    const second = session.page();
    await click('a');
    assert.notEqual(session.page(), second, 'a link under <base target="_blank"> opens a tab, and the act follows it');
    assert.match(session.page().url(), /account\.html$/);
    await session.navigate(rig.url('login.html'));
    const tabs = session.page().context().pages().length;
    await click('a');
    assert.match(session.page().url(), /account\.html$/);
    assert.equal(session.page().context().pages().length, tabs, 'no tab was opened or waited for');
  });
});
