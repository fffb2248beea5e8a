import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { JOIN_WITHIN_MS } from '../../src/flows/cross-frame-drag';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { failedStep, replayOnRelease, useWidgetSite } from './widget-site';

const canvas = (page: Page): FrameLocator => page.frameLocator('iframe.gjs-frame');
const built = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): string }).widgetState());

/**
 * Issue 40: a page builder nobody here had tried (GrapesJS 0.23, as its docs start one), whose canvas is an iframe
 * holding elements the editor built in its own window. A click on a heading there was recorded as a click on the
 * canvas's body (`instanceof` in the canvas said no element of the heading), the Delete after it as a press that "left
 * the page at once", and the block dragged in from the panel as "a click that changed the page": a drag from one frame
 * into another reaches the recorder in two halves, the drop in the canvas and the drag's end in the panel's page.
 */
describe('a page builder whose canvas is an iframe (GrapesJS 0.23)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the block dragged from the panel into the canvas, a click on a heading there and the Delete that removes it; replays all three, and fails at the drag where the canvas takes no block', async () => {
    const page = rig.session.page();
    const url = widgets.url('grapesjs.html');
    await page.goto(url);
    await page.locator('body[data-ready=yes]').waitFor();
    await canvas(page).getByText('Our shop opens at nine.').waitFor();
    const recorder = await Recorder.start(rig.session);
    const block = (await page.locator('.gjs-block', { hasText: 'Quote' }).boundingBox())!;
    const paragraph = (await canvas(page).getByText('Our shop opens at nine.').boundingBox())!;
    // The block dragged by the browser's own drag and drop from the panel onto the paragraph's lower half.
    await page.mouse.move(block.x + 30, block.y + 20);
    await page.mouse.down();
    for (let move = 1; move <= 15; move++) {
      await page.mouse.move(block.x + 30 + ((paragraph.x + 60 - block.x - 30) * move) / 15, block.y + 20 + ((paragraph.y + paragraph.height * 0.8 - block.y - 20) * move) / 15);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
    await page.waitForTimeout(500);
    await canvas(page).getByText('Welcome').click();
    await page.waitForTimeout(300);
    await page.keyboard.press('Delete');
    await page.waitForTimeout(800);
    const recorded = await recorder.stop();
    const wanted = '<body><p>Our shop opens at nine.</p><blockquote>Well said.</blockquote></body>';
    assert.equal(await built(page), wanted);
    const flow: Flow = { version: FLOW_VERSION, name: 'builder', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(recorder.problems, []);
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}` : step)), ['dragAndDrop element "Quote"', 'click heading "Welcome"', 'press the page']);
    const drag = flow.steps[0]!;
    assert.ok('action' in drag);
    assert.match(drag.action.arguments![0]!, /^frame:.* >>> /, 'the drop target is named through the canvas\'s frame');
    assert.deepEqual(drag.effect, { appeared: { text: 'Well said.' } });

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.equal(await built(page), wanted);

    const nodrop = await replayOnRelease(rig.session, flow, '#nodrop');
    assert.equal(nodrop.status, 'failed', 'the canvas took no block: no pass');
    assert.equal(failedStep(nodrop)!.index, 0);
    assert.match(failedStep(nodrop)!.error!.message, /expected "Well said\." appearing on the page/);
  });
});

describe('a file dragged onto a page from outside it (the desktop)', function () {
  this.timeout(30_000);
  const rig = useEngine();

  it('is a problem naming where it was dropped and what to record instead, not a step, not nothing', async () => {
    const page = rig.session.page();
    await page.setContent(`<h1>Upload</h1><div id="zone" role="region" aria-label="Drop files here" style="width:300px;height:120px;border:2px dashed">Drop files here</div>
      <script>const zone = document.getElementById('zone');
        zone.addEventListener('dragover', (event) => event.preventDefault());
        zone.addEventListener('drop', (event) => { event.preventDefault(); zone.textContent = 'Got ' + [...event.dataTransfer.files].map((file) => file.name).join(', '); });</script>`);
    const file = path.join(os.tmpdir(), `rehearse-drop-${process.pid}.txt`);
    fs.writeFileSync(file, 'hello');
    try {
      const recorder = await Recorder.start(rig.session);
      const box = (await page.locator('#zone').boundingBox())!;
      const cdp = await page.context().newCDPSession(page);
      const at = { x: box.x + 100, y: box.y + 60 };
      const data = { items: [], files: [file], dragOperationsMask: 1 };
      for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
      await page.getByText(/^Got /).waitFor({ timeout: 5000 });
      await page.waitForTimeout(JOIN_WITHIN_MS + 500);
      const recorded = await recorder.stop();
      assert.deepEqual(recorded, []);
      assert.deepEqual(recorder.problems, ['a drop on region "Drop files here" was not recorded: what was dropped came from outside the page (a file from the desktop, or another window). To give a page a file, record its file input\'s upload, or add a setInputFiles step by hand']);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('a drag made inside an iframe (the browser\'s own drag and drop)', function () {
  this.timeout(30_000);
  const rig = useEngine();

  it('names its drop target through the frame, and replays: the drop target\'s selector had no way into the frame', async () => {
    const page = rig.session.page();
    const inner = `<ul id="todo" style="min-height:60px;border:1px solid"><li draggable="true" id="milk">Milk</li></ul><ul id="done" aria-label="Done" style="min-height:60px;border:1px solid"></ul>
      <script>let dragged = null; document.addEventListener('dragstart', (event) => { dragged = event.target; });
        const done = document.getElementById('done'); done.addEventListener('dragover', (event) => event.preventDefault());
        done.addEventListener('drop', (event) => { event.preventDefault(); done.append(dragged); });</script>`;
    const content = `<h1>Board</h1><iframe title="Lists" style="width:400px;height:220px" srcdoc="${inner.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`;
    await page.setContent(content);
    const frame = page.frameLocator('iframe');
    await frame.getByText('Milk').waitFor();
    const recorder = await Recorder.start(rig.session);
    const from = (await frame.getByText('Milk').boundingBox())!;
    const to = (await frame.locator('#done').boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + 5);
    await page.mouse.down();
    for (let move = 1; move <= 10; move++) {
      await page.mouse.move(from.x + 10 + ((to.x + 40 - from.x - 10) * move) / 10, from.y + 5 + ((to.y + 30 - from.y - 5) * move) / 10);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
    await page.waitForTimeout(800);
    const recorded = await recorder.stop();
    assert.deepEqual(recorder.problems, []);
    const drag = recorded.map(({ step }) => step).find((step) => 'action' in step && step.action.method === 'dragAndDrop');
    assert.ok(drag && 'action' in drag, JSON.stringify(recorded));
    assert.match(drag.action.arguments![0]!, /^frame:.* >>> /);

    await page.setContent(content);
    await frame.getByText('Milk').waitFor();
    const replayed = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'board', steps: [drag] }, { stepTimeoutMs: 4000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify([drag, replayed.steps]));
    assert.equal(await frame.locator('#done').innerText(), 'Milk');
  });
});
