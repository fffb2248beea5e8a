import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

interface Stall { sort: string[]; prices: string[]; selected: string[]; hidden: string[] }
const stall = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Stall }).widgetState());
const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'mui-x-grid.html')!;

/**
 * Issue 40 (item 7) and 41: MUI X Data Grid 9 (React 19). Its number cell's editor is an `<input type=number>`, which
 * tells no selection: select all and a digit typed over it were taken for a key the page answered, and replay typed
 * the digit after the old value ("2.42"). Its cells and checkboxes repeat their names on every row.
 */
describe('a data grid (MUI X Data Grid 9)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps a number cell typed over after select all as its new value, replays on a release with a column more and the rows reordered, and fails where sorting, edits or the column menu do nothing', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('mui-x-grid.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await stall(rig.session.page());
    assert.deepEqual(wanted, { sort: ['price asc'], prices: ['Carrots: 1.2', 'Leeks: 2.9', 'Shallots: 3.1', 'Parsnips: 1.8'], selected: ['Carrots'], hidden: ['category'] });
    const typing = flow.steps.filter((step) => 'action' in step && ['fill', 'type', 'press'].includes(step.action.method ?? '')).map((step) => 'action' in step ? `${step.action.method} ${JSON.stringify(step.action.arguments)}` : '');
    assert.deepEqual(typing, ['fill ["2.9"]', 'press ["Enter"]']);

    // The sort button's name says the order it will sort in next: the sort is kept as its column's order.
    const sort = flow.steps[0]!;
    assert.ok('action' in sort);
    assert.deepEqual(sort.effect, { sorted: { column: 'Price', order: 'ascending' } });

    const wider = await replayOnRelease(rig.session, flow, '#wider');
    assert.equal(wider.status, 'passed', JSON.stringify(failedStep(wider)));
    assert.deepEqual(await stall(rig.session.page()), wanted);
    // Exported as a Playwright test, the same check, on the header by the title it shows, run on the page as it is.
    const spec = exportPlaywrightSpec(flow, 'stall.flow.json');
    const check = /await expect\.poll\(async \(\) => \(await page\.evaluate\([\s\S]+?, "Price"\)\)\?\.order \?\? 'no order', \{ message: "the column Price sorted ascending" \}\)\.toBe\("ascending"\);/.exec(spec)?.[0] ?? 'no check';
    assert.notEqual(check, 'no check', spec);
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...names: string[]) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction('page', 'expect', check)(rig.session.page(), expect.configure({ timeout: 2000 }));

    const noEdit = await replayOnRelease(rig.session, flow, '#noedit');
    assert.equal(noEdit.status, 'failed');
    assert.match(failedStep(noEdit)!.description, /^press spinbutton/);
    const noSort = await replayOnRelease(rig.session, flow, '#nosort');
    assert.equal(noSort.status, 'failed', 'the rows were not sorted: no pass');
    assert.equal(failedStep(noSort)!.index, 0, JSON.stringify(failedStep(noSort)));
    const noHide = await replayOnRelease(rig.session, flow, '#nohide');
    assert.equal(noHide.status, 'failed');
    assert.equal(failedStep(noHide)!.index, flow.steps.length - 1);
  });

  it('finds the cell double clicked by its column and its row\'s key when its value differs (the data changed), and refuses it under a column titled otherwise', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('mui-x-grid.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const edit = flow.steps.findIndex((step) => 'action' in step && step.action.method === 'doubleClick');
    const cell = flow.steps[edit]!;
    assert.ok('action' in cell);
    assert.deepEqual(cell.target?.cell, { key: 'Leeks', column: 'Price' });

    // Leeks cost 2.6 on this release where the person double clicked 2.4: the same cell, edited to what they typed.
    const repriced = await replayOnRelease(rig.session, flow, '#repriced');
    assert.equal(repriced.status, 'passed', JSON.stringify(failedStep(repriced)));
    assert.deepEqual((await stall(rig.session.page())).prices, ['Carrots: 1.2', 'Leeks: 2.9', 'Shallots: 3.1', 'Parsnips: 1.8']);

    // The grid's field still says "price", but the column a person reads is "Cost": not the cell they meant.
    const fromEdit = { ...flow, steps: flow.steps.slice(edit) };
    const cost = await replayOnRelease(rig.session, fromEdit, '#repriced-cost');
    assert.equal(cost.status, 'failed');
    assert.equal(failedStep(cost)!.index, 0);
    assert.match(failedStep(cost)!.error!.message, /finds gridcell "2\.6" in row "[^"]*Leeks[^"]*", not gridcell "2\.4"/);
    assert.deepEqual((await stall(rig.session.page())).prices, ['Carrots: 1.2', 'Leeks: 2.6', 'Shallots: 3.1', 'Parsnips: 1.8']);
  });
});
