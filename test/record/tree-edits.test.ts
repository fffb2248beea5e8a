import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { replayOnRelease, useWidgetSite } from './widget-site';

/** Issue 40: a tree's rename in place (react-arborist) is kept with what the rename did, not only that a box closed. */
describe('a rename in place in a virtualized tree', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the rename box by the row it is in, Enter\'s effect the new name shown, and fails at Enter where the tree keeps the old name', async () => {
    const url = widgets.url('arborist.html');
    const page = rig.session.page();
    const files = () => page.evaluate(() => (window as unknown as { widgetState: () => unknown }).widgetState());
    await page.goto(url);
    await page.getByRole('treeitem', { name: /setup\.md/ }).waitFor();
    const recorder = await Recorder.start(rig.session);
    await page.getByRole('treeitem', { name: /setup\.md/ }).click();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('install.md', { delay: 20 });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    const renamed = [{ docs: ['intro.md', 'install.md'] }, { src: ['main.ts', 'util.ts'] }, 'README.md'];
    assert.deepEqual(await files(), renamed);
    const flow: Flow = { version: FLOW_VERSION, name: 'Files', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.action.selector, step.action.arguments, step.effect] : step)), [
      ['click', 'role=treeitem[name="🌳 setup.md"i]', [], { selected: true }],
      ['press', 'role=treeitem[name="🌳 setup.md"i]', ['Enter'], { opened: { role: 'textbox' } }],
      // The box is found in the row being edited, not by a path through the tree's rows that the next release moves.
      ['fill', 'role=treeitem >> internal:has-text="🌳"s >> role=textbox', ['install.md'], undefined],
      ['press', 'role=treeitem >> internal:has-text="🌳"s >> role=textbox', ['Enter'], { appeared: { text: 'install.md' } }],
    ]);
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 4000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await files(), renamed);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen', 3000);
    assert.equal(frozen.status, 'failed', 'the name stayed setup.md: not a pass');
    const failed = frozen.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.index, 3, JSON.stringify(frozen.steps, null, 1));
    assert.match(failed?.error?.message ?? '', /press on textbox in treeitem "🌳" was done, but it did not have its recorded effect: expected "install\.md" appearing on the page, found with no "install\.md" on the page/);
  });
});
