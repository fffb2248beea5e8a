import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import { createSession, SessionClosedError } from '../../src/index';
import { settledEvents, useEngine } from './harness';

/** A Chromium started the way a grid node starts one: its own process, a DevTools port, no Playwright. */
async function startDebuggableChromium(): Promise<{ process: ChildProcess; cdpUrl: string }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'rehearse-cdp-'));
  const child = spawn(findBrowser().executablePath, [...launchArgs({ headless: true }), '--headless=new', '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const cdpUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not print its DevTools URL within 20 s')), 20_000);
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('ws://', 'http://'));
      }
    });
  });
  return { process: child, cdpUrl };
}

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
      remote.process.kill('SIGKILL');
    }
  });

  it('attaches to a Playwright browser server', async function () {
    this.timeout(60_000);
    const server = await chromium.launchServer({ executablePath: findBrowser().executablePath, headless: true, args: launchArgs({ headless: true }), host: '127.0.0.1' });
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
    const server = await chromium.launchServer({ executablePath: findBrowser().executablePath, headless: true, args: launchArgs({ headless: true }), host: '127.0.0.1' });
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
});
