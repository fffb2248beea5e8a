import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'splide.html')!;
const shown = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): { index: number; shown: string } }).widgetState());

/**
 * Issue 40: a carousel swiped by mouse (Splide 4) moves on by the speed the hand let go at. Replay rested on the drop
 * place before letting go, and the carousel snapped back; the swipe kept no effect (its slide two widths out of its
 * track is no place a flow can keep), so a release whose slides cannot be dragged could not fail there.
 */
describe('a carousel swiped by mouse (Splide 4)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps that the hand let go while moving and the bullet the swipe made current; replays the swipe, and fails at it where a release\'s slides cannot be dragged', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('splide.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await shown(rig.session.page());
    assert.deepEqual(wanted, { index: 4, shown: 'Glaciers' });
    const swipe = flow.steps.at(-1)!;
    assert.ok('action' in swipe && swipe.action.method === 'dragAndDrop');
    assert.match(swipe.action.arguments!.at(-1)!, / flung \d+(\.\d)?$/);
    assert.deepEqual(swipe.effect, { current: { name: 'Go to slide 5', role: 'tab' } });

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.deepEqual(await shown(rig.session.page()), wanted);

    const noDrag = await replayOnRelease(rig.session, flow, '#nodrag');
    assert.equal(noDrag.status, 'failed', 'the slides did not move: no pass');
    assert.equal(failedStep(noDrag)!.index, flow.steps.length - 1);
    assert.match(failedStep(noDrag)!.error!.message, /expected tab "Go to slide 5" current, found with "Go to slide 3" current instead/);
  });

  it('a swipe to the next slide fails where a release flings it two slides on, though the slide glides through the recorded place on its way', async () => {
    // The person's way to the third slide (as in the gauntlet), then a short swipe to the fourth: its bullet had been
    // current before, so the step keeps where the slide stopped.
    const flow = await recordOnWidget(rig.session, widgets.url('splide.html'), scenario.ready, async (page) => {
      await page.getByRole('button', { name: 'Next slide' }).click();
      await page.getByRole('tab', { name: 'Go to slide 4' }).click();
      await page.keyboard.press('ArrowLeft');
      await page.waitForTimeout(400);
      const slide = (await page.getByRole('tabpanel', { name: '3 of 5' }).boundingBox())!;
      await page.mouse.move(slide.x + 400, slide.y + 100);
      await page.mouse.down();
      for (let move = 1; move <= 5; move++) await page.mouse.move(slide.x + 400 - move * 40, slide.y + 100);
      await page.mouse.up();
      await page.waitForTimeout(600);
    });
    assert.deepEqual(await shown(rig.session.page()), { index: 3, shown: 'Lakes' });
    const swipe = flow.steps.at(-1)!;
    assert.ok('action' in swipe && swipe.effect?.place, JSON.stringify(swipe));
    assert.equal((await replayOnRelease(rig.session, flow)).status, 'passed');
    assert.deepEqual(await shown(rig.session.page()), { index: 3, shown: 'Lakes' });

    const far = await replayOnRelease(rig.session, flow, '#far');
    assert.deepEqual(await shown(rig.session.page()), { index: 4, shown: 'Glaciers' });
    assert.equal(far.status, 'failed', 'the slides stopped a slide further on: no pass');
    assert.equal(failedStep(far)!.index, flow.steps.length - 1);
    assert.match(failedStep(far)!.error!.message, /expected placed -100% across and 0% down the layout 2 levels up, found placed -200% across/);
  });
});
