import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

const cells = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): unknown }).widgetState()) as Promise<unknown[][]>;
const ready = (page: Page) => page.getByRole('gridcell', { name: 'Chair' }).waitFor();

/**
 * Issue 40: a spreadsheet whose keyboard is one textarea of its own (Handsontable): typed over a cell, the text goes
 * into that textarea, and only Enter puts it in the cell, then empties or hides the textarea again. The Enter's effect
 * is the text it committed showing on the page, and Delete's the text it cleared; a release that drops either fails
 * at that step instead of passing. A click on a cell's dropdown arrow is a click there, not on the cell's middle.
 */
describe('spreadsheet cells committed by Enter and cleared by Delete', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const described = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}${step.action.method === 'press' ? ` ${step.action.arguments?.[0]}` : ''}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

  it('Handsontable: Enter after typing over a cell and after editing one keeps the committed text; a release that drops the typing fails at that Enter', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('handsontable.html'), ready, async (page) => {
      await page.getByRole('gridcell', { name: 'Chair' }).click();
      await page.keyboard.type('Sofa', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      await page.getByRole('gridcell', { name: '3', exact: true }).dblclick();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('7', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
    });
    const enters = described(flow).filter((step) => step.startsWith('press') && step.includes('Enter'));
    assert.deepEqual(enters.map((step) => step.replace(/^.*: /, '')), ['"Sofa" appearing on the page', '"7" appearing on the page']);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.deepEqual((await cells(rig.session.page())).map((row) => row.slice(0, 2)), [['Lamp', 12], ['Sofa', 40], ['Desk', 7]]);
    const stuck = await replayOnRelease(rig.session, flow, '#stuck');
    assert.equal(stuck.status, 'failed');
    // The typing arrives in the editor; the Enter that should put it in the cell is where the release differs.
    assert.match(stuck.steps.find((step) => step.error)!.error!.message, /^press on textbox "" was done, but it did not have its recorded effect: expected "Sofa" appearing on the page/);
  });

  it('Handsontable: Delete on a cell keeps the text it cleared as gone; a release that keeps the text fails there', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('handsontable.html'), ready, async (page) => {
      await page.getByRole('gridcell', { name: '40', exact: true }).click();
      await page.keyboard.press('Delete');
      await page.waitForTimeout(300);
    });
    assert.match(described(flow).at(-1)!, /^press gridcell .* Delete: "40" gone from the page$/);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal((await cells(rig.session.page()))[1]![1], null);
    const kept = await replayOnRelease(rig.session, flow, '#keep');
    assert.equal(kept.status, 'failed');
    assert.match(kept.steps.find((step) => step.error)!.error!.message, /press on gridcell in row "Chair 40 ▼ Attic".*expected "40" gone from the page, found with "40" still in 1 place/);
  });

  it('Handsontable: cells are found by the row and column ARIA gives them, so a release that moves the grid in the page replays the edit', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('handsontable.html'), ready, async (page) => {
      await page.getByRole('gridcell', { name: 'Chair' }).click();
      await page.keyboard.type('Sofa', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
    });
    const cell = flow.steps.find((step) => 'action' in step && step.action.method === 'type');
    assert.ok(cell && 'action' in cell);
    assert.equal(cell.action.selector, 'css=[aria-rowindex="3"] > [aria-colindex="2"]');
    const moved = await replayOnRelease(rig.session, flow, '#wrapped');
    assert.equal(moved.status, 'passed', JSON.stringify(moved.steps.filter((step) => step.error)));
    assert.equal((await cells(rig.session.page()))[1]![0], 'Sofa');
  });

  it('Handsontable: a click on a cell\'s dropdown arrow is recorded on the arrow, which opens the list on replay', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('handsontable.html'), ready, async (page) => {
      await page.getByRole('gridcell', { name: 'Hall' }).locator('.htAutocompleteArrow').click();
      await page.waitForTimeout(500);
      await page.getByRole('option', { name: 'Attic' }).click();
      await page.waitForTimeout(300);
    });
    assert.match(described(flow)[0]!, /^click element "▼" in row "Lamp 12 ▼ Hall": opening listbox/);
    assert.equal(flow.steps[0] && 'action' in flow.steps[0] ? flow.steps[0].action.selector : '', 'css=[aria-rowindex="2"] > [aria-colindex="4"] div');
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal((await cells(rig.session.page()))[0]![2], 'Attic');
  });
});

/**
 * Issue 40: a spreadsheet drawn on a plain table (Jspreadsheet CE): no grid roles, no keyboard field. The sheet's box
 * keeps the focus and takes every key for the selected cell. That box was named by all the text of the sheet, as it
 * got the focus: a key on it named a sheet whose cells had since been edited, or a release with another row, and
 * replay refused it. A value
 * picked from a cell's dropdown (jSuites, no roles) kept only its Done button gone, since the picked text left with the
 * list: a release whose picks do nothing passed.
 */
describe('a spreadsheet on a plain table (Jspreadsheet CE)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const ready = (page: Page) => page.locator('body[data-ready=yes]').waitFor();
  const cell = (page: Page, x: number, y: number) => page.locator(`td[data-x="${x}"][data-y="${y}"]`);

  it('keys on the sheet\'s box go to the selected cell after edits changed the sheet, and on a release with another row; a release whose cells open no editor fails at the typing, one whose Delete clears nothing at the Delete', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('jspreadsheet.html'), ready, async (page) => {
      await cell(page, 0, 1).click();
      await page.keyboard.type('Parsnips', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      await cell(page, 0, 0).click();
      await page.keyboard.press('Delete');
      await page.waitForTimeout(300);
      await cell(page, 1, 0).click();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.type('95', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
    });
    const person = (await cells(rig.session.page())).map((row) => row.slice(0, 2));
    assert.deepEqual(person, [['', 120], ['Parsnips', '95'], ['Pears', 45], ['Leeks', 30]]);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.deepEqual((await cells(rig.session.page())).map((row) => row.slice(0, 2)), person);
    // A release that ships another row: the keys still go to the same cells.
    const more = await replayOnRelease(rig.session, flow, '#more');
    assert.equal(more.status, 'passed', JSON.stringify(more.steps.filter((step) => step.error)));
    assert.deepEqual((await cells(rig.session.page())).map((row) => row.slice(0, 2)), [...person, ['Onions', 60]]);
    const readOnly = await replayOnRelease(rig.session, flow, '#readonly');
    assert.equal(readOnly.status, 'failed');
    assert.match(readOnly.steps.find((step) => step.error)!.error!.message, /the 8 characters typed went to no field/);
    const keep = await replayOnRelease(rig.session, flow, '#keep');
    assert.equal(keep.status, 'failed');
    const deleteAt = flow.steps.findIndex((step) => 'action' in step && step.action.arguments?.[0] === 'Delete');
    assert.equal(keep.steps.find((step) => step.error)!.index, deleteAt);
    assert.match(keep.steps.find((step) => step.error)!.error!.message, /did not have its recorded effect/);
  });

  it('a value picked from a cell\'s dropdown of no roles is found by its text and keeps the cell showing it; a release whose picks do nothing fails at the pick', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('jspreadsheet.html'), ready, async (page) => {
      await cell(page, 2, 3).dblclick();
      await page.waitForTimeout(400);
      await page.locator('.jdropdown-item', { hasText: 'Herb' }).click();
      await page.waitForTimeout(300);
    });
    // The cell "Vegetable" is in two rows: it is found by its row's key and its name, not by a path through the page,
    // nor by all its row shows (its price too), which a release may change.
    const open = flow.steps.find((step) => 'action' in step && step.action.method === 'doubleClick')!;
    assert.ok('action' in open);
    assert.equal(open.action.selector, 'role=row >> internal:has="role=cell[name=\\"Leeks\\"s]" >> role=cell[name="Vegetable"i]');
    assert.ok(open.fallbacks?.includes('role=row >> internal:has-text="4Leeks30Vegetable"s >> role=cell[name="Vegetable"i]'), JSON.stringify(open.fallbacks));
    const pick = flow.steps.at(-1)!;
    assert.ok('action' in pick);
    assert.equal(pick.action.selector, 'css=div.jdropdown-item:has-text("Herb")');
    assert.deepEqual(pick.effect, { appeared: { text: 'Herb' } });
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal((await cells(rig.session.page()))[3]![2], 'Herb');
    const noPick = await replayOnRelease(rig.session, flow, '#nopick');
    assert.equal(noPick.status, 'failed');
    assert.match(noPick.steps.find((step) => step.error)!.error!.message, /element "Herb".*expected "Herb" appearing on the page/);
  });
});
