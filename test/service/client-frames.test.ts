import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRemoteSession } from '../../src/service/client';

/** A service that answers observe with the stream given: what the client makes of frames it cannot trust. */
async function serviceSending(frames: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    if (request.url === '/v1/sessions/start') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { sessionId: 's1', available: true } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' }).end(frames);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the service client reading a stream', () => {
  it('a frame that is not JSON, or not a frame, is an error that says so, not a crash or a wrong result', async () => {
    for (const [frames, expected] of [
      ['data: {not json\n\n', /observe stream sent a frame that is not JSON: \{not json/],
      ['data: {"type":"system","data":{"result":[1]}}\n\n', /observe stream sent a frame of another shape \(.*status.*\)/],
      ['data: {"type":"system","data":{"status":"starting"}}\n\n', /closed the observe stream without a result/],
    ] as const) {
      const { url, server } = await serviceSending(frames);
      try {
        const session = await startRemoteSession({ url, apiKey: 'k' });
        await assert.rejects(session.observe('x'), (error: Error) => {
          assert.equal(error.name, 'ServiceError');
          assert.match(error.message, expected);
          return true;
        });
      } finally {
        server.close();
      }
    }
  });

  it('a replay whose result is not a flow result is an error, not a result the editor would show', async () => {
    const { url, server } = await serviceSending('data: {"type":"system","data":{"status":"finished","result":{"name":"x","status":"green","ms":1,"steps":[]}}}\n\n');
    try {
      const session = await startRemoteSession({ url, apiKey: 'k' });
      await assert.rejects(session.replayFlow({ version: 1, name: 'x', steps: [] }), /The service sent the replay's result of another shape: .*Expected \("passed" \| "failed"\) but received "green"/);
    } finally {
      server.close();
    }
  });
});
