import assert from 'node:assert/strict';
import { ServiceClickError } from '../../src/core/errors';
import { recordPhases } from '../../src/core/phases';
import type { Action } from '../../src/schema';
import { useEngine } from './harness';

/**
 * SPEC: an observe result passes unchanged to act. While the page is as observe saw it, the act goes straight to the
 * element observe found (its node id) with Playwright's checks done in the page at once; anything unusual is left to
 * Playwright, so what a person sees (what is clicked, the errors) is the same either way.
 */
describe('act on what observe just returned', () => {
  const rig = useEngine();

  async function observed(instruction: string, method?: string): Promise<Action> {
    const [pick] = (await rig.session.observe(instruction)).result;
    assert.ok(pick, `observe found something for "${instruction}"`);
    return { ...pick, method: method ?? pick.method ?? 'click', arguments: pick.arguments ?? [] };
  }

  /** The profile the benchmark reads tells which way the act went: by node id, by its selector, or by Playwright's selector engine. */
  async function actTimed(action: Action, timeout?: number) {
    const { result, times } = await recordPhases(() => rig.session.act(action, timeout ? { timeout } : {}));
    const bySelector = times.has('find the stored selector');
    return { result, byNode: times.has('aim at the observed node') && !bySelector && !times.has('reveal on hover'), bySelector };
  }

  /** A transparent cover over the whole page, which logs a click on it; now, or at the first move of the pointer. */
  async function coverThePage(when: 'now' | 'when the pointer arrives'): Promise<void> {
    await rig.session.page().evaluate((atPointer) => {
      const cover = () => {
        if (document.getElementById('cover')) return;
        const element = document.createElement('div');
        element.id = 'cover';
        element.style.cssText = 'position:fixed;inset:0';
        element.addEventListener('click', () => (window as unknown as { record(text: string): void }).record('cover clicked'));
        document.body.appendChild(element);
      };
      if (atPointer) document.addEventListener('mousemove', cover);
      else cover();
    }, when === 'when the pointer arrives');
  }

  it('clicks the element once, in frames of the page\'s origin and of another, a closed shadow root and among 4,000 controls, without a selector engine', async () => {
    const cases: [string, string, string[]][] = [
      ['login.html', 'click the Forgot password? button', ['forgot clicked']],
      ['frames.html?cross=CROSS', 'click Save shipping', ['frame: shipping saved ']],
      ['frames.html?cross=CROSS', 'click Pay now', ['frame: paid']],
      ['shadow.html', 'click Closed subscribe', ['Closed subscribed ']],
      ['table.html', 'click the Edit button in the row for order 1500', ['edit 1500']],
    ];
    for (const [fixture, instruction, then] of cases) {
      await rig.session.navigate(rig.url(fixture));
      const { result, byNode } = await actTimed(await observed(instruction));
      assert.equal(result.success, true);
      // What was done, as a result (and a saved step) tells it: the node id held only for that page.
      assert.deepEqual(Object.keys(result.actions![0]!).sort(), ['arguments', 'description', 'method', 'selector']);
      assert.deepEqual(await rig.events(), then, fixture);
      assert.ok(byNode, `${fixture}: the act went to the observed element by its node id`);
    }
  });

  it('double-clicks and hovers; once the page has changed since, the selector finds the element again', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const forgot = await observed('click the Forgot password? button', 'doubleClick');
    assert.equal((await actTimed(forgot)).byNode, true);
    assert.deepEqual(await rig.events(), ['forgot clicked', 'forgot clicked']);
    // The page logged the clicks (its DOM changed): the same action now goes by its selector, and still works.
    const again = await actTimed({ ...forgot, method: 'click' });
    assert.deepEqual([again.byNode, again.bySelector], [false, true]);
    assert.deepEqual(await rig.events(), ['forgot clicked', 'forgot clicked', 'forgot clicked']);
    const hover = await observed('click the Sign in button', 'hover');
    assert.equal((await actTimed(hover)).byNode, true);
    assert.equal(await rig.session.page().evaluate(() => document.querySelector('button:hover')?.textContent), 'Sign in');
  });

  it('a link to another page: the act returns once that page has begun, as Playwright\'s click does', async () => {
    await rig.session.navigate(rig.url('login.html'));
    // A slow server: the next page begins well after the click.
    await rig.session.page().route('**/account.html', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    try {
      const { byNode } = await actTimed(await observed('click the Create an account link'));
      assert.equal(byNode, true);
      assert.equal(new URL(rig.session.page().url()).pathname, '/account.html');
      assert.match((await rig.session.observe('click Sign out')).result[0]!.description, /Sign out/);
    } finally {
      await rig.session.page().unrouteAll();
    }
  });

  it('a press that would land on something else is stopped: nothing is clicked, and the error says what is in the way', async () => {
    await rig.session.navigate(rig.url('login.html'));
    // The moment the pointer arrives, the page puts a cover over everything (no change before: observe cannot know).
    await coverThePage('when the pointer arrives');
    const forgot = await observed('click the Forgot password? button');
    await assert.rejects(rig.session.act(forgot, { timeout: 2000 }), (error: unknown) => error instanceof ServiceClickError && /<div id="cover"><\/div> intercepts pointer events/.test(error.message));
    assert.deepEqual(await rig.events(), []);
  });

  it('a frame covered on the page is not pressed through: the error says what is in the way', async () => {
    await rig.session.navigate(rig.url('frames.html?cross=CROSS'));
    await coverThePage('now');
    const pay = await observed('click Pay now');
    await assert.rejects(rig.session.act(pay, { timeout: 2000 }), (error: unknown) => error instanceof ServiceClickError && /<div id="cover"><\/div> .*intercepts pointer events/.test(error.message));
    assert.deepEqual(await rig.events(), []);
  });

  it('a disabled button is not pressed, and the error says it is not enabled', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="sign-in"]')!.toggleAttribute('disabled', true));
    const signIn = await observed('click the Sign in button');
    await assert.rejects(rig.session.act(signIn, { timeout: 2000 }), (error: unknown) => error instanceof ServiceClickError && /element is not enabled/.test(error.message));
    assert.deepEqual(await rig.events(), []);
  });
});
