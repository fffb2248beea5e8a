import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

interface Orders { sorting: string[]; items: string[] }
const orders = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Orders }).widgetState());
const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'tanstack-table.html')!;

/**
 * Issue 40: a table an app draws itself with TanStack Table 8 (its sorting example), whose headers say no aria-sort:
 * a click on a header kept no effect, and a release whose headers sort nothing passed.
 */
describe('a table sorted by its headers that say no order (TanStack Table 8)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the order each click put its column in, as its cells show it; replays on a release with a column more and the rows in another order, and fails where the headers sort nothing', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('tanstack-table.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await orders(rig.session.page());
    assert.deepEqual(wanted, { sorting: ['item desc'], items: ['Teapot', 'Saucers', 'Mugs', 'Kettle'] });
    assert.deepEqual(flow.steps.map((step) => ('action' in step && step.effect ? describeEffect(step.effect) : '')), [
      // TanStack sorts a column of numbers the greatest first.
      'the column "Price" sorted descending',
      // Clicked twice, slower than a double click: each click keeps the order it made, the first read before the second acts.
      'the column "Item" sorted ascending',
      'the column "Item" sorted descending',
    ]);

    const wider = await replayOnRelease(rig.session, flow, '#wider');
    assert.equal(wider.status, 'passed', JSON.stringify(failedStep(wider)));
    assert.deepEqual(await orders(rig.session.page()), wanted);

    const noSort = await replayOnRelease(rig.session, flow, '#nosort');
    assert.equal(noSort.status, 'failed', 'the table was not sorted: no pass');
    assert.equal(failedStep(noSort)!.index, 0);
    assert.match(failedStep(noSort)!.error!.message, /expected the column "Price" sorted descending, found with the column "Price" in no order/);
  });
});
