import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DirectoryCacheStore } from '../../src/core/cache/action-cache';
import { useEngine } from './harness';

describe('action cache', () => {
  const rig = useEngine();

  it('MISS asks the model; HIT replays the verified action with no model call', async () => {
    await rig.session.navigate(rig.url('table.html?rows=20'));
    const first = await rig.session.act('open the Details for order 7');
    assert.equal(first.cacheStatus, 'MISS');
    assert.equal(rig.models.requests.length, 1);
    await rig.session.navigate(rig.url('table.html?rows=20'));
    const second = await rig.session.act('open the Details for order 7');
    assert.equal(second.cacheStatus, 'HIT');
    assert.equal(rig.models.requests.length, 1, 'no second model call');
    assert.deepEqual(second.actions, first.actions);
    assert.deepEqual(await rig.events(), ['open 7']);
  });

  it('a changed page region is a MISS, and a target that no longer matches is not replayed', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => document.querySelectorAll('button')[1]!.setAttribute('aria-label', 'Reset my password'));
    await rig.session.act('the reset my password control');
    assert.equal(rig.models.requests.length, 1);
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => {
      const button = document.querySelectorAll('button')[1]!;
      button.setAttribute('aria-label', 'Reset my password now');
    });
    const changed = await rig.session.act('the reset my password control');
    assert.equal(changed.cacheStatus, 'MISS');
    assert.equal(rig.models.requests.length, 2);
  });

  it('serverCache: false skips the cache for one call', async () => {
    await rig.session.navigate(rig.url('table.html?rows=20'));
    await rig.session.act('open the Details for order 9');
    await rig.session.navigate(rig.url('table.html?rows=20'));
    const uncached = await rig.session.act('open the Details for order 9', { serverCache: false });
    assert.equal(uncached.cacheStatus, undefined);
    assert.equal(rig.models.requests.length, 2);
  });

  it('a directory store keeps entries across sessions, as readable JSON', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'rehearse-cache-'));
    const first = await rig.startSession({ cache: new DirectoryCacheStore(directory) });
    await first.navigate(rig.url('table.html?rows=20'));
    assert.equal((await first.act('open the Details for order 11')).cacheStatus, 'MISS');
    await first.end();
    const [file] = await readdir(directory);
    const stored = JSON.parse(await readFile(path.join(directory, file!), 'utf8')) as { instruction: string; steps: { fingerprint: { role: string; name: string } }[] };
    assert.equal(stored.instruction, 'open the Details for order 11');
    // The row and the section it sits in are part of what the link is: a "Details" link of another order is not this one.
    assert.deepEqual(stored.steps[0]!.fingerprint, { role: 'link', name: 'Details', anchor: { role: 'row', name: 'Order 11 Dana $77.00 Edit Details' }, section: 'Orders' });
    const second = await rig.startSession({ cache: new DirectoryCacheStore(directory) });
    await second.navigate(rig.url('table.html?rows=20'));
    assert.equal((await second.act('open the Details for order 11')).cacheStatus, 'HIT');
    assert.equal(rig.models.requests.length, 1);
  });
});
