import assert from 'node:assert/strict';
import { startRemoteSession } from '../../src/service/client';
import { KEY_A, useService } from './harness';

/** One call at a time per session: a client's next call waits for the one before it to end, as a person expects. */
describe('a call to a session busy with another', function () {
  this.timeout(60_000);
  const rig = useService();

  it('waits for the call before it to end, then runs (the service answered SessionBusy at once)', async () => {
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    try {
      const slow = session.replayFlow({ version: 1, name: 'Slow', steps: [{ wait: { ms: 1500 } }] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const navigated = await session.navigate(`${rig.site.origin}/login.html`);
      assert.equal(navigated.status, 200);
      assert.ok(Date.now() - started >= 800, `it waited for the replay (${Date.now() - started} ms)`);
      assert.equal((await slow).result.status, 'passed');
    } finally {
      await session.end();
    }
  });

  it('a call stopped by its client is still ending on the service: the next one waits for it instead of failing', async () => {
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    try {
      const stop = new AbortController();
      const stopped = session.replayFlow({ version: 1, name: 'Stopped', steps: [{ wait: { ms: 20_000 } }] }, { signal: stop.signal });
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop.abort();
      await assert.rejects(stopped);
      const navigated = await session.navigate(`${rig.site.origin}/login.html`);
      assert.equal(navigated.status, 200);
    } finally {
      await session.end();
    }
  });
});
