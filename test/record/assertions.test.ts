import assert from 'node:assert/strict';
import { locatorFor } from '../../src/core/act/locate';
import path from 'node:path';
import { serveFolder } from '../../src/cli/static-site';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { describeStep, type FlowStep } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { clickToolbar, toolbarButton } from '../support/recorder-toolbar';

/**
 * Assertions while recording, as Playwright's recorder makes them: the toolbar in the page switches what a click does,
 * and a click in an assert mode writes an expect step there in the flow, about the element clicked, without the page
 * hearing the click. Real input throughout (mouse and keyboard through the browser).
 */
describe('recording: assertions from the toolbar', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const settle = () => rig.session.page().waitForTimeout(250);

  it('each assert mode writes its expect step where it is made; the page does not hear those clicks; the flow replays', async () => {
    await rig.session.navigate(rig.url('cart.html'));
    const page = rig.session.page();
    const picked: string[] = [];
    const recorder = await Recorder.start(rig.session, () => undefined, { onPicked: (selector) => picked.push(selector) });
    await page.getByLabel('Gift wrap').click();
    await settle();
    await clickToolbar(page, 'Assert value');
    await page.getByLabel('Gift wrap').click();
    await settle();
    await clickToolbar(page, 'Assert text');
    await page.locator('#total').click();
    await settle();
    // In an assert mode the page hears nothing: this click asserts the button, it removes nothing.
    await clickToolbar(page, 'Assert visible');
    await page.getByRole('button', { name: 'Remove Apples' }).click();
    await settle();
    await page.getByRole('button', { name: 'Remove Pears' }).click();
    await settle();
    await clickToolbar(page, 'Assert snapshot');
    const list = (await page.getByRole('list', { name: 'Items' }).boundingBox())!;
    await page.mouse.click(list.x + 8, list.y + 4);
    await settle();
    await page.getByLabel('Postcode').click();
    await page.keyboard.type('N1 9GU');
    // Typing, then straight to the toolbar: the fill is written before the assertion, and the field keeps the focus.
    await clickToolbar(page, 'Assert value');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'postcode');
    await page.getByLabel('Postcode').click();
    await settle();
    await clickToolbar(page, 'Pick locator');
    await page.getByRole('heading', { name: 'Your cart' }).click();
    await settle();
    const steps = (await recorder.stop()).map(({ step }) => step);
    assert.deepEqual(recorder.problems, []);
    assert.deepEqual(steps.map((step) => describeStep(step).description), [
      'check checkbox "Gift wrap"',
      'expect css=#gift checked',
      'expect css=#total has text "2 items"',
      'expect role=button[name="Remove Apples"i] visible',
      'click button "Remove Pears" in listitem "Pears, 2 Remove Pears"',
      'expect role=list[name="Items"i] matches an ARIA snapshot (4 lines)',
      'fill textbox "Postcode"',
      'expect css=#postcode = "N1 9GU"',
    ], JSON.stringify(steps, null, 1));
    const snapshot = steps.find((step): step is Extract<FlowStep, { expect: unknown }> => 'expect' in step && 'aria' in step.expect);
    assert.deepEqual(snapshot?.expect, { selector: 'role=list[name="Items"i]', aria: '- list "Items":\n  - listitem:\n    - text: Apples, 3\n    - button "Remove Apples"' });
    assert.equal(await page.locator('main li').count(), 1, 'Apples was not removed by the click that asserted its button');
    assert.ok(await page.getByLabel('Gift wrap').isChecked(), 'the asserting click did not uncheck the box');
    assert.deepEqual(picked, ['role=heading[name="Your cart"i]']);
    // Recorded, then replayed on a fresh page: every assertion holds where it was made.
    const replayed = await replayFlow(rig.session, { version: 1, name: 'Cart', startUrl: rig.url('cart.html'), steps });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.status !== 'passed')));
  });

  it('Escape leaves an assert mode; a value asked of a password or of no field is reported, never written', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const page = rig.session.page();
    await page.getByLabel('Password').fill('pw-canary-77');
    const recorder = await Recorder.start(rig.session);
    await clickToolbar(page, 'Assert value');
    await page.getByLabel('Password').click();
    await settle();
    await clickToolbar(page, 'Assert value');
    await page.getByRole('heading', { name: 'Sign in to Acme' }).click();
    await settle();
    await clickToolbar(page, 'Assert visible');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await settle();
    const steps = await recorder.stop();
    assert.deepEqual(recorder.problems, [
      'Assert value on textbox "Password" was not recorded: its value is a secret, which a flow never holds.',
      'Assert value on heading "Sign in to Acme" was not recorded: it is not a field and has no value; assert its text instead.',
    ]);
    assert.deepEqual(steps.map(({ step }) => describeStep(step).description), ['click button "Forgot password?"']);
    assert.ok(!JSON.stringify(steps).includes('pw-canary'));
  });

  it('the page cannot reach, hide or restyle the toolbar, nor press its buttons; it is gone when recording stops', async () => {
    await rig.session.navigate(rig.url('cart.html'));
    const page = rig.session.page();
    const recorder = await Recorder.start(rig.session);
    const before = await toolbarButton(page, 'Assert text');
    const reach = await page.evaluate(() => {
      const host = document.querySelector('rehearse-recorder');
      const hooks = (window as unknown as Record<symbol, { closedRoots: WeakMap<Element, ShadowRoot> }>)[Symbol.for('rehearse.hooks')];
      const found = { host: !!host, root: host?.shadowRoot ?? null, viaHooks: host ? hooks?.closedRoots.get(host) ?? null : null };
      // A hostile page: it presses a button by script, restyles the host, hides everything, and removes it.
      host?.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: 1, clientY: 1 }));
      document.head.insertAdjacentHTML('beforeend', '<style>rehearse-recorder { display: none !important; opacity: 0 !important } * { pointer-events: none }</style>');
      (host as HTMLElement | null)?.style.setProperty('display', 'none', 'important');
      host?.remove();
      return { host: found.host, root: found.root === null, viaHooks: found.viaHooks === null };
    });
    assert.deepEqual(reach, { host: true, root: true, viaHooks: true });
    await settle();
    assert.deepEqual(await toolbarButton(page, 'Assert text'), before, 'back in its place');
    // Tabbing through the page never lands on the toolbar.
    const focused: string[] = [];
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.localName ?? ''));
    }
    assert.ok(!focused.includes('rehearse-recorder'), focused.join(' '));
    await clickToolbar(page, 'Assert text');
    await page.evaluate(() => document.querySelector('style:last-of-type')?.remove());
    await page.locator('#total').click();
    await settle();
    const steps = await recorder.stop();
    const described = steps.map(({ step }) => describeStep(step).description);
    assert.deepEqual(described.filter((line) => line.startsWith('expect')), ['expect css=#total has text "2 items"']);
    assert.ok(described.every((line) => !/Assert|Record|Pick locator|Move/.test(line)), `no step is about the toolbar: ${described.join(' | ')}`);
    assert.equal(await page.locator('rehearse-recorder').count(), 0);
  });

  it('on a page with a strict Content-Security-Policy (no inline styles), the toolbar is styled, in place, and works', async () => {
    await rig.session.navigate(rig.url('strict-csp.html'));
    const page = rig.session.page();
    const recorder = await Recorder.start(rig.session);
    const button = await toolbarButton(page, 'Assert text');
    const viewport = page.viewportSize()!;
    assert.ok(button.y > viewport.height - 80, `at the foot of the page: ${JSON.stringify(button)}`);
    await clickToolbar(page, 'Assert text');
    await page.locator('#plan').click();
    await settle();
    const steps = await recorder.stop();
    assert.deepEqual(steps.map(({ step }) => step), [{ expect: { selector: 'css=#plan', text: 'Plan: Team, 5 seats' } }]);
  });

  it('in frames of the page\'s origin and of another: the mode chosen above holds there, and the steps name the frame', async () => {
    await rig.session.navigate(rig.url('frames.html?cross=CROSS'));
    const page = rig.session.page();
    const recorder = await Recorder.start(rig.session);
    const shipping = page.frameLocator('#shipping');
    await shipping.getByLabel('Street address').click();
    await page.keyboard.type('1 Main St');
    await clickToolbar(page, 'Assert value');
    await shipping.getByLabel('Street address').click();
    await settle();
    await clickToolbar(page, 'Assert visible');
    await page.frameLocator('#payment').getByRole('button', { name: 'Pay now' }).click();
    await settle();
    const steps = (await recorder.stop()).map(({ step }) => step);
    assert.deepEqual(recorder.problems, []);
    assert.deepEqual(steps.map((step) => describeStep(step).kind), ['action', 'expect', 'expect'], JSON.stringify(steps));
    const [typed, value, visible] = steps as [FlowStep, Extract<FlowStep, { expect: unknown }>, Extract<FlowStep, { expect: unknown }>];
    assert.ok('action' in typed && typed.action.method === 'fill');
    // Named in the frame as in the main document: by its role and label first (the frame's own page proved it there).
    assert.deepEqual(value.expect, { selector: 'frame:css=#shipping >>> role=textbox[name="Street address"i]', value: '1 Main St' });
    assert.deepEqual(visible.expect, { selector: 'frame:css=#payment >>> role=button[name="Pay now"i]', state: 'visible' });
    const events = await page.evaluate(() => (window as unknown as { events?: string[] }).events ?? []);
    assert.ok(!events.includes('paid'), `the asserting click paid nothing: ${JSON.stringify(events)}`);
    const replayed = await replayFlow(rig.session, { version: 1, name: 'Frames', startUrl: rig.url('frames.html?cross=CROSS'), steps });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.status !== 'passed')));
  });

  it('inside a closed shadow root: the element clicked is asserted, named through the root, and the page hears nothing', async () => {
    await rig.session.navigate(rig.url('shadow.html'));
    const page = rig.session.page();
    const recorder = await Recorder.start(rig.session);
    await clickToolbar(page, 'Assert text');
    await locatorFor(page, 'shadow:css=vault-box >>> p').click();
    await settle();
    await clickToolbar(page, 'Assert visible');
    await locatorFor(page, 'shadow:css=vault-box >>> button').click();
    await settle();
    const steps = (await recorder.stop()).map(({ step }) => step);
    assert.deepEqual(recorder.problems, []);
    assert.deepEqual(steps.map((step) => describeStep(step).description), [
      // A closed root's elements are named by their place in it (the engine's snapshot offers no other selector there).
      'expect shadow:css=vault-box >>> > p:nth-of-type(1) has text "Closed widget"',
      'expect shadow:css=vault-box >>> > button:nth-of-type(1) visible',
    ]);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { events?: string[] }).events ?? []), [], 'the asserting click subscribed nobody');
    const replayed = await replayFlow(rig.session, { version: 1, name: 'Shadow', startUrl: rig.url('shadow.html'), steps });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.status !== 'passed')));
  });

  it('on a design system\'s web components (Shoelace, as its docs install it): a checkbox\'s state and a tab\'s snapshot, which fail when the gesture was not made', async () => {
    const site = await serveFolder(path.resolve(__dirname, '..', '..', '..'));
    try {
      const url = `${site.origin}/test/fixtures/widgets/shoelace.html`;
      await rig.session.navigate(url);
      const page = rig.session.page();
      await page.waitForFunction(() => customElements.get('sl-checkbox') && customElements.get('sl-tab-group'), undefined, { timeout: 15_000 });
      const recorder = await Recorder.start(rig.session);
      await page.getByText('Accept the terms').click();
      await settle();
      await clickToolbar(page, 'Assert value');
      await page.getByText('Accept the terms').click();
      await settle();
      await page.getByRole('tab', { name: 'Billing' }).click();
      await settle();
      await clickToolbar(page, 'Assert snapshot');
      await page.getByRole('tab', { name: 'Billing' }).click();
      await settle();
      const steps = (await recorder.stop()).map(({ step }) => step);
      assert.deepEqual(recorder.problems, []);
      assert.deepEqual(steps.map((step) => describeStep(step).kind), ['action', 'expect', 'action', 'expect'], JSON.stringify(steps));
      const [, checked, , tab] = steps as Extract<FlowStep, { expect: unknown }>[];
      assert.equal((checked!.expect as { state?: string }).state, 'checked', JSON.stringify(checked));
      assert.equal((tab!.expect as { aria?: string }).aria, '- tab "Billing" [selected]', JSON.stringify(tab));
      assert.equal((await page.evaluate(() => (window as unknown as { widgetState(): { terms: boolean } }).widgetState())).terms, true, 'the asserting click did not uncheck the box');
      const flow = { version: 1 as const, name: 'Shoelace', startUrl: url, steps };
      const replayed = await replayFlow(rig.session, flow);
      assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.status !== 'passed')));
      // Without the gestures, the assertions fail: a replay cannot pass without what the person did.
      const without = await replayFlow(rig.session, { ...flow, steps: steps.filter((step) => 'expect' in step).map((step) => ({ ...step, timeout: 1000 })) });
      assert.deepEqual(without.steps.slice(1).map((step) => step.status), ['failed', 'skipped']);
    } finally {
      await site.close();
    }
  });

  it('while a modal dialog makes the page inert, the toolbar is inside it and works; it comes back when the dialog closes', async () => {
    await rig.session.navigate(rig.url('modal.html'));
    const page = rig.session.page();
    const recorder = await Recorder.start(rig.session);
    await page.getByRole('button', { name: 'Delete order' }).click();
    await settle();
    await clickToolbar(page, 'Assert text');
    await page.locator('#warning').click();
    await settle();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await settle();
    await clickToolbar(page, 'Assert visible');
    await page.getByRole('heading', { name: 'Orders' }).click();
    await settle();
    const steps = await recorder.stop();
    assert.deepEqual(recorder.problems, []);
    assert.deepEqual(steps.map(({ step }) => describeStep(step).description), [
      'click button "Delete order"',
      'expect css=#warning has text "This cannot be undone."',
      'click button "Cancel"',
      'expect role=heading[name="Orders"i] visible',
    ]);
  });
});
