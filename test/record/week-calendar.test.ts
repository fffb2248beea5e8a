import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'daypilot.html')!;
const events = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): string[] }).widgetState());

/**
 * Issue 40: a week calendar nobody here had tried (DayPilot Lite: events absolutely placed over tables of hours): an
 * event carried to another day and hour, another pulled longer, a third deleted by its ×. Each step must fail where
 * its gesture does nothing.
 */
describe('a week calendar of tables (DayPilot Lite)', function () {
  this.timeout(120_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('replays the move, the resize and the delete to the same week, and fails at the move and at the × where a release takes neither', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('daypilot.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await events(rig.session.page());
    assert.deepEqual(wanted, ['Design review 2026-03-03T13:00:00–2026-03-03T15:00:00', 'Standup 2026-03-04T10:00:00–2026-03-04T11:00:00']);
    assert.deepEqual(flow.steps.map((step) => 'action' in step && step.action.method), ['dragAndDrop', 'dragAndDrop', 'click']);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.deepEqual(await events(rig.session.page()), wanted);

    const unmoved = await replayOnRelease(rig.session, flow, '#nomove');
    assert.equal(unmoved.status, 'failed', `nothing moved: no pass (${JSON.stringify(await events(rig.session.page()))})`);
    assert.equal(failedStep(unmoved)!.index, 0);

    const kept = await replayOnRelease(rig.session, flow, '#nodelete');
    assert.equal(kept.status, 'failed', `nothing deleted: no pass (${JSON.stringify(await events(rig.session.page()))})`);
    assert.equal(failedStep(kept)!.index, 2);
  });
});
