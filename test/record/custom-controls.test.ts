import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

/**
 * A design system's checkbox as the newest ones are built: its role and state live in ElementInternals (no attribute
 * changes, no DOM mutation when it toggles), with a default cursor. To the page it looks like background.
 */
const form = `<h1>Sign up</h1><label for="name">Name</label> <input id="name">
  <ds-check id="news" style="display: inline-block; width: 120px; height: 24px; cursor: default">Newsletter</ds-check>
  <script>
  {
    customElements.define('ds-check', class extends HTMLElement {
      static formAssociated = true;
      #internals = this.attachInternals();
      checked = false;
      connectedCallback() {
        this.#internals.role = 'checkbox';
        this.#internals.ariaChecked = 'false';
        this.addEventListener('click', () => {
          this.checked = !this.checked;
          this.#internals.ariaChecked = String(this.checked);
          this.checked ? this.#internals.states.add('checked') : this.#internals.states.delete('checked');
        });
      }
    });
  }
  </script>`;

/** Issue 40: a click on a design system's checkbox right after typing is a step, not the field's blur. */
describe('a click on a custom control right after typing', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('is recorded as a click after the fill, and the replay checks the box', async () => {
    const page = rig.session.page();
    await page.setContent(form);
    const recorder = await Recorder.start(rig.session);
    await page.locator('#name').click();
    await page.keyboard.type('Ada', { delay: 20 });
    await page.locator('#news').click();
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Sign up', steps: recorded.map(({ step }) => step) };
    const methods = flow.steps.flatMap((step) => ('action' in step ? [`${step.action.method} ${step.action.selector}`] : []));
    assert.deepEqual(methods, ['fill css=#name', 'click css=#news'], JSON.stringify(flow.steps));
    await page.setContent(form);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('#news').evaluate((box) => (box as HTMLElement & { checked: boolean }).checked), true);
  });
});

/** A segmented control as design systems draw it: each radio hidden inside the label a person clicks. */
const PACE = `<h1>Trip</h1><div role="radiogroup" aria-label="Pace">${['Relaxed', 'Busy', 'Packed'].map((pace) => `
  <label style="display:inline-block;padding:6px 12px;border:1px solid #999;cursor:pointer"><input type="radio" name="pace" value="${pace}"
  style="position:absolute;width:0;height:0;opacity:0;pointer-events:none"${pace === 'Relaxed' ? ' checked' : ''}><span>${pace}</span></label>`).join('')}</div>`;

describe('a radio hidden behind the label a person clicks', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('is recorded as checking the radio, and replay checks it through its label', async () => {
    const page = rig.session.page();
    await page.setContent(PACE);
    const recorder = await Recorder.start(rig.session);
    await page.getByText('Busy').click();
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Pace', steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}` : '')), ['check radio "Busy"']);
    await page.setContent(PACE);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('input[value="Busy"]').isChecked(), true);
  });
});

/**
 * A date typed into segments as React Aria draws them: each a spin button (contenteditable, not a field) named by its
 * own value and the field's label ("3 Arrival"); an arrow steps it, digits type over it.
 */
const ARRIVAL = `<span id="arrival">Arrival</span> <div>${[['month', 3, 12], ['day', 10, 31]].map(([part, value, max]) => `
  <span role="spinbutton" id="${part}" data-part="${part}" aria-label="${part}, " aria-labelledby="${part} arrival" aria-valuenow="${value}" aria-valuemin="1"
  aria-valuemax="${max}" contenteditable="true" inputmode="numeric" tabindex="0" style="padding:0 4px">${value}</span>`).join('/')}</div>
  <script>
    var STEPS = true;
    for (const segment of document.querySelectorAll('[role=spinbutton]')) {
      let typed = '';
      segment.addEventListener('focus', () => { typed = ''; });
      segment.addEventListener('keydown', (event) => {
        event.preventDefault();
        let value = Number(segment.getAttribute('aria-valuenow'));
        if (event.key === 'ArrowUp' && STEPS) value = value + 1;
        else if (/^\\d$/.test(event.key)) value = Number((typed += event.key));
        else return;
        segment.setAttribute('aria-valuenow', String(value));
        segment.textContent = String(value);
      });
    }
  </script>`;

describe('a date typed into spin buttons named by their value', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('keeps the arrow pressed at once after the click, with the value it came to, and digits typed over; replay finds the segments by more than their value; a release whose arrow does nothing fails at the arrow', async () => {
    const page = rig.session.page();
    await page.setContent(ARRIVAL);
    const recorder = await Recorder.start(rig.session);
    await page.locator('#month').click();
    await page.keyboard.press('ArrowUp');
    await page.locator('#day').click();
    await page.keyboard.type('24', { delay: 60 });
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Arrival', steps: recorded.map(({ step }) => step) };
    const presses = flow.steps.flatMap((step) => ('action' in step && step.action.method === 'press' ? [[step.action.arguments, step.effect, step.action.selector.includes('Arrival')]] : []));
    assert.deepEqual(presses, [[['ArrowUp'], { value: '4' }, false], [['2'], { value: '2' }, false], [['4'], { value: '24' }, false]]);
    await page.setContent(ARRIVAL);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual([await page.locator('#month').textContent(), await page.locator('#day').textContent()], ['4', '24']);
    await page.setContent(ARRIVAL.replace('var STEPS = true', 'var STEPS = false'));
    const stuck = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(stuck.status, 'failed');
    assert.match(stuck.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /press on spinbutton "3 Arrival" was done, but it did not have its recorded effect: expected at "4", found at "3"/);
  });
});

/** A month as react-day-picker draws it: each day a button in a grid cell, the cell selected and the button renamed on a pick. */
const MONTH = `<h1>Stay</h1><table role="grid" aria-label="March 2026"><tr>${[9, 10, 11].map((day) => `
  <td role="gridcell"><button type="button" aria-label="March ${day}, 2026">${day}</button></td>`).join('')}</tr></table>
  <script>
    var PICKS = true;
    for (const button of document.querySelectorAll('td button')) button.addEventListener('click', () => {
      if (!PICKS) return;
      button.parentElement.setAttribute('aria-selected', 'true');
      button.setAttribute('aria-label', button.getAttribute('aria-label') + ', selected');
    });
  </script>`;

describe('a day picked in a calendar grid', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('keeps its cell\'s selection as the effect, found again though the pick renamed its button; a release where the pick does nothing fails', async () => {
    const page = rig.session.page();
    await page.setContent(MONTH);
    const recorder = await Recorder.start(rig.session);
    await page.getByRole('button', { name: 'March 10, 2026' }).click();
    await page.waitForTimeout(600);
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Stay', steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.description, step.effect] : [])), [['button "March 10, 2026" in row "9 10 11"', { selected: true }]]);
    await page.setContent(MONTH);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    await page.setContent(MONTH.replace('var PICKS = true', 'var PICKS = false'));
    const later = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(later.status, 'failed');
    assert.match(later.steps[0]?.error?.message ?? '', /expected selected, found without selected/);
  });
});

/** Issue 40: Vaadin's checkbox slots its light-DOM input into its own shadow tree, where the recorder listens too. */
describe('a checkbox whose input is slotted into its element\'s shadow tree', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('is one step for one click (its change is heard in the shadow root and at the window), and replay leaves it checked', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('vaadin.html'), (page) => page.locator('body[data-ready=yes]').waitFor(), async (page) => {
      await page.getByLabel('Breakfast').click();
      await page.waitForTimeout(300);
    });
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}` : '')), ['check checkbox "Breakfast"']);
    assert.equal((await replayOnRelease(rig.session, flow)).status, 'passed');
    assert.equal(await rig.session.page().getByLabel('Breakfast').isChecked(), true);
  });
});

interface TripState { insurance: boolean; travellers: string[]; action: string | null }
const tripState = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): TripState }).widgetState());

/**
 * Issue 40: Material Web (Lit custom elements; each control's own input and text in its shadow tree). A click on the
 * label of its checkbox was three steps (the label, the click the label forwards to the element, the change of the
 * input inside it), which replayed toggle it three times. An input chip's label is drawn in its shadow tree, so its ×
 * kept no effect and a release whose chips stay passed. A menu item's text reaches it through two slots, one passed
 * into the other, so the item had no name.
 */
describe('a design system of web components with their text in shadow trees (Material Web)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const ready = async (page: Page) => {
    await page.locator('body[data-ready=yes]').waitFor();
    await page.waitForTimeout(300);
  };
  const shown = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}${step.effect ? ` ${JSON.stringify(step.effect)}` : ''}` : ''));

  it('a click on a checkbox\'s label is one check step; a chip\'s × keeps its label gone; a menu item is named by the text slotted into it; releases whose chips stay fail at the ×', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('material-web.html'), ready, async (page) => {
      await page.getByText('Travel insurance').click();
      await page.waitForTimeout(300);
      await page.getByRole('button', { name: 'Remove Grace' }).click();
      await page.waitForTimeout(400);
      await page.getByRole('button', { name: 'More' }).click();
      await page.waitForTimeout(500);
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await page.waitForTimeout(400);
    });
    assert.deepEqual(shown(flow).filter((step) => !step.includes('"More"')), [
      'check checkbox in label "Travel insurance" {"checked":true}',
      'click button "Remove Grace" {"gone":{"text":"Grace"}}',
      'click menuitem "Archive" {"appeared":{"text":"Trip archived"}}',
    ]);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    const state = await tripState(rig.session.page());
    assert.deepEqual([state.insurance, state.travellers, state.action], [true, ['Ada', 'Linus'], 'archive']);
    const noChip = await replayOnRelease(rig.session, flow, '#nochip');
    assert.equal(noChip.status, 'failed');
    assert.match(noChip.steps.find((step) => step.error)!.error!.message, /button "Remove Grace".*expected "Grace" gone from the page, found with "Grace" still in 1 place/);
  });
});

/**
 * Issue 41 on a design system's select (Shoelace): its combobox is drawn in its shadow tree, so the element a person
 * clicks was named by its text, its options' ("Free Team Enterprise"). A release that offers another plan renamed it,
 * and replay refused the step. It is named by its control's role and label now; a flow that named it the old way still
 * replays.
 */
describe('a custom element whose control is in its shadow tree', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const ready = (page: Page) => page.waitForFunction(() => !!customElements.get('sl-option') && !!document.querySelector('sl-select')?.shadowRoot?.querySelector('[role=combobox]'));

  it('is named by its control\'s role and label: a release that adds an option replays the pick, and a flow that named it by its text still replays', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('shoelace.html'), ready, async (page) => {
      await page.locator('#plan').click();
      await page.waitForTimeout(400);
      await page.getByRole('option', { name: 'Team' }).click();
      await page.waitForTimeout(300);
    });
    const open = flow.steps[0]!;
    assert.ok('action' in open);
    assert.equal(open.action.description, 'combobox "Plan"');
    assert.deepEqual(open.target, { role: 'combobox', name: 'Plan' });
    const plan = () => rig.session.page().evaluate(() => (document.getElementById('plan') as HTMLElement & { value: string }).value);
    const more = await replayOnRelease(rig.session, flow, '#more');
    assert.equal(more.status, 'passed', JSON.stringify(more.steps.filter((step) => step.error)));
    assert.equal(await plan(), 'team');
    const earlier: Flow = { ...flow, steps: [{ ...open, action: { ...open.action, description: 'element "Free Team Enterprise"' }, target: { role: 'generic', name: 'Free Team Enterprise' } }, ...flow.steps.slice(1)] };
    const replayed = await replayOnRelease(rig.session, earlier);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal(await plan(), 'team');
  });
});
