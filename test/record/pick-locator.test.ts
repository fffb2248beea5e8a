import assert from 'node:assert/strict';
import { locatorFor } from '../../src/core/act/locate';
import { pickElement } from '../../src/flows/pick-locator';
import { settledEvents, useEngine } from '../engine/harness';

/** Pick Locator: a person clicks an element in the browser, and gets the selectors a recorded step would have. */
describe('picking an element in the browser', function () {
  this.timeout(60_000);
  const rig = useEngine();

  /** Polled (bounded): the picker listens in every frame of the page. */
  async function pickerInEveryFrame(): Promise<void> {
    const installed = () => Promise.all(rig.session.page().frames().map((frame) => frame.evaluate(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.picker.'))).catch(() => false)));
    for (let attempt = 0; attempt < 50 && !(await installed()).every(Boolean); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async function pickBy(click: () => Promise<void>) {
    const controller = new AbortController();
    const picking = pickElement(rig.session, controller.signal);
    await pickerInEveryFrame();
    await click();
    try {
      return await picking;
    } finally {
      controller.abort();
    }
  }

  it('names the clicked element (selector, fallbacks, role and name) and the click does nothing on the page', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const page = rig.session.page();
    const picked = await pickBy(() => page.getByRole('button', { name: 'Forgot password?' }).click());
    assert.deepEqual(picked.target, { role: 'button', name: 'Forgot password?' });
    assert.equal(picked.selector, 'role=button[name="Forgot password?"]');
    for (const selector of [picked.selector, ...picked.fallbacks]) assert.equal(await locatorFor(page, selector).count(), 1, selector);
    assert.deepEqual(await settledEvents(rig.session), [], 'the page did not see the click');
    // Afterwards the page is as it was: no outline, no mark, and clicks work again.
    assert.equal(await page.locator('[data-rehearse-picked]').count(), 0);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    assert.deepEqual(await settledEvents(rig.session), ['forgot clicked']);
  });

  it('reaches into a cross-origin frame and a closed shadow root, as the recorder does', async () => {
    await rig.session.navigate(rig.url('frames.html?cross=CROSS'));
    const page = rig.session.page();
    const inFrame = await pickBy(() => page.frameLocator('#payment').getByRole('button', { name: 'Pay now' }).click());
    assert.deepEqual(inFrame.target, { role: 'button', name: 'Pay now' });
    assert.match(inFrame.selector, /^frame:/);
    assert.equal(await locatorFor(page, inFrame.selector).count(), 1);

    await rig.session.navigate(rig.url('shadow.html'));
    const closed = await pickBy(async () => {
      const box = await locatorFor(page, 'shadow:css=vault-box >>> > button:nth-of-type(1)').boundingBox();
      await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    });
    assert.equal(closed.target.name, 'Closed subscribe');
    assert.equal(await locatorFor(page, closed.selector).count(), 1);
  });

  it('stopping before a click ends the pick with nothing picked and leaves the page working', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const controller = new AbortController();
    const picking = pickElement(rig.session, controller.signal);
    await pickerInEveryFrame();
    controller.abort();
    await assert.rejects(picking);
    await rig.session.page().getByRole('button', { name: 'Forgot password?' }).click();
    assert.deepEqual(await settledEvents(rig.session), ['forgot clicked']);
  });
});
