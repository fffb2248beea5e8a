import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { replayOnRelease, useWidgetSite } from './widget-site';

/** Issue 40: a drag whose result depends on the way the hand went, not only where it ended. */
describe('drags replayed along the person\'s way', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('a node of React Flow snapping to its grid, dragged in small moves, lands in the same cell on replay (a straight drag in other moves lands a cell away); exported code goes the same way', async () => {
    const url = widgets.url('xyflow.html');
    const page = rig.session.page();
    const nodes = () => page.evaluate(() => (window as unknown as { widgetState: () => { nodes: string[] } }).widgetState().nodes);
    await page.goto(url);
    const shipping = page.locator('.react-flow__node', { hasText: 'Shipping' });
    await shipping.waitFor();
    const box = (await shipping.boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    // Pressed 10 px into the node, at the middle of a grid cell as the pane counts it: a move's length decides the cell.
    await page.mouse.move(box.x + 30, box.y + 10);
    await page.mouse.down();
    for (let move = 1; move <= 15; move++) {
      await page.mouse.move(box.x + 30 + 6 * move, box.y + 10 - 8 * move);
      await page.waitForTimeout(20);
    }
    await page.mouse.up();
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    const wanted = await nodes();
    assert.equal(wanted[2], 'ship 380,60');
    const flow: Flow = { version: FLOW_VERSION, name: 'Flow', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.equal(flow.steps.length, 1, JSON.stringify(flow.steps));
    const drag = flow.steps[0]!;
    assert.ok('action' in drag && drag.action.method === 'dragAndDrop');
    const trail = drag.action.arguments?.[5] ?? '';
    // Each move the hand made, from where it pressed, the last where it let go.
    assert.match(trail, /^6,-8 12,-16 18,-24 .* 90,-120$/);
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 4000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await nodes(), wanted);
    // Without the way it went (a straight drag in the engine's own steps), the node lands a cell lower: the trail is
    // what made the difference.
    const straight: Flow = { ...flow, steps: [{ ...drag, action: { ...drag.action, arguments: drag.action.arguments!.slice(0, 5) }, effect: undefined }] };
    const plain = await replayOnRelease(rig.session, straight, '', 4000);
    assert.equal(plain.status, 'passed');
    assert.notDeepEqual(await nodes(), wanted);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen', 2000);
    assert.equal(frozen.status, 'failed', 'the node did not move: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? JSON.stringify(frozen.steps), /did not have its recorded effect: expected placed/);

    const spec = exportPlaywrightSpec(flow, 'flow.flow.json');
    assert.match(spec, /const trail = \[\[6,-8\],\[12,-16\],\[18,-24\],.*\[90,-120\]\];/);
    assert.match(spec, /const moves = trail\.map\(.*\n.*\n.*\n\s*for \(const move of moves\) await page\.mouse\.move\(move\.x, move\.y\);/);
    // A drop, not a swipe: no clock to keep.
    assert.doesNotMatch(spec, /waitForTimeout/);
  });
});
