import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { ProjectKeys } from '../../src/service/auth';
import { RehearseService } from '../../src/service/server';
import { serveFolder } from '../../src/cli/static-site';
import { errorOf, KEY, sleep, useClosedService } from './rig';

/** Sends raw bytes and returns what came back before the server closed the connection (or `limitMs` passed). */
function raw(url: string, bytes: string, limitMs = 5000): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, limitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

/** Issue 11, items 8–12, 14–16, 18, 19: no request crashes the service, hangs it, or gets a 500 or a wrong answer. */
describe('security: hostile and careless requests', function () {
  this.timeout(90_000);
  // A service busy starting eight browsers reads waiting requests before it calls a client slow (busy-service.test.ts);
  // 3 s of header time shows the slow-loris cut in test 16 quickly.
  const rig = useClosedService({ limits: { sessionsPerProject: 8, idleTimeoutMs: 1500, headersTimeoutMs: 3000 }, session: { modelRequestTimeoutMs: 1500 } });

  it('8. malformed request targets are answered with 400, and the service (and the demo site) go on', async () => {
    for (const target of ['http://[/', '/%zz', '/v1/sessions/%E0%A4%A/act', '//evil']) {
      const reply = await raw(rig.url, `POST ${target} HTTP/1.1\r\nHost: ${new URL(rig.url).host}\r\nx-svc-api-key: ${KEY}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`);
      assert.match(reply.text, /^HTTP\/1\.1 400/, `${target}: ${reply.text.slice(0, 80)}`);
    }
    const demo = await serveFolder(process.cwd());
    try {
      const reply = await raw(demo.origin, `GET /%zz HTTP/1.1\r\nHost: x\r\nconnection: close\r\n\r\n`);
      assert.match(reply.text, /^HTTP\/1\.1 400/);
      assert.equal((await fetch(`${demo.origin}/package.json`)).status, 200, 'the site still serves');
    } finally {
      await demo.close();
    }
    assert.equal((await rig.call('/v1/sessions/start', { body: {} })).status, 200, 'the service still serves');
  });

  it('9. a catastrophic regular expression runs in linear time; an invalid one is a 400 naming the field', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/${'a'.repeat(60)}!` } });
    const started = Date.now();
    const slow = await rig.call(`/v1/sessions/${id}/expect`, { body: { expectation: { url: '/^(a|a)*$/' }, options: { timeout: 200 } } });
    assert.equal(slow.status, 200);
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
    const invalid = await errorOf(await rig.call(`/v1/sessions/${id}/expect`, { body: { expectation: { url: '/(unclosed/' } } }));
    assert.equal(invalid.status, 400);
    assert.match(invalid.field ?? '', /expectation/);
    const lookaround = await errorOf(await rig.call(`/v1/sessions/${id}/expect`, { body: { expectation: { title: '/(?=a)/' } } }));
    assert.equal(lookaround.status, 400);
  });

  it('10. a failed navigation is a 422 that says why; after the browser dies every call is a 409, at once', async () => {
    const id = await rig.start();
    // A site that refuses the connection: port 1 of the allowed public site's address, allowed as an origin here.
    const failed = await errorOf(await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.closedPort}/` } }));
    assert.equal(failed.status, 422, JSON.stringify(failed));
    assert.equal(failed.code, 'ServiceNavigationError');
    assert.match(failed.message, /could not be loaded: .*(ECONNREFUSED|ERR_CONNECTION_REFUSED)/);
    const selectorAsUrl = await errorOf(await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: 'frame:css=#payment >>> role=button' } }));
    assert.equal(selectorAsUrl.status, 400);
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/` } });
    // A click that waits on an element that never comes; the browser is killed meanwhile.
    const acting = rig.call(`/v1/sessions/${id}/act`, { body: { input: { selector: '#never', description: 'never', method: 'click', arguments: [] }, options: { timeout: 20_000 } } });
    await sleep(500);
    const sessions = (rig.service as unknown as { sessions: Map<string, { session: { page(): { context(): { browser(): { close(): Promise<void> } | null } } } }> }).sessions;
    const started = Date.now();
    await sessions.get(id)!.session.page().context().browser()!.close();
    const answer = await errorOf(await acting);
    assert.equal(answer.status, 409);
    assert.equal(answer.code, 'SessionClosedError');
    assert.ok(Date.now() - started < 5000, `answered after ${Date.now() - started} ms`);
    const after = await errorOf(await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'x' } }));
    assert.equal(after.status, 409);
  });

  it('11. a timeout beyond what a timer can hold is a 400, not an instant timeout or a hang', async () => {
    const id = await rig.start();
    const refused = await errorOf(await rig.call(`/v1/sessions/${id}/act`, { body: { input: 'click Sign in', options: { timeout: 2 ** 31 } } }));
    assert.equal(refused.status, 400);
    assert.equal(refused.field, 'options.timeout');
    assert.match(refused.message, /at most 2147483647/);
  });

  it('12. a request addressed to another host (absolute-form target) is refused', async () => {
    const reply = await raw(rig.url, `POST http://example.com/v1/sessions/start HTTP/1.1\r\nHost: example.com\r\nx-svc-api-key: ${KEY}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`);
    assert.match(reply.text, /^HTTP\/1\.1 400/);
    assert.doesNotMatch(reply.text, /sessionId/);
  });

  it('14. a session nobody uses is ended after the idle timeout, which sessions/start reports', async () => {
    const response = await rig.call('/v1/sessions/start', { body: {} });
    const { data } = (await response.json()) as { data: { sessionId: string; idleTimeoutMs: number } };
    assert.equal(data.idleTimeoutMs, 1500);
    let status = 200;
    for (let i = 0; i < 40 && status !== 409; i++) {
      await sleep(250);
      if (i < 2) continue;
      status = (await rig.call(`/v1/sessions/${data.sessionId}/replay`, { method: 'GET' })).status;
    }
    assert.equal(status, 409);
    assert.ok(rig.logs.some((line) => line.includes(`session ${data.sessionId}`) && /without a call/.test(line)));
  });

  it('15. the per-project session limit holds under a burst of starts', async () => {
    // Sessions from earlier tests end with the idle timeout; wait until none is left.
    for (let i = 0; i < 40 && rig.service.openSessions > 0; i++) await sleep(250);
    const answers = await Promise.all(Array.from({ length: 20 }, () => rig.call('/v1/sessions/start', { body: {} })));
    const statuses = answers.map((answer) => answer.status);
    const others = await Promise.all(answers.filter((answer) => answer.status !== 200 && answer.status !== 429).map(async (answer) => `${answer.status} ${await answer.text()}`));
    assert.deepEqual(others, [], `every start is a session or a 429, not ${others.join(' | ')}`);
    assert.equal(statuses.filter((status) => status === 200).length, 8, statuses.join(' '));
    assert.equal(statuses.filter((status) => status === 429).length, 12);
    assert.ok(rig.service.openSessions <= 8);
  });

  it('16. slow clients are cut off each at its own limit, 250 trickling headers and 250 stalling bodies, while others are served', async () => {
    const service = new RehearseService({ keys: new ProjectKeys({ [KEY]: 'team' }), limits: { headersTimeoutMs: 2000, requestTimeoutMs: 4000 } });
    const url = await service.listen(0, '127.0.0.1');
    const { port } = new URL(url);
    const sockets: { socket: Socket; closedAt?: number; kind: 'headers' | 'body' }[] = [];
    const opened = Date.now();
    const timers: NodeJS.Timeout[] = [];
    try {
      for (let i = 0; i < 500; i++) {
        const kind = i % 2 ? 'headers' : 'body';
        const socket = connect(Number(port), '127.0.0.1');
        const entry: (typeof sockets)[number] = { socket, kind };
        sockets.push(entry);
        socket.on('error', () => undefined);
        // Read what comes (a 408): a socket nobody reads never reports its close, and would look open for ever.
        socket.resume();
        socket.on('close', () => {
          entry.closedAt = Date.now();
        });
        if (kind === 'body') socket.write(`POST /v1/sessions/start HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-svc-api-key: ${KEY}\r\ncontent-length: 100\r\n\r\n{`);
        else {
          // One byte of a header every 300 ms: never a whole request, always something new.
          const text = `POST /v1/sessions/start HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-svc-api-key: ${KEY}\r\nx-slow: ${'a'.repeat(200)}`;
          let at = 0;
          const trickle = setInterval(() => {
            if (socket.destroyed || at >= text.length) return clearInterval(trickle);
            socket.write(text[at++]!);
          }, 300);
          timers.push(trickle);
        }
      }
      // Meanwhile the service answers a prompt client at once.
      await sleep(500);
      const served = Date.now();
      assert.equal((await fetch(`${url}/v1/sessions/x/replay`, { headers: { 'x-svc-api-key': KEY } })).status, 404);
      assert.ok(Date.now() - served < 2000, `a prompt request waited ${Date.now() - served} ms`);
      for (let i = 0; i < 60 && sockets.some((entry) => entry.closedAt === undefined); i++) await sleep(250);
      const late = (kind: 'headers' | 'body', limit: number) => sockets.filter((entry) => entry.kind === kind && (entry.closedAt === undefined || entry.closedAt - opened > limit));
      // Limits plus a margin for a loaded machine.
      assert.equal(late('headers', 2000 + 3000).length, 0, `trickling clients still open after 5 s: ${late('headers', 5000).length} of 250`);
      assert.equal(late("body", 4000 + 3000).length, 0, `stalled bodies still open after 7 s: ${late("body", 7000).length} of 250 (closed at ${sockets.filter((e) => e.kind === "body").slice(0, 12).map((e) => e.closedAt === undefined ? "open" : e.closedAt - opened).join(" ")} ms)`);
      assert.equal(service.openSessions, 0);
    } finally {
      timers.forEach(clearInterval);
      sockets.forEach((entry) => entry.socket.destroy());
      await service.close();
    }
  });

  it('18. requests for another host name (DNS rebinding) or from a web page (Origin) are refused', async () => {
    const port = new URL(rig.url).port;
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const reply = await raw(rig.url, `POST /v1/sessions/start HTTP/1.1\r\nHost: ${host}\r\nx-svc-api-key: ${KEY}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`);
      assert.match(reply.text, /^HTTP\/1\.1 403/, host);
    }
    const fromPage = await errorOf(await rig.call('/v1/sessions/start', { body: {}, headers: { origin: 'https://evil.example' } }));
    assert.equal(fromPage.status, 403);
    assert.equal(fromPage.code, 'ForbiddenOrigin');
    assert.equal((await rig.call('/v1/sessions/start', { body: {}, headers: { host: `localhost:${port}` } })).status !== 403, true);
  });

  it('19. a key shorter than 16 characters is refused in REHEARSE_SERVICE_KEYS as in a keys file', () => {
    assert.throws(() => ProjectKeys.fromList('team:x'), /at least 16 characters/);
    assert.equal(ProjectKeys.fromList('team:0123456789abcdef').size, 1);
  });
});
