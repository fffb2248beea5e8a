import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorOf, useClosedService } from './rig';

const MiB = 1024 * 1024;

/** A model endpoint that answers every request with a JSON reply of `totalBytes`, streamed, and counts what it got out. */
async function endlessModel(totalBytes: number): Promise<{ url: string; sent: () => number; close(): Promise<void> }> {
  let sent = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    const more = () => {
      while (written < totalBytes) {
        written += chunk.length;
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end('{}');
    };
    response.on('close', () => {
      written = totalBytes;
    });
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    sent: () => sent,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Issue 28, items 1 and 2: what a model endpoint answers, and how long it takes, is bounded. */
describe('security: model replies are bounded in size and time', function () {
  this.timeout(60_000);
  let model: Awaited<ReturnType<typeof endlessModel>>;
  before(async () => {
    model = await endlessModel(50 * MiB);
  });
  after(() => model.close());
  const rig = useClosedService({
    session: { modelRequestTimeoutMs: 1500, modelReplyLimitBytes: 1 * MiB },
    access: { network: { allowPrivate: true, allowOrigins: [] } },
  });

  it('1. a 50 MB reply is read up to the limit, then the call fails with LLMResponseError and the connection is dropped', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/` } });
    const before = process.memoryUsage().rss;
    const failed = await errorOf(await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'the sign in button', options: { model: { modelName: 'openai/x', baseURL: model.url, apiKey: 'k-000000' } } } }));
    assert.equal(failed.status, 422);
    assert.equal(failed.code, 'LLMResponseError');
    assert.match(failed.message, /larger than 1 MiB, the most this service reads of one reply/);
    // No repair turn: the oversized reply ends the call. What left the endpoint is the limit and socket buffers, not 50 MB.
    assert.ok(model.sent() < 12 * MiB, `the endpoint wrote ${(model.sent() / MiB).toFixed(1)} MiB before the service hung up`);
    assert.ok(process.memoryUsage().rss - before < 64 * MiB, `RSS grew by ${((process.memoryUsage().rss - before) / MiB).toFixed(0)} MiB`);
  });

  it('2. a hung model fails the call at one deadline, retries included: one request, then the error', async () => {
    rig.models.reset();
    rig.models.answerWith(() => ({ json: { elements: [] }, delayMs: 60_000 }));
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/` } });
    const started = Date.now();
    const hung = await errorOf(await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'x', options: { model: { modelName: 'openai/x', baseURL: rig.models.url('/v1'), apiKey: 'k-000000' } } } }));
    assert.equal(hung.status, 422);
    assert.equal(hung.code, 'LLMResponseError');
    assert.match(hung.message, /did not answer within 1\.5 s \(retries included\)/);
    assert.equal(rig.models.requests.length, 1, 'the deadline ended the call; no retry was sent after it');
    assert.ok(Date.now() - started < 8000, `answered after ${Date.now() - started} ms`);
    rig.models.reset();
  });
});
