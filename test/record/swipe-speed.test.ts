import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

const travelled = (page: Page) => page.evaluate(async () => {
  // Once the strip has stopped gliding: the same translate twice, 200 ms apart (bounded: 4 s).
  const state = () => (window as unknown as { widgetState(): number }).widgetState();
  let last = state();
  for (let round = 0; round < 20; round++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (state() === last) return last;
    last = state();
  }
  return last;
});

const releaseSpeed = (page: Page) => page.evaluate(() => (window as unknown as { releaseSpeed(): number }).releaseSpeed());

/** A hand's swipe to the left: `moves` moves of `stepPx`, `everyMs` apart, let go at once after the last. */
async function swipe(page: Page, moves: number, stepPx: number, everyMs: number): Promise<void> {
  const box = (await page.locator('.swiper').boundingBox())!;
  const [x, y] = [box.x + box.width - 40, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let move = 1; move <= moves; move++) {
    if (move > 1 && everyMs) await page.waitForTimeout(everyMs);
    await page.mouse.move(x - move * stepPx, y);
  }
  await page.mouse.up();
}

/**
 * Issue 40: a strip in Swiper's free mode glides on after a swipe as far as the hand's speed at the release says. The
 * step kept only that the hand let go moving, and replay went the way at its own pace: a slow swipe replayed fast
 * glides too far, a fast one too short, and the strip stops elsewhere.
 */
describe('a swipe whose glide follows the hand\'s speed (Swiper free mode)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const ready = (page: Page) => page.locator('.swiper-slide-active').waitFor();

  for (const [name, moves, stepPx, everyMs] of [['a flick', 8, 50, 20], ['a fast flick', 6, 60, 0]] as const) {
    it(`${name} keeps the hand's speed, and replay glides the strip to where the person's stopped`, async () => {
      const flow = await recordOnWidget(rig.session, widgets.url('swiper-free.html'), ready, (page) => swipe(page, moves, stepPx, everyMs));
      const wanted = await travelled(rig.session.page());
      const handSpeed = await releaseSpeed(rig.session.page());
      const drag = flow.steps.at(-1)!;
      assert.ok('action' in drag && drag.action.method === 'dragAndDrop', JSON.stringify(drag));
      assert.match(drag.action.arguments!.at(-1)!, / flung \d+(\.\d)?$/);
      const replayed = await replayOnRelease(rig.session, flow);
      assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
      // The glide is the library's reading of the speed (Swiper's, from the last two moves), as uneven for two swipes
      // of one hand: what replay owes is the speed as the page saw it, within a third, and a glide beyond the release.
      const replaySpeed = await releaseSpeed(rig.session.page());
      assert.ok(Math.abs(replaySpeed - handSpeed) <= handSpeed / 3, `the person's hand let go at ${handSpeed.toFixed(2)} px/ms, the replay's at ${replaySpeed.toFixed(2)}`);
      // Let go where the hand had taken the strip (its translate then): the glide goes on past it.
      const glided = await travelled(rig.session.page());
      assert.ok(glided < -moves * stepPx - 60, `the strip glided on past where it was let go: the replay's stopped at ${glided} px, the person's at ${wanted} px`);

      // Exported as a Playwright test, the swipe keeps the hand's speed too.
      const spec = exportPlaywrightSpec(flow, 'strip.flow.json');
      const from = spec.indexOf('\n  {\n    const from = await');
      const block = spec.slice(from, spec.indexOf('\n  }\n', from) + 4);
      assert.ok(from > 0 && block.includes('waitForTimeout'), spec);
      const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...names: string[]) => (...values: unknown[]) => Promise<void>;
      const page = rig.session.page();
      await page.goto('about:blank');
      await page.goto(flow.startUrl!);
      await ready(page);
      await new AsyncFunction('page', block)(page);
      const exported = await releaseSpeed(page);
      assert.ok(Math.abs(exported - handSpeed) <= handSpeed / 3, `the person's hand let go at ${handSpeed.toFixed(2)} px/ms, the exported test's at ${exported.toFixed(2)}`);
    });
  }
});
