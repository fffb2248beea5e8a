import assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { failedStep, replayOnRelease, useWidgetSite } from './widget-site';

const canvas = (page: Page): FrameLocator => page.frameLocator('iframe.gjs-frame');
const built = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): string }).widgetState());

/**
 * Issue 40: a page builder nobody here had tried (GrapesJS 0.23, as its docs start one), whose canvas is an iframe
 * holding elements the editor built in its own window. A click on a heading there was recorded as a click on the
 * canvas's body (`instanceof` in the canvas said no element of the heading), the Delete after it as a press that "left
 * the page at once", and the block dragged in from the panel as "a click that changed the page".
 */
describe('a page builder whose canvas is an iframe (GrapesJS 0.23)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps a click on a heading in the canvas and the Delete that removes it, replays both, and tells the person that a block dragged in from the panel is not kept', async () => {
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
    assert.equal(await built(page), '<body><p>Our shop opens at nine.</p><blockquote>Well said.</blockquote></body>');
    const flow: Flow = { version: FLOW_VERSION, name: 'builder', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description} ${step.action.arguments?.join(' ') ?? ''}`.trim() : step)), ['click heading "Welcome"', 'press the page Delete']);
    assert.deepEqual(recorder.problems, ['drag on element "Quote" was not recorded: it was dropped in another frame (an iframe of the page), and a drag from one frame into another is not kept yet (its step is a dragAndDrop whose drop target names that frame: frame:… >>> …). Record it again, or add the step by hand.']);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.equal(await built(page), '<body><p>Our shop opens at nine.</p></body>');
  });
});
