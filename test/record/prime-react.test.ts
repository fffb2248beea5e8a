import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

interface Trip { cities: string[]; travelClass: string | null; legs: string[]; budget: number; stars: number | null }
const trip = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Trip }).widgetState());
const shown = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} @${step.action.selector}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

/**
 * Issue 40 and 41: PrimeReact 10 (React 19). A chip's × and a rating's stars are SVG icons and plain divs, with no role
 * and no name: they were found only by a path through the page (a release with a notice above moved it), and a star's
 * click kept no effect at all (a release whose stars take no click passed).
 */
describe('controls with no name in a React suite (PrimeReact 10)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const ready = (page: Page) => page.locator('.p-multiselect').waitFor();

  it('a chip\'s × is found by its chip\'s text and a star by its order among the stars, on a release that moved them; the star keeps its drawing, and a release whose stars take no click fails there', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('primereact.html'), ready, async (page) => {
      await page.locator('.p-multiselect').click();
      await page.getByRole('option', { name: 'Berlin' }).click();
      await page.getByRole('option', { name: 'Lisbon' }).click();
      await page.keyboard.press('Escape');
      await page.waitForTimeout(400);
      await page.locator('.p-multiselect-token', { hasText: 'Berlin' }).locator('.p-multiselect-token-icon').click();
      await page.waitForTimeout(300);
      await page.locator('.p-rating-item').nth(3).click();
    });
    const recorded = await trip(rig.session.page());
    assert.deepEqual([recorded.cities, recorded.stars], [['Lisbon'], 4]);
    const steps = shown(flow);
    assert.equal(steps.at(-2), 'click @css=div.p-multiselect-token:has-text("Berlin") svg.p-icon: "Berlin" gone from the page (left in 1 place at most)');
    assert.match(steps.at(-1)!, /^click @css=div\.p-rating > div\.p-rating-item:nth-child\(4\): its drawing changed$/);
    const moved = await replayOnRelease(rig.session, flow, '#moved');
    assert.equal(moved.status, 'passed', JSON.stringify(failedStep(moved)));
    const replayed = await trip(rig.session.page());
    assert.deepEqual([replayed.cities, replayed.stars], [['Lisbon'], 4]);
    const noStars = await replayOnRelease(rig.session, flow, '#nostars');
    assert.equal(noStars.status, 'failed');
    assert.equal(failedStep(noStars)!.index, flow.steps.length - 1);
    assert.match(failedStep(noStars)!.error!.message, /drawing what it drew before/);
  });
});
