import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { ProjectKeys } from '../../src/service/auth';
import { RehearseService } from '../../src/service/server';
import { KEY, sleep } from './rig';

/** Keeps this process (and the service in it) from doing anything else for `ms`: a busy event loop, on purpose. */
function busyFor(ms: number): void {
  for (const end = Date.now() + ms; Date.now() < end;) {
    // spinning
  }
}

/**
 * A request sent in time is answered, even when the service was too busy to read it before its time limit passed (eight
 * browsers starting on two cores): the bytes that were waiting are read before a client is called slow. It was answered
 * 408, as one CI run's burst of session starts showed.
 */
describe('security: a busy service does not call a prompt client slow', function () {
  this.timeout(30_000);

  for (const connection of ['a new connection', 'a kept-alive connection'] as const) {
    it(`${connection}: a request that arrived while the service was busy past the header limit is answered, not 408`, async () => {
      const service = new RehearseService({ keys: new ProjectKeys({ [KEY]: 'team' }), limits: { headersTimeoutMs: 1000, requestTimeoutMs: 2000 } });
      const url = new URL(await service.listen(0, '127.0.0.1'));
      const socket = connect(Number(url.port), url.hostname);
      socket.on('error', () => undefined);
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      const request = `POST /v1/sessions/start HTTP/1.1\r\nHost: ${url.host}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`;
      try {
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        if (connection === 'a kept-alive connection') {
          socket.write(request);
          for (let i = 0; i < 40 && !text.endsWith('0\r\n\r\n'); i++) await sleep(10);
          assert.match(text, /^HTTP\/1\.1 401/, 'the first answer');
          text = '';
        }
        // The service takes the connection (or the end of the last answer) and starts its clock; then the request comes
        // at once, while the service is busy until after its limit.
        await sleep(100);
        socket.write(request);
        busyFor(1500);
        for (let i = 0; i < 40 && !text; i++) await sleep(50);
        assert.match(text, /^HTTP\/1\.1 401/, `answered, not cut: ${text.split('\r\n')[0]}`);
      } finally {
        socket.destroy();
        await service.close();
      }
    });
  }
});
