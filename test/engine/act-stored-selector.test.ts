import assert from 'node:assert/strict';
import { ServiceClickError, ServiceError } from '../../src/core/errors';
import { recordPhases } from '../../src/core/phases';
import type { Action } from '../../src/schema';
import { useEngine } from './harness';

/**
 * A stored `css=` selector (a flow's step, an Action saved earlier) that finds one element now is acted on the way an
 * observed pick is: the page finds it and checks it in one call each, then the mouse acts. Whatever is not plain (none
 * found yet, several, Playwright's own syntax, an element not ready) goes through Playwright's locator, and what a
 * person sees (what is clicked, the errors) is the same either way.
 */
describe('act on a stored css= selector', () => {
  const rig = useEngine();

  const click = (selector: string): Action => ({ selector, description: selector, method: 'click', arguments: [] });

  async function actTimed(action: Action, timeout?: number) {
    const { result, times } = await recordPhases(() => rig.session.act(action, timeout ? { timeout } : {}));
    return { result, direct: times.has('find the stored selector') && times.has('aim at the observed node') && !times.has('reveal on hover') };
  }

  it('clicks the element it finds alone once, by the page\'s own search, in the page and in an open shadow root', async () => {
    await rig.session.navigate(rig.url('login.html'));
    assert.equal((await actTimed(click('css=#remember'))).direct, true);
    assert.equal((await actTimed(click('css=form > button[type="button"]'))).direct, true);
    await rig.session.page().evaluate(() => {
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).innerHTML = '<button id="inside">Inside</button>';
      host.shadowRoot!.querySelector('button')!.onclick = () => (window as unknown as { record(text: string): void }).record('inside clicked');
      document.body.appendChild(host);
    });
    assert.equal((await actTimed(click('css=#inside'))).direct, true, 'found in an open shadow root');
    assert.deepEqual(await rig.events(), ['remember true', 'forgot clicked', 'inside clicked']);
  });

  it('leaves to Playwright what is not plain: its own syntax, an element that appears later, one in the page and one in a shadow root', async () => {
    await rig.session.navigate(rig.url('login.html'));
    assert.equal((await actTimed(click('css=button:has-text("Forgot")'))).direct, false);
    await rig.session.page().evaluate(() => setTimeout(() => {
      const late = document.createElement('button');
      late.id = 'late';
      late.textContent = 'Late';
      late.onclick = () => (window as unknown as { record(text: string): void }).record('late clicked');
      document.body.appendChild(late);
    }, 300));
    assert.equal((await actTimed(click('css=#late'))).direct, false, 'not there yet: Playwright waits for it');
    // A second match inside a shadow root: ambiguous for Playwright's css engine, so for this path too.
    await rig.session.page().evaluate(() => {
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).innerHTML = '<input id="remember" type="checkbox">';
      document.body.appendChild(host);
    });
    await assert.rejects(rig.session.act(click('css=#remember'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /2 elements/.test(error.message));
    assert.deepEqual(await rig.events(), ['forgot clicked', 'late clicked']);
  });

  it('an element not ready (covered, disabled) is left to Playwright, which says why; nothing is clicked', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.style.cssText = 'position:fixed;inset:0';
      document.body.appendChild(cover);
    });
    await assert.rejects(rig.session.act(click('css=#remember'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceClickError && /intercepts pointer events/.test(error.message));
    await rig.session.page().evaluate(() => {
      document.getElementById('cover')!.remove();
      (document.getElementById('remember') as HTMLInputElement).disabled = true;
    });
    await assert.rejects(rig.session.act(click('css=#remember'), { timeout: 1500 }), (error: unknown) => error instanceof ServiceError && /not enabled|disabled/.test(error.message));
    assert.deepEqual(await rig.events(), []);
  });
});
