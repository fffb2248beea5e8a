import assert from 'node:assert/strict';
import { CallQueue } from '../../src/extension/call-queue';

/** The extension's one-call-at-a-time rule for the browser, without VS Code. */
describe('the editor\'s call queue', () => {
  const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it('runs calls one at a time, in the order they came', async () => {
    const queue = new CallQueue();
    const seen: string[] = [];
    const call = (name: string, ms: number) => queue.run(async () => {
      seen.push(`${name} starts`);
      await later(undefined, ms);
      seen.push(`${name} ends`);
      return name;
    });
    assert.deepEqual(await Promise.all([call('observe', 40), call('hover', 5), call('act', 10)]), ['observe', 'hover', 'act']);
    assert.deepEqual(seen, ['observe starts', 'observe ends', 'hover starts', 'hover ends', 'act starts', 'act ends']);
  });

  it('refuses a call at once while a long one runs, saying what runs; after it, calls run again', async () => {
    const queue = new CallQueue();
    const agent = queue.run(() => later('agent done', 60), 'an agent run');
    await later(undefined, 5);
    const started = Date.now();
    await assert.rejects(queue.run(() => later('click', 1)), (error: Error) => {
      assert.equal(error.name, 'BrowserBusyError');
      assert.equal(error.message, 'The browser is busy: an agent run is running. Wait for it to end, or stop it (Rehearse: Stop).');
      return true;
    });
    assert.ok(Date.now() - started < 30, 'refused without waiting');
    assert.equal(queue.longCall, 'an agent run');
    assert.equal(await agent, 'agent done');
    assert.equal(queue.longCall, undefined);
    assert.equal(await queue.run(() => later('click', 1)), 'click');
  });

  it('a call that fails does not stop the ones after it', async () => {
    const queue = new CallQueue();
    const failing = queue.run(() => Promise.reject(new Error('the page went away')));
    const next = queue.run(() => later('next', 1));
    await assert.rejects(failing, /the page went away/);
    assert.equal(await next, 'next');
  });
});
