import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { launchTestBrowserServer } from '../support/chromium';
import { saveFlow } from '../../src/flows/format';
import { replayFlow } from '../../src/flows/replay';
import { startRemoteSession } from '../../src/service/client';
import { ServiceElementNotFoundError, SessionClosedError } from '../../src/core/errors';
import { KEY_A, useService } from './harness';
import { API, type RequestOf, type RouteName } from '../../src/schema';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');
/** How long the route fuzz sends bodies (seconds); REHEARSE_FUZZ_SECONDS=300 for a long hunt. Raw targets get a quarter. */
const FUZZ_MS = Number(process.env.REHEARSE_FUZZ_SECONDS ?? 12) * 1000;

/** Sends raw bytes and resolves with what came back once the server closes the connection. */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

describe('HTTP service robustness', function () {
  this.timeout(120_000 + 2 * FUZZ_MS);
  const rig = useService();

  it('random, mutated and hostile bodies on every route, for 12 s by default (hundreds of requests or more), never get a 5xx or crash the service', async () => {
    const id = await rig.start();
    // Every route of the contract, each with a valid body its type checks: a route added to the contract is fuzzed too.
    const valid: { [N in RouteName]: RequestOf<N> } = {
      highlight: { selector: '#a' },
      pickSteps: { actionId: 'x', indexes: [0] },
      replayFlow: { flow: { version: 1, name: 'f', steps: [{ expect: { text: 'x' }, timeout: 1 }] }, stepTimeoutMs: 1 },
      agentFlow: { name: 'f', actions: [{ status: 'done', performed: { action: { selector: '#a', description: 'a', method: 'click', arguments: [] } } }] },
      screenshot: {},
      record: {},
      recordMode: { mode: 'text' },
      ariaRegion: { selector: '#a' },
      pickLocator: {},
      screencast: { streamResponse: true, maxWidth: 320 },
      input: { events: [{ type: 'mouseMove', x: 1, y: 1 }, { type: 'keyDown', key: 'a' }, { type: 'keyUp', key: 'a' }, { type: 'wheel', x: 1, y: 1, deltaX: 0, deltaY: 10 }] },
      observe: { instruction: 'x', options: { timeout: 1000, selector: '#a', ignoreSelectors: ['b'] } },
      act: { input: { selector: '#a', description: 'a', method: 'click', arguments: [] }, options: { timeout: 1 } },
      extract: { instruction: 'x', schema: { type: 'object' } },
      navigate: { url: 'about:blank' },
      expect: { expectation: { text: 'x' }, options: { timeout: 1 } },
      agentExecute: { executeOptions: { instruction: 'x', maxSteps: 0 } },
    };
    // Values of every kind, hostile ones among them, and valid bodies with one field swapped for one of them.
    const hostile = fc.constantFrom<unknown>('file:///etc/passwd', 'javascript:alert(1)', 'chrome://version', 'http://169.254.169.254/', '/^(a|a)*$/', '/(/', 'frame:css=#x >>> y', 2 ** 31, -1, 1e308, '%zz', '\u2028', 'x'.repeat(5000));
    const anything = fc.oneof(fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }), hostile);
    const routes = Object.keys(API) as RouteName[];
    const mutated = fc.tuple(fc.constantFrom(...routes), fc.string({ maxLength: 12 }), anything).map(([route, key, value]) => ({ route, body: { ...valid[route], [key || 'instruction']: value } }));
    const random = fc.tuple(fc.constantFrom(...routes, 'start'), anything).map(([route, body]) => ({ route, body }));
    const statuses = new Map<number, number>();
    await fc.assert(fc.asyncProperty(fc.oneof(mutated, random), async ({ route, body }) => {
      const target = route === 'start' ? '/v1/sessions/start' : `/v1/sessions/${id}/${route}`;
      let text: string;
      try {
        text = JSON.stringify(body) ?? 'null';
      } catch {
        text = '{"unserializable":true}';
      }
      if (route === 'start') text = '{"browser":' + text.slice(0, 200) + '}';
      // A recording and a pick run until their client goes away: this client goes away after 100 ms.
      const response = await rig.call(target, { body: text, ...(route === 'record' || route === 'pickLocator' || route === 'screencast' ? { signal: AbortSignal.timeout(100) } : {}) }).catch(() => undefined);
      if (!response) return true;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // A stream this client left after 100 ms ends unread: that is its own doing, not the service's.
      const answer = await response.text().catch(() => '');
      if (route === 'start' && response.status === 200) {
        const started = JSON.parse(answer) as { data: { sessionId: string } };
        await rig.call(`/v1/sessions/${started.data.sessionId}/end`, { body: {} });
      }
      return response.status < 500;
    }), { numRuns: 1_000_000, interruptAfterTimeLimit: FUZZ_MS });
    // Request targets of every shape, sent as raw bytes (a fetch would normalise them).
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('http://[/', '/%zz', '//x', '*', 'http://example.com/v1/sessions/start', `/v1/sessions/${id}/%E0%A4%A`)), async (target) => {
      const reply = await rawRequest(rig.url, `POST ${target.replace(/[\r\n ]/g, '') || '/'} HTTP/1.1\r\nHost: ${new URL(rig.url).host}\r\nx-svc-api-key: ${KEY_A}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`);
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(reply)?.[1] ?? 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      return status >= 200 && status < 500;
    }), { numRuns: 1_000_000, interruptAfterTimeLimit: FUZZ_MS / 4 });
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    console.log(`      fuzz: ${total} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    assert.ok(total >= 300, `the fuzz is bounded by time, and still sends some hundreds of requests: ${total}`);
    for (const raw of ['', '{', '[]', 'null', '"text"', '1e999', '{"__proto__":{"polluted":true}}', '\u0000']) {
      const response = await rig.call(`/v1/sessions/${id}/observe`, { body: raw });
      assert.ok(response.status < 500, `${JSON.stringify(raw)} → ${response.status}`);
    }
    assert.ok(statuses.has(400), `some bodies were refused: ${JSON.stringify([...statuses])}`);
    assert.ok(!rig.logs.some((line) => /InternalError|TypeError/.test(line)), rig.logs.join('\n'));
    assert.equal(({} as { polluted?: boolean }).polluted, undefined);
  });

  it('a browser killed mid-session gives a clear error; the service goes on serving', async () => {
    const server = await launchTestBrowserServer();
    rig.browserUrls.push(new URL(server.wsEndpoint()).origin);
    const start = await rig.call('/v1/sessions/start', { body: { browser: { wsEndpoint: server.wsEndpoint() } } });
    const { data } = (await start.json()) as { data: { sessionId: string } };
    await rig.call(`/v1/sessions/${data.sessionId}/navigate`, { body: { url: `${rig.site.origin}/login.html` } });
    process.kill(server.process().pid!, 'SIGKILL');
    let response: Response | undefined;
    const deadline = Date.now() + 10_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      response = await rig.call(`/v1/sessions/${data.sessionId}/act`, { body: { input: 'click Forgot password?' } });
    } while (response.status !== 409 && Date.now() < deadline);
    assert.equal(response.status, 409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'SessionClosedError');
    assert.match(body.error.message, /went away \(it crashed or was closed\)/);
    const fresh = await rig.start();
    assert.equal((await rig.call(`/v1/sessions/${fresh}/navigate`, { body: { url: `${rig.site.origin}/login.html` } })).status, 200);
  });

  it('the typed client is a Session: a flow replays on a remote browser, and server errors come back as the same classes', async () => {
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    const result = await replayFlow(session, {
      version: 1, name: 'Remote', startUrl: `${rig.site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#gone', description: 'Forgot password', method: 'click', arguments: [] }, fallbacks: ['role=button[name="Forgot password?"]'], target: { role: 'button', name: 'Forgot password?' } },
        { expect: { text: 'forgot clicked' } },
      ],
    }, { heal: false });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps));
    assert.deepEqual(result.steps[1]!.healed, { from: 'css=#gone', to: 'role=button[name="Forgot password?"]', by: 'fallback' });
    await assert.rejects(session.act({ selector: 'css=#nothing', description: 'x', method: 'click', arguments: [] }, { timeout: 300 }), ServiceElementNotFoundError);
    const progress: string[] = [];
    await session.observe('click the sign in button', { onProgress: (event) => progress.push(event.message) });
    assert.ok(progress.some((message) => /^snapshot: \d+ elements/.test(message)));
    await session.end();
    await assert.rejects(session.navigate(`${rig.site.origin}/login.html`), (error: unknown) => error instanceof SessionClosedError && /has ended/.test((error as Error).message));
  });

  it('rehearse serve: prints its URL and a one-time key on loopback, refuses other hosts without keys, stops cleanly on SIGTERM', async () => {
    const refused = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, 'serve', '--host', '0.0.0.0', '--port', '0'], { timeout: 20_000 }, (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }));
    });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--host 0\.0\.0\.0 is not a loopback address: give --keys <file>/);
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REHEARSE_SERVICE_KEYS: '' } });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const ready = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${stdout}${stderr}`)), 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const url = /Rehearse service on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(stdout)?.[1];
        const key = /key \(x-svc-api-key\): (\S+)/.exec(stdout)?.[1];
        if (url && key) {
          clearTimeout(timer);
          resolve({ url, key });
        }
      });
    });
    const start = await fetch(`${ready.url}/v1/sessions/start`, { method: 'POST', headers: { 'x-svc-api-key': ready.key }, body: '{}' });
    assert.equal(start.status, 200);
    assert.equal((await fetch(`${ready.url}/v1/sessions/start`, { method: 'POST', body: '{}' })).status, 401);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.match(stderr, /stopping: ending sessions and closing browsers/);
  });
});

describe('rehearse replay --service', function () {
  this.timeout(120_000);
  const rig = useService();

  it('replays a flow file on a remote service, with the same progress and exit code', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-remote-'));
    const file = path.join(dir, 'remote.flow.json');
    await saveFlow(file, { version: 1, name: 'Remote replay', startUrl: `${rig.site.origin}/login.html`, steps: [{ action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password', method: 'click', arguments: [] } }, { expect: { text: 'forgot clicked' } }] });
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, 'replay', file, '--service', `${rig.url}/v1`], { timeout: 60_000, env: { ...process.env, REHEARSE_SERVICE_KEY: KEY_A, NO_COLOR: '1' } }, (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }));
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /✓ 2\. expect text "forgot clicked"/);
    assert.equal(rig.service.openSessions, 0, 'the remote session was ended');
  });
});
