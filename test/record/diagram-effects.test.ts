import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { replayOnRelease, useWidgetSite } from './widget-site';

/**
 * Issue 40: what a node editor's gestures do is drawn in SVG with no text: an edge named by its label. Joining two nodes
 * keeps the edge that appeared, deleting one by its key the edge that went; a release where either does nothing fails
 * at that step instead of passing.
 */
describe('effects in a diagram: edges named by their labels', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('React Flow: joining two nodes keeps the edge that appeared, Backspace on an edge the edge that went; releases where nodes no longer join or edges no longer delete fail at that step', async () => {
    const url = widgets.url('xyflow.html');
    const page = rig.session.page();
    const edges = () => page.evaluate(() => (window as unknown as { widgetState: () => { edges: string[] } }).widgetState().edges);
    await page.goto(url);
    await page.locator('.react-flow__node', { hasText: 'Shipping' }).waitFor();
    const recorder = await Recorder.start(rig.session);
    const from = (await page.locator('.react-flow__node', { hasText: 'Payment' }).locator('.react-flow__handle-bottom').boundingBox())!;
    const to = (await page.locator('.react-flow__node', { hasText: 'Shipping' }).locator('.react-flow__handle-top').boundingBox())!;
    await page.mouse.move(from.x + 4, from.y + 4);
    await page.mouse.down();
    for (let move = 1; move <= 12; move++) {
      await page.mouse.move(from.x + 4 + ((to.x - from.x) * move) / 12, from.y + 4 + ((to.y - from.y) * move) / 12);
      await page.waitForTimeout(20);
    }
    await page.mouse.up();
    await page.waitForTimeout(300);
    // The first edge runs straight down, a line of no width: a person clicks on it.
    const edge = (await page.getByRole('group', { name: 'Edge from order to pay' }).locator('path').first().boundingBox())!;
    await page.mouse.click(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.waitForTimeout(300);
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    assert.deepEqual(await edges(), ['pay->ship']);
    const flow: Flow = { version: FLOW_VERSION, name: 'Flow', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.effect] : step)), [
      ['dragAndDrop', { appeared: { text: 'Edge from pay to ship' } }],
      ['click', undefined],
      ['press', { gone: { text: 'Edge from order to pay' } }],
    ]);
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 3000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await edges(), ['pay->ship']);

    const unjoined = await replayOnRelease(rig.session, flow, '#unjoined', 1500);
    assert.equal(unjoined.steps.findIndex((step) => step.status === 'failed'), 1, 'the join did nothing: its step fails');
    assert.match(unjoined.steps[1]?.error?.message ?? '', /did not have its recorded effect: expected "Edge from pay to ship" appearing on the page, found with no "Edge from pay to ship" on the page/);

    const undeletable = await replayOnRelease(rig.session, flow, '#undeletable', 1500);
    assert.equal(undeletable.steps.findIndex((step) => step.status === 'failed'), 3, 'the edge stayed: the key\'s step fails');
    assert.match(undeletable.steps[3]?.error?.message ?? '', /expected "Edge from order to pay" gone from the page, found with "Edge from order to pay" still in 1 place/);

    // Exported code counts the labelled elements too.
    const spec = exportPlaywrightSpec(flow, 'flow.flow.json');
    assert.match(spec, /\[aria-label=\\?"Edge from pay to ship\\?"\]/);
  });
});
