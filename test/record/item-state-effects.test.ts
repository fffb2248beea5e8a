import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

const state = <T>(page: Page) => page.evaluate(() => (window as unknown as { widgetState(): unknown }).widgetState()) as Promise<T>;

/**
 * Issue 40: what a gesture changed lives on the item around its element, or on the item a widget points at as current,
 * or on the layout it was dragged in: Fancytree's node checkbox (a span in the node's `treeitem`, which says it is
 * selected), Space on the tree (the active node, by `aria-activedescendant`), and TOAST UI Calendar's event resized by
 * an edge the library draws anew as the drag begins. Each keeps an effect, and a release where the gesture does nothing
 * fails there instead of passing.
 */
describe('effects on the item around an element, or the one a widget points at', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  const recordOn = (file: string, ready: (page: Page) => Promise<unknown>, person: (page: Page) => Promise<void>) => recordOnWidget(rig.session, widgets.url(file), ready, person);
  const effects = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}${step.action.method === 'press' ? ` ${step.action.arguments?.[0]}` : ''}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

  it('Fancytree: a node\'s checkbox and Space on the tree keep the node selected; a release whose nodes cannot be selected fails at the checkbox', async () => {
    const flow = await recordOn('fancytree.html', (page) => page.getByRole('treeitem', { name: 'Documents' }).waitFor(), async (page) => {
      await page.getByRole('treeitem', { name: 'Photos' }).getByRole('checkbox').click();
      await page.waitForTimeout(300);
      await page.locator('.fancytree-title', { hasText: 'Notes.txt' }).click();
      await page.keyboard.press('Space');
      await page.waitForTimeout(300);
    });
    assert.deepEqual((await state<{ selected: string[] }>(rig.session.page())).selected, ['photos', 'notes']);
    const shown = effects(flow);
    assert.equal(shown[0], 'click checkbox in treeitem "Photos": selected');
    assert.equal(shown.at(-1), 'press tree "" Space: selected');
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.deepEqual((await state<{ selected: string[] }>(rig.session.page())).selected, ['photos', 'notes']);
    const locked = await replayOnRelease(rig.session, flow, '#noselect');
    assert.equal(locked.status, 'failed');
    assert.match(locked.steps.find((step) => step.error)!.error!.message, /checkbox in treeitem "Photos".*expected selected/);
  });

  it('TOAST UI Calendar: an event carried to another day and another resized by its bottom edge (drawn anew as the drag begins) are both steps; a release that ignores the changes fails at the first', async () => {
    const flow = await recordOn('toastui-calendar.html', (page) => page.locator('.toastui-calendar-event-time', { hasText: 'Planning' }).waitFor(), async (page) => {
      const column = (await page.locator('.toastui-calendar-column').first().boundingBox())!;
      const hour = column.height / 10;
      for (const [title, dx, dy, edge] of [['Design review', column.width, 2 * hour, false], ['Planning', 0, hour, true]] as const) {
        const box = (await page.locator('.toastui-calendar-event-time', { hasText: title }).boundingBox())!;
        const from = { x: box.x + box.width / 2, y: edge ? box.y + box.height - 3 : box.y + 20 };
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        for (let step = 1; step <= 20; step++) {
          await page.mouse.move(from.x + (dx * step) / 20, from.y + (dy * step) / 20);
          await page.waitForTimeout(20);
        }
        await page.mouse.up();
        await page.waitForTimeout(500);
      }
    });
    const moved = ['Design review: 11 13:00–11 14:00', 'Planning: 12 09:00–12 11:00'];
    assert.deepEqual(await state(rig.session.page()), moved);
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? step.action.method : '')), ['dragAndDrop', 'dragAndDrop']);
    // The event is found by what names it for good (its id), not first by its text, whose time the drag changes.
    const moveStep = flow.steps[0]!;
    assert.ok('action' in moveStep && !moveStep.action.selector.includes('10:00'), JSON.stringify(moveStep));
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.deepEqual(await state(rig.session.page()), moved);
    const frozen = await replayOnRelease(rig.session, flow, '#frozen');
    assert.equal(frozen.status, 'failed');
    assert.equal(frozen.steps.find((step) => step.error)!.index, 0);
    // The event drawn anew on the drop, with another time in its text, is found again by its id: its effect is where
    // it went, so a release that puts it a day later fails there too.
    assert.ok(moveStep.effect?.place, JSON.stringify(moveStep.effect));
    const late = await replayOnRelease(rig.session, flow, '#late');
    assert.equal(late.status, 'failed');
    assert.equal(late.steps.find((step) => step.error)!.index, 0);
  });

  it('Ionic: typing into an ion-input (a scoped component whose host hides its children) is a fill; its segment keeps the tab selected (in its shadow root) and its range the value; a release whose range and segment take no input fails', async () => {
    const flow = await recordOn('ionic.html', (page) => page.waitForFunction(() => document.querySelector('ion-range')?.classList.contains('hydrated') && document.querySelector('ion-segment')?.classList.contains('hydrated')), async (page) => {
      await page.locator('#nick').click();
      await page.keyboard.type('Kim', { delay: 20 });
      await page.locator('ion-segment-button[value=week]').click();
      await page.waitForTimeout(300);
      const knob = (await page.locator('#volume').getByRole('slider').boundingBox())!;
      const from = { x: knob.x + knob.width / 2, y: knob.y + knob.height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let step = 1; step <= 15; step++) {
        await page.mouse.move(from.x + (120 * step) / 15, from.y);
        await page.waitForTimeout(20);
      }
      await page.mouse.up();
    });
    const wanted = await state<{ nick: string; view: string; volume: number }>(rig.session.page());
    assert.equal(wanted.nick, 'Kim');
    assert.equal(wanted.view, 'week');
    assert.ok(wanted.volume > 20, `the person moved the range: ${wanted.volume}`);
    const shown = effects(flow);
    assert.equal(shown[0], 'fill textbox "Nickname"');
    // Each named by the control its shadow tree draws, not the host's text ("WEEK", as its style writes it) or none.
    assert.equal(shown[1], 'click tab "Week": selected');
    assert.equal(shown[2], `dragAndDrop slider "Volume": at "${wanted.volume}"`);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    const again = await state<{ nick: string; view: string; volume: number }>(rig.session.page());
    assert.deepEqual([again.nick, again.view, again.volume], [wanted.nick, wanted.view, wanted.volume]);
    const stuck = await replayOnRelease(rig.session, flow, '#stuck');
    assert.equal(stuck.status, 'failed');
    assert.match(stuck.steps.find((step) => step.error)!.description, /tab "Week"/);
  });
});
