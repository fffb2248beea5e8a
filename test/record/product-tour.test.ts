import assert from 'node:assert/strict';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'shepherd.html')!;

/**
 * Issue 40: a product tour's Next (Shepherd 15) closes its step's dialog and opens the next step's. The step kept only
 * the dialog it closed, which a release whose Next ends the tour closes too: that replay passed.
 */
describe('a product tour stepped on by its Next (Shepherd 15)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the next step\'s dialog as what Next opened, and fails at Next where a release ends the tour there', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('shepherd.html'), scenario.ready, async (page) => {
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await page.getByRole('dialog', { name: 'Projects' }).getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog', { name: 'Reports' }).waitFor();
    });
    const next = flow.steps.at(-1)!;
    assert.ok('action' in next);
    assert.deepEqual(next.effect, { opened: { role: 'dialog', name: 'Reports' } }, JSON.stringify(flow.steps));

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));

    const short = await replayOnRelease(rig.session, flow, '#short');
    assert.equal(short.status, 'failed', 'the tour ended at Next: no pass');
    assert.equal(failedStep(short)!.index, flow.steps.length - 1);
    assert.match(failedStep(short)!.error!.message, /did not have its recorded effect: expected opening dialog "Reports", found with no dialog "Reports" open/);
  });
});
