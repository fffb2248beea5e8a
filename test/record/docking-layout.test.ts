import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'golden-layout.html')!;
const shape = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): string }).widgetState());

/**
 * Issue 40: a docking layout nobody here had tried (Golden Layout 2): a tab dragged onto another stack's lower half
 * docks under it, a tab clicked, a tab closed by its ×. Each step must fail where its gesture does nothing.
 */
describe('a docking layout (Golden Layout 2)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('replays the dock, the tab and the close to the same layout, and fails at the dock where a release\'s tabs cannot be dragged', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('golden-layout.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await shape(rig.session.page());
    assert.equal(wanted, 'column(stack(Notes,*Tasks),stack(*Calendar))');
    assert.deepEqual(flow.steps.map((step) => 'action' in step && `${step.action.method} ${step.action.description}`), ['dragAndDrop element "Calendar"', 'click element "Tasks"', 'click element in "Inbox"']);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.equal(await shape(rig.session.page()), wanted);

    // The × of another tab is another × (each has no name): a selector gone stale that lands there is refused.
    const close = flow.steps[2]!;
    assert.ok('action' in close);
    const stale: Flow = { ...flow, steps: [...flow.steps.slice(0, 2), { ...close, action: { ...close.action, selector: 'css=div[title="Notes"] div.lm_close_tab' }, fallbacks: [] }] };
    const refused = await replayOnRelease(rig.session, stale);
    assert.equal(refused.status, 'failed', `the × of "Notes" is not the × of "Inbox" (${await shape(rig.session.page())})`);
    assert.equal(failedStep(refused)!.index, 2);
    assert.match(await shape(rig.session.page()), /Notes/, 'nothing was closed');

    const locked = await replayOnRelease(rig.session, flow, '#locked');
    assert.equal(locked.status, 'failed', `nothing docked: no pass (${await shape(rig.session.page())})`);
    assert.equal(failedStep(locked)!.index, 0);
    assert.match(failedStep(locked)!.error!.message, /did not have its recorded effect/);
  });
});
