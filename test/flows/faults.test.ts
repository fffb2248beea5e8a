import assert from 'node:assert/strict';
import { replayFlow } from '../../src/flows/replay';
import type { Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { hangingApp } from '../support/hanging-app';

/** Issue 43, item 3: faults of the app under test fail their step within its time limit, saying which; never a hang. */
describe('replay when the app misbehaves', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('a page server gone before the replay: the start fails at once, naming the refused address', async () => {
    const app = await hangingApp();
    const origin = app.origin;
    await app.close();
    const flow: Flow = { version: 1, name: 'Gone', startUrl: `${origin}/`, steps: [{ action: { selector: 'text=Next', description: 'Next', method: 'click', arguments: [] } }] };
    const started = Date.now();
    const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 5000 });
    assert.equal(result.status, 'failed');
    const failed = result.steps.find((step) => step.status === 'failed');
    assert.match(failed?.error?.message ?? '', /ERR_CONNECTION_REFUSED|refused/i, JSON.stringify(result.steps));
    assert.ok(Date.now() - started < 5000, `failed in ${Date.now() - started} ms`);
  });

  it('a request that never answers: the step after the click fails within its time limit, saying what it waited for', async () => {
    const app = await hangingApp();
    try {
      const flow: Flow = {
        version: 1, name: 'Hung', startUrl: `${app.origin}/`,
        steps: [{ action: { selector: 'text=Next', description: 'Next', method: 'click', arguments: [] } }, { expect: { text: 'Welcome' } }],
      };
      const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000 });
      assert.equal(result.status, 'failed', JSON.stringify(result.steps));
      // The click's own wait for the page it leads to may be the step that runs out of time on a loaded machine;
      // either way the failing step ends within its limit (and a moment), saying what it waited for.
      const failed = result.steps.find((step) => step.status === 'failed')!;
      assert.ok(failed.ms < 3000 + 2500, `the step ended in its time: ${failed.ms} ms`);
      if (failed.kind === 'expect') {
        assert.match(failed.error?.message ?? '', /expected text "Welcome" is visible, but the page did not answer within \d+ ms \(a page still loading, or a request that never returns\)/);
      } else {
        assert.match(failed.error?.message ?? '', /timed? ?out|navigat|load|answer/i, JSON.stringify(failed));
      }
    } finally {
      await app.close();
    }
  });

  it('a tab that crashes mid-replay: the wait under way fails at once, saying the page crashed, and the rest is skipped', async () => {
    const flow: Flow = {
      version: 1, name: 'Crash', startUrl: rig.url('login.html'),
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['a@b.c'] } },
        { wait: { text: 'never shown' }, timeout: 10_000 },
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['a@b.c'] } },
      ],
    };
    // A session of its own: the hung request of the test before may still end in an error page in the shared one.
    const session = await rig.startSession();
    const page = session.page();
    const crash = (async () => {
      for (let i = 0; i < 100 && !(await page.locator('#email').inputValue().catch(() => '')); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const devtools = await page.context().newCDPSession(page);
      // A crashed page never answers the call that crashed it.
      void devtools.send('Page.crash').catch(() => undefined);
    })();
    const result = await replayFlow(session, flow, { stepTimeoutMs: 10_000 });
    await crash;
    assert.deepEqual(result.steps.map((step) => step.status), ['passed', 'passed', 'failed', 'skipped'], JSON.stringify(result.steps));
    const waited = result.steps[2]!;
    assert.ok(waited.ms < 5000, `failed at once: ${waited.ms} ms`);
    assert.match(waited.error?.message ?? '', /The page crashed \(its renderer process died\) while checking text "never shown" is visible/);
  });

  it('a tab that crashes while a click waits for its element: the click fails at once, saying the page crashed', async () => {
    const flow: Flow = {
      version: 1, name: 'Crash in a click', startUrl: rig.url('login.html'),
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['a@b.c'] } },
        { action: { selector: 'css=#shown-later', description: 'button "Later"', method: 'click', arguments: [] }, timeout: 10_000 },
      ],
    };
    const session = await rig.startSession();
    const page = session.page();
    const crash = (async () => {
      for (let i = 0; i < 100 && !(await page.locator('#email').inputValue().catch(() => '')); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const devtools = await page.context().newCDPSession(page);
      void devtools.send('Page.crash').catch(() => undefined);
    })();
    const result = await replayFlow(session, flow, { stepTimeoutMs: 10_000, heal: false });
    await crash;
    assert.deepEqual(result.steps.map((step) => step.status), ['passed', 'passed', 'failed'], JSON.stringify(result.steps));
    const clicked = result.steps[2]!;
    assert.ok(clicked.ms < 5000, `failed at once: ${clicked.ms} ms`);
    assert.match(clicked.error?.message ?? '', /^The page crashed \(its renderer process died\) while doing click on css=#shown-later; the steps after it cannot run on it\.$/);
  });
});
