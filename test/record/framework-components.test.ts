import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

interface StoreState { sort: string | null; profile: unknown; pinned: boolean; faq: string[]; toast: boolean; modalOpen: boolean }
const storeState = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): StoreState }).widgetState());

/**
 * Issue 40: Bootstrap's components, driven by data attributes as its docs show them: a key that clicks a button is one
 * step, not two; a dialog that drops its role as it closes still closed; a toast shown by a class appeared; a focus
 * moving in a menu that places itself is no effect; and a replay ends with the page at rest, as the person left it.
 */
describe('components of a CSS framework and of a design system (Bootstrap 5.3, Chakra UI 3)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  async function recordOn(person: (page: Page) => Promise<void>): Promise<{ flow: Flow; state: StoreState }> {
    const ready = (page: Page) => page.waitForFunction(() => typeof (window as unknown as { bootstrap?: unknown }).bootstrap === 'object');
    const flow = await recordOnWidget(rig.session, widgets.url('bootstrap.html'), ready, person);
    return { flow, state: await storeState(rig.session.page()) };
  }
  const shown = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}${step.action.arguments?.length ? ` ${step.action.arguments.join(' ')}` : ''}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

  it('Enter on a toggle button is one press that toggles it once on replay; a menu item chosen by arrows and Enter sorts, and the arrow that only moved the focus keeps no effect', async () => {
    const { flow, state } = await recordOn(async (page) => {
      await page.getByRole('button', { name: 'Pin' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      await page.getByRole('button', { name: 'Sort by' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(300);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    });
    assert.equal(state.pinned, true);
    assert.equal(state.sort, 'price');
    assert.deepEqual(shown(flow), [
      'press button "Pin" Enter: pressed',
      'press button "Sort by" ArrowDown: expanded',
      'press button "Name" in listitem "Name" ArrowDown',
      'press button "Price" in listitem "Price" Enter: "Price" appearing on the page',
    ]);
    const result = await replayOnRelease(rig.session, flow);
    assert.equal(result.status, 'passed', JSON.stringify(result.steps.filter((step) => step.error)));
    const replayed = await storeState(rig.session.page());
    assert.equal(replayed.pinned, true, 'pinned once, not pinned and unpinned');
    assert.equal(replayed.sort, 'price');
  });

  it('a modal\'s Save that closes it and a toast shown by a class are effects; a release whose Save keeps the dialog open, or whose Notify shows nothing, fails there; the replay ends with the accordion open', async () => {
    const { flow, state } = await recordOn(async (page) => {
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.waitForTimeout(500);
      await page.getByLabel('Display name').click();
      await page.keyboard.type('Ada', { delay: 20 });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Notify' }).click();
      await page.waitForTimeout(400);
      await page.getByRole('button', { name: 'Warranty' }).click();
    });
    assert.deepEqual(state.faq, ['faq-warranty']);
    assert.deepEqual(shown(flow), [
      'click button "Edit profile": opening dialog "Edit profile"',
      'fill textbox "Display name" Ada',
      'click button "Save changes": closing dialog "Edit profile"',
      'click button "Notify": "Store" appearing on the page',
      'click button "Warranty": expanded',
    ]);
    const result = await replayOnRelease(rig.session, flow);
    assert.equal(result.status, 'passed', JSON.stringify(result.steps.filter((step) => step.error)));
    const replayed = await storeState(rig.session.page());
    assert.deepEqual(replayed.faq, ['faq-warranty'], 'the panel the last click opens has finished opening when the replay says passed');
    assert.equal(replayed.toast, true);
    const stuck = await replayOnRelease(rig.session, flow, '#stuck');
    assert.equal(stuck.status, 'failed');
    assert.match(stuck.steps.find((step) => step.error)!.error!.message, /Save changes.*expected closing dialog "Edit profile"/);
    const silent = await replayOnRelease(rig.session, flow, '#silent');
    assert.equal(silent.status, 'failed');
    assert.match(silent.steps.find((step) => step.error)!.error!.message, /Notify.*expected "Store" appearing/);
  });

  it('Chakra UI: Create in a modal dialog keeps the dialog closing as its effect (not the page shown again behind it); a release whose Create keeps it open fails there', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('chakra.html'), (page) => page.getByText('Choose a region').waitFor(), async (page) => {
      await page.getByRole('button', { name: 'New project' }).click();
      await page.waitForTimeout(500);
      await page.getByLabel('Project name').click();
      await page.keyboard.type('Atlas', { delay: 20 });
      await page.getByRole('button', { name: 'Create' }).click();
    });
    assert.deepEqual(shown(flow), [
      'click button "New project": expanded',
      'fill textbox "Project name" Atlas',
      'click button "Create": closing dialog "New project"',
    ]);
    assert.equal((await replayOnRelease(rig.session, flow)).status, 'passed');
    const stuck = await replayOnRelease(rig.session, flow, '#stuck');
    assert.equal(stuck.status, 'failed');
    assert.match(stuck.steps.find((step) => step.error)!.error!.message, /Create.*expected closing dialog "New project"/);
  });
});

interface ShareState { members: string[]; exported: string | null }
const shareState = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): ShareState }).widgetState());

/**
 * Issue 40: Fluent UI React 9 (Microsoft's design system). Its tag picker draws the people picked as options of a
 * listbox inside the field, and its submenu in a portal named by its item (`aria-labelledby`), not controlled by it.
 * The tags were read as a popup's text, so a pick kept only "the list closed" (a release that adds no one passed);
 * the submenu's item got no `hover` step, so replay never opened the submenu.
 */
describe('a React design system\'s tag picker and submenu in portals (Fluent UI 9)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const ready = (page: Page) => page.getByLabel('Project name').waitFor();
  const effects = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

  it('a person picked from the list keeps their tag appearing, a tag clicked away keeps it gone; releases that add no one, or keep the tag, fail there', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('fluent-react.html'), ready, async (page) => {
      await page.getByRole('combobox', { name: 'Members' }).click();
      await page.keyboard.type('gra', { delay: 30 });
      await page.getByRole('option', { name: 'Grace Hopper' }).click();
      await page.waitForTimeout(300);
      await page.keyboard.type('lin', { delay: 30 });
      await page.getByRole('option', { name: 'Linus Torvalds' }).click();
      await page.waitForTimeout(300);
      await page.getByRole('listbox', { name: 'Selected members' }).getByRole('option', { name: 'Grace Hopper' }).click();
    });
    assert.deepEqual((await shareState(rig.session.page())).members, ['Linus Torvalds']);
    assert.deepEqual(effects(flow).filter((step) => step.startsWith('click option')), [
      'click option "Grace Hopper": "Grace Hopper" appearing on the page',
      'click option "Linus Torvalds": "Linus Torvalds" appearing on the page',
      'click option "Grace Hopper": "Grace Hopper" gone from the page',
    ]);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.deepEqual((await shareState(rig.session.page())).members, ['Linus Torvalds']);
    const noPick = await replayOnRelease(rig.session, flow, '#nopick');
    assert.equal(noPick.status, 'failed');
    assert.match(noPick.steps.find((step) => step.error)!.error!.message, /option "Grace Hopper".*expected "Grace Hopper" appearing on the page/);
    const keep = await replayOnRelease(rig.session, flow, '#keep');
    assert.equal(keep.status, 'failed');
    assert.match(keep.steps.find((step) => step.error)!.error!.message, /option "Grace Hopper".*expected "Grace Hopper" gone from the page/);
  });

  it('an item of a submenu in a portal named by its opener keeps a hover on that opener, replays the pick, and a release whose submenu opens only on a click fails at the hover', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('fluent-react.html'), ready, async (page) => {
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Export' }).hover();
      await page.getByRole('menuitem', { name: 'As CSV' }).click();
    });
    assert.deepEqual(effects(flow), ['click button "More": expanded', 'hover menuitem "Export": expanded', 'click menuitem "As CSV": closing menu "Export"']);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal((await shareState(rig.session.page())).exported, 'CSV');
    const noHover = await replayOnRelease(rig.session, flow, '#nosub');
    assert.equal(noHover.status, 'failed');
    assert.match(noHover.steps.find((step) => step.error)!.error!.message, /hover on menuitem "Export".*expected expanded/);
  });
});
