import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'headless-tree.html')!;
const outline = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): string[] }).widgetState());

/**
 * Issue 40: a tree drawn flat (Headless Tree: every item a button in one list, its depth told by `aria-level`): a file
 * dragged onto a folder lands under it without moving in the list, only deeper. The drag's effect is the folder it is in.
 */
describe('a flat tree whose items are dragged into folders (Headless Tree)', function () {
  this.timeout(120_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the folder the file went into, replays to the same tree, and fails at the drag and at F2 where a release takes neither', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('headless-tree.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await outline(rig.session.page());
    assert.deepEqual(wanted, ['src', '  main.ts', '  util.ts', 'docs', '  guide.md', '  README.md']);
    const drag = flow.steps.findIndex((step) => 'action' in step && step.action.method === 'dragAndDrop');
    const dragStep = flow.steps[drag]!;
    assert.ok('action' in dragStep);
    assert.deepEqual(dragStep.effect?.within, { role: 'treeitem', name: 'docs' }, JSON.stringify(dragStep));

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.deepEqual(await outline(rig.session.page()), wanted);

    // Exported as a Playwright test, the drag checks the folder too: its check reads "docs" on the replayed tree.
    const spec = exportPlaywrightSpec(flow, 'files.flow.json');
    const from = spec.indexOf("(element) => { const item = element.closest('[role=treeitem]');");
    const to = spec.indexOf(')).toBe("docs");', from);
    assert.ok(from > 0 && to > from, spec);
    const check = new Function(`return ${spec.slice(from, to)}`)() as (element: Element) => string | null;
    assert.equal(await rig.session.page().getByRole('treeitem', { name: 'README.md' }).evaluate(check), 'docs');
    assert.equal(await rig.session.page().getByRole('treeitem', { name: 'util.ts' }).evaluate(check), 'src');

    const noDrop = await replayOnRelease(rig.session, flow, '#nodrop');
    assert.equal(noDrop.status, 'failed', `nothing moved: no pass (${JSON.stringify(await outline(rig.session.page()))})`);
    assert.equal(failedStep(noDrop)!.index, drag);
    assert.match(failedStep(noDrop)!.error!.message, /expected (selected, )?in treeitem "docs", found at the top of its tree/);

    const noRename = await replayOnRelease(rig.session, flow, '#norename');
    assert.equal(noRename.status, 'failed', `nothing renamed: no pass (${JSON.stringify(await outline(rig.session.page()))})`);
    assert.ok(failedStep(noRename)!.index < drag);
  });
});
