import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'react-json-view.html')!;
const settings = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Record<string, unknown> }).widgetState());

/**
 * Issues 40 and 41: an icon of no name and no class of its own (react-json-view's remove icon, an svg in a classed
 * span, shown while the pointer rests on its row) is told apart as a person tells it, by its row's key: on a release
 * whose settings begin with one key more, the path through the layout lands on another row's icon.
 */
describe('an unnamed icon in a row of no role (react-json-view)', function () {
  this.timeout(120_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the row\'s key in the icon\'s selector, and removes that row\'s key on a release with a key more above it', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('react-json-view.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await settings(rig.session.page());
    assert.deepEqual(wanted, { fontSize: '16', plugins: { spell: true, lint: false, autosave: null } });
    const remove = flow.steps.find((step) => 'action' in step && step.effect?.gone?.text === 'theme');
    assert.ok(remove && 'action' in remove, JSON.stringify(flow.steps));
    assert.equal(remove.action.selector, 'css=div.variable-row:has-text("theme") span.click-to-remove-icon svg');

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.deepEqual(await settings(rig.session.page()), wanted);

    const moved = await replayOnRelease(rig.session, { ...flow, steps: flow.steps.slice(0, flow.steps.indexOf(remove) + 1) }, '#language');
    assert.equal(moved.status, 'passed', JSON.stringify(failedStep(moved)));
    assert.deepEqual(await settings(rig.session.page()), { language: 'en', fontSize: '16', plugins: { spell: true, lint: false } });
  });
});
