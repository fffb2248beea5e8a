import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'gantt.html')!;
const tasks = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Record<string, string> }).widgetState());

/**
 * Issue 40: a Gantt task's progress dragged by its handle (Frappe Gantt 1.2: a circle inside the bar, drawn anew where
 * the last resize put the progress). Replay presses where the person did on the task: on a release whose progress
 * cannot be dragged that press moves the whole task, and the step must fail, not pass.
 */
describe('a Gantt task\'s progress dragged by its handle (Frappe Gantt 1.2)', function () {
  this.timeout(120_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('replays to the same progress after the resize before it, and fails at the drag where a release\'s progress is fixed', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('gantt.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await tasks(rig.session.page());
    assert.equal(wanted.Build, '2026-12-05 → 2026-12-12 30%');
    assert.equal(flow.steps.length, 4);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.deepEqual(await tasks(rig.session.page()), wanted);

    const fixed = await replayOnRelease(rig.session, flow, '#fixed-progress');
    assert.equal(fixed.status, 'failed', `the progress did not move: no pass (${JSON.stringify(await tasks(rig.session.page()))})`);
    assert.equal(failedStep(fixed)!.index, 3);
    assert.match(failedStep(fixed)!.error!.message, /did not have its recorded effect: expected .*still placed 37% across and 60% down the layout 2 levels up, the area around it laid out anew, found placed (39|40)% across/);
  });
});
