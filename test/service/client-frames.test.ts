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
      await assert.rejects(session.replayFlow({ version: 1, name: 'x', steps: [] }), /The service sent the replayFlow result of another shape: status: expected \("passed" \| "failed"\), received "green"/);
    } finally {
      server.close();
    }
  });

  it('every answer is checked by its route\'s contract: a result, its extra fields and a progress event of another shape are errors naming the route', async () => {
    const cases: [string, (session: Awaited<ReturnType<typeof startRemoteSession>>) => Promise<unknown>, RegExp][] = [
      ['{"status":"finished","result":{"message":"done"}}', (session) => session.act('x'), /sent the act result of another shape: .*success/],
      ['{"status":"finished","result":{"url":"http://x/"}}', (session) => session.navigate('http://x/'), /sent the navigate result of another shape: .*status/],
      ['{"status":"finished","result":[{"selector":"css=a","description":"a","method":"click","arguments":[],"extra":1}]}', (session) => session.observe('x'), /sent the observe result of another shape/],
      ['{"status":"finished","result":{"selector":"css=a","fallbacks":[]}}', (session) => session.pickLocator(), /sent the pickLocator result of another shape: .*target/],
      ['{"status":"finished","result":{"name":"x","status":"passed","ms":1,"steps":[]},"healedFlow":{"name":"x"}}', (session) => session.replayFlow({ version: 1, name: 'x', steps: [] }), /sent the replayFlow result of another shape: .*version/],
    ];
    for (const [data, call, expected] of cases) {
      const { url, server } = await serviceSending(`data: {"type":"system","data":${data}}\n\n`);
      try {
        await assert.rejects(call(await startRemoteSession({ url, apiKey: 'k' })), (error: Error) => {
          assert.equal(error.name, 'ServiceError');
          assert.match(error.message, expected);
          return true;
        });
      } finally {
        server.close();
      }
    }
    const { url, server } = await serviceSending('data: {"type":"log","data":{"status":"running","message":{"message":"step","step":{"index":"one"}}}}\n\n');
    try {
      const session = await startRemoteSession({ url, apiKey: 'k' });
      await assert.rejects(session.replayFlow({ version: 1, name: 'x', steps: [] }, { onStep: () => undefined }), /sent a replayFlow progress event of another shape/);
    } finally {
      server.close();
    }
  });

  it('a start answer without a session id is an error, not a session called undefined', async () => {
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { available: true } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await assert.rejects(startRemoteSession({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' }), /sent a session start answer of another shape: .*sessionId/);
    } finally {
      server.close();
    }
  });
});
