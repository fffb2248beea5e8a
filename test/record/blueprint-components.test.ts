import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

interface Screening { shortlist: string[]; actions: string[]; savedHost: string | null }
const screening = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Screening }).widgetState());
const ready = (page: Page) => page.getByText('Pick a film').waitFor();

/**
 * Issue 40 (and 41's anchors): Blueprint 6, a React design system whose menus and lists open in portals. Its submenu
 * is drawn in an overlay inside the list entry of its item, and the item says it opens one only on the link inside it;
 * its multi select drops its placeholder once it holds a chip; each chip's remove button is named "Remove tag".
 */
describe('a React design system\'s portals, chips and submenus (Blueprint 6)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const shown = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

  it('a submenu opened by the pointer resting on its item is a hover step; a second filter typed after the first chip replays; a chip\'s remove button is found by the chip\'s text', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('blueprint.html'), ready, async (page) => {
      await page.getByPlaceholder('Add films…').click();
      await page.keyboard.type('met', { delay: 30 });
      await page.getByRole('option', { name: 'Metropolis' }).click();
      await page.waitForTimeout(300);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('casa', { delay: 30 });
      await page.getByRole('option', { name: 'Casablanca' }).click();
      await page.waitForTimeout(300);
      await page.locator('.bp6-tag', { hasText: 'Metropolis' }).getByRole('button').click();
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      await page.getByRole('button', { name: 'Actions' }).click();
      await page.waitForTimeout(400);
      await page.getByRole('menuitem', { name: 'Export' }).hover();
      await page.waitForTimeout(400);
      await page.getByRole('menuitem', { name: 'As CSV' }).click();
    });
    // The field as it was when the second typing began: its placeholder had gone with the first chip.
    // (The first filter is a click and a fill, or keys the list answered as they came: both replay it.)
    const steps = shown(flow);
    const first = steps.indexOf('click option "Metropolis": selected');
    assert.ok(['fill textbox "Add films…"', 'type textbox "Add films…": showing "met"'].includes(steps[first - 1]!), steps.join('\n'));
    assert.deepEqual(steps.slice(first), [
      'click option "Metropolis": selected',
      'fill textbox ""',
      'click option "Casablanca": selected',
      'click button "Remove tag" under "Friday screening": "Metropolis" gone from the page',
      'press textbox "": closing listbox "selectable options"',
      'click button "Actions": expanded',
      'hover menuitem "Export Open sub menu"',
      'click menuitem "As CSV": closing menu',
    ]);
    const remove = flow.steps.find((step) => 'action' in step && step.action.description.startsWith('button "Remove tag"'));
    assert.ok(remove && 'action' in remove);
    assert.equal(remove.action.selector, 'css=span.bp6-tag:has-text("Metropolis") >> role=button[name="Remove tag"i]');
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    const state = await screening(rig.session.page());
    assert.deepEqual(state.shortlist, ['Casablanca']);
    assert.deepEqual(state.actions, ['csv']);
  });

  it('Save in its dialog keeps the dialog closing as its effect; a release whose Save does nothing fails there', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('blueprint.html'), ready, async (page) => {
      await page.getByRole('button', { name: 'Set host' }).click();
      await page.waitForTimeout(500);
      await page.getByLabel('Host name').click();
      await page.keyboard.type('Ada', { delay: 20 });
      await page.getByRole('button', { name: 'Save' }).click();
    });
    assert.equal(shown(flow).at(-1), 'click button "Save": closing dialog "Host"');
    assert.equal((await replayOnRelease(rig.session, flow)).status, 'passed');
    assert.equal((await screening(rig.session.page())).savedHost, 'Ada');
    const stuck = await replayOnRelease(rig.session, flow, '#stuck');
    assert.equal(stuck.status, 'failed');
    assert.match(stuck.steps.find((step) => step.error)!.error!.message, /Save.*expected closing dialog "Host"/);
  });
});
