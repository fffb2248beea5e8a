import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
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

  it('keeps a number cell typed over after select all as its new value, replays on a release with a column more and the rows reordered, and fails where edits or the column menu do nothing', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('mui-x-grid.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await stall(rig.session.page());
    assert.deepEqual(wanted, { sort: ['price asc'], prices: ['Carrots: 1.2', 'Leeks: 2.9', 'Shallots: 3.1', 'Parsnips: 1.8'], selected: ['Carrots'], hidden: ['category'] });
    const typing = flow.steps.filter((step) => 'action' in step && ['fill', 'type', 'press'].includes(step.action.method ?? '')).map((step) => 'action' in step ? `${step.action.method} ${JSON.stringify(step.action.arguments)}` : '');
    assert.deepEqual(typing, ['fill ["2.9"]', 'press ["Enter"]']);

    const wider = await replayOnRelease(rig.session, flow, '#wider');
    assert.equal(wider.status, 'passed', JSON.stringify(failedStep(wider)));
    assert.deepEqual(await stall(rig.session.page()), wanted);

    const noEdit = await replayOnRelease(rig.session, flow, '#noedit');
    assert.equal(noEdit.status, 'failed');
    assert.match(failedStep(noEdit)!.description, /^press spinbutton/);
    const noHide = await replayOnRelease(rig.session, flow, '#nohide');
    assert.equal(noHide.status, 'failed');
    assert.equal(failedStep(noHide)!.index, flow.steps.length - 1);
  });
});
