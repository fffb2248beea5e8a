import assert from 'node:assert/strict';
import { expect } from '@playwright/test';
import type { Page } from 'playwright-core';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
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

  it('keeps the order each click put its column in, as its cells show it; replays on a release with a column more and the rows in another order, and on one whose rows come in that order already, and fails where the headers sort nothing, even over rows already in that order', async () => {
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

    // Rows that come the dearest first already: the click that sorts them so still shows it (the header's arrow)...
    const presorted = await replayOnRelease(rig.session, flow, '#presorted');
    assert.equal(presorted.status, 'passed', JSON.stringify(failedStep(presorted)));
    assert.deepEqual(await orders(rig.session.page()), wanted);
    // ...and a header that sorts nothing over them is no sort, though its column reads in that order.
    const presortedNoSort = await replayOnRelease(rig.session, flow, '#presorted-nosort');
    assert.equal(presortedNoSort.status, 'failed', 'the rows were in that order before: no pass');
    assert.equal(failedStep(presortedNoSort)!.index, 0);
    assert.match(failedStep(presortedNoSort)!.error!.message, /expected the column "Price" sorted descending, found with the column "Price" in that order before the click already, and nothing in it changed/);

    // Exported as a Playwright test, the first step reads the column before its click and checks it as replay does.
    const spec = exportPlaywrightSpec(flow, 'orders.flow.json');
    // The first step's block: from its "before" to the block of the next step (the page's function spans many lines).
    const from = spec.indexOf('const columnBefore = ');
    const firstStep = spec.slice(from, spec.indexOf('\n  {\n', from)).replace(/\}\s*$/, '');
    assert.ok(from > 0 && firstStep.includes('.click();') && firstStep.includes('.not.toBe(columnBefore.print)'), spec);
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...names: string[]) => (...values: unknown[]) => Promise<void>;
    const run = new AsyncFunction('page', 'expect', firstStep);
    const page = rig.session.page();
    for (const release of ['', '#presorted']) {
      await page.goto('about:blank');
      await page.goto(`${flow.startUrl}${release}`);
      await scenario.ready(page);
      await run(page, expect.configure({ timeout: 2000 }));
    }
    await page.goto('about:blank');
    await page.goto(`${flow.startUrl}#presorted-nosort`);
    await scenario.ready(page);
    await assert.rejects(run(page, expect.configure({ timeout: 1000 })), /the column Price changed by the click/);
  });
});
