import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type ActionStep, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { changed, demoPage, example } from './demo-examples';


/** A later release inserts an example above the others: every structural path below it moves. */
async function demo(page: Page, release: 'old' | 'new'): Promise<void> {
  const examples = [example('.check()', ['check-1', 'check-2']), example('.uncheck()', ['uncheck-1'])];
  if (release === 'new') examples.unshift(example('.rightclick()', ['rightclick-1']));
  await page.setContent(demoPage(examples));
}


/** Issue 41, item 1: elements whose role and name repeat are kept by the section a person tells them apart by. */
describe('same-named elements in different sections of a page', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('are recorded under their section, replay on the right ones after a release inserts an example above, and a twin in another section is refused', async () => {
    const page = rig.session.page();
    await demo(page, 'old');
    const recorder = await Recorder.start(rig.session);
    await page.locator('[data-key=check-2]').click();
    await page.locator('[data-key=uncheck-1]').click();
    const recorded = await recorder.stop();
    assert.deepEqual(await changed(page), ['check-2', 'uncheck-1']);
    const flow: Flow = { version: FLOW_VERSION, name: 'Actions', steps: recorded.map(({ step }) => step) };
    const clicks = flow.steps.filter((step): step is ActionStep => 'action' in step);
    assert.deepEqual(clicks.map((step) => step.action.description), ['checkbox "Remember me" under ".check()"', 'checkbox "Remember me" under ".uncheck()"']);
    assert.deepEqual(clicks.map((step) => step.target?.section), ['.check()', '.uncheck()']);
    assert.deepEqual(recorder.problems, []);

    await demo(page, 'new');
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await changed(page), ['check-2', 'uncheck-1'], 'the same checkboxes the person checked, not the ones now at their old places');

    // A stale path that lands on the same-named checkbox of another example is not the person's element.
    await demo(page, 'new');
    const twin: Flow = { ...flow, steps: [{ ...clicks[1]!, action: { ...clicks[1]!.action, selector: 'css=[data-key=check-1]' }, fallbacks: [] }] };
    const refused = await replayFlow(rig.session, twin, { stepTimeoutMs: 1500, heal: false });
    assert.equal(refused.status, 'failed');
    assert.match(refused.steps[0]?.error?.message ?? '', /css=\[data-key=check-1\] finds checkbox "Remember me" under "\.check\(\)", not checkbox "Remember me" under "\.uncheck\(\)"/);
    assert.deepEqual(await changed(page), [], 'nothing was clicked');
  });
});
