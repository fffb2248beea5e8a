import assert from 'node:assert/strict';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FLOW_VERSION } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { pageReleases } from './page-releases';

/**
 * A carousel as carousels draw theirs: every slide is on the page all along (moved by a transform), and the bullet of
 * the slide shown is `aria-current`. The arrow, the arrow key on the carousel and a swipe move it.
 */
const CAROUSEL = `<h1>Tour</h1>
  <section id="carousel" tabindex="0" aria-roledescription="carousel" aria-label="Photos" style="width:300px;overflow:hidden;user-select:none">
    <div id="track" style="display:flex;transition:none"><div class="slide" style="flex:0 0 300px;height:120px">Alps</div>
    <div class="slide" style="flex:0 0 300px;height:120px">Fjords</div><div class="slide" style="flex:0 0 300px;height:120px">Dunes</div></div>
  </section>
  <button id="next" aria-label="Next slide">›</button>
  <div id="bullets"><button aria-label="Go to slide 1" aria-current="true"></button><button aria-label="Go to slide 2"></button><button aria-label="Go to slide 3"></button></div>
  <script>
    var MOVES = true;
    var shown = 0;
    function show(index) {
      if (!MOVES) return;
      shown = Math.max(0, Math.min(2, index));
      document.getElementById('track').style.transform = 'translateX(' + (-300 * shown) + 'px)';
      document.querySelectorAll('#bullets button').forEach((bullet, at) => at === shown ? bullet.setAttribute('aria-current', 'true') : bullet.removeAttribute('aria-current'));
    }
    document.getElementById('next').addEventListener('click', () => show(shown + 1));
    document.querySelectorAll('#bullets button').forEach((bullet, at) => bullet.addEventListener('click', () => show(at)));
    document.getElementById('carousel').addEventListener('keydown', (event) => { if (event.key === 'ArrowRight') show(shown + 1); });
  </script>`;

/**
 * Issue 40: a carousel's arrow, key or bullet changes nothing about itself and puts no text on the page (every slide
 * is there all along); what it did is the slide it made current. A release where the arrow does nothing fails there.
 */
describe('the element a gesture made current is its effect', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const { record, replayOn } = pageReleases(rig);

  it('the carousel\'s arrow, a bullet and the arrow key each keep the bullet they made current; where the arrow does nothing, that step fails', async () => {
    const page = rig.session.page();
    const steps = await record(CAROUSEL, async () => {
      await page.locator('#next').click();
      await page.waitForTimeout(100);
      await page.getByRole('button', { name: 'Go to slide 1' }).click();
      await page.waitForTimeout(100);
      await page.locator('#carousel').focus();
      await page.keyboard.press('ArrowRight');
    });
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, step.effect]), [
      ['click', 'button "Next slide"', { current: { name: 'Go to slide 2', role: 'button' } }],
      // The bullet clicked is the one made current: its own state, as the page marks it.
      ['click', 'button "Go to slide 1"', { current: { name: 'Go to slide 1', role: 'button' } }],
      ['press', 'region "Photos"', { current: { name: 'Go to slide 2', role: 'button' } }],
    ]);
    const replayed = await replayOn(CAROUSEL, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('[aria-current]').getAttribute('aria-label'), 'Go to slide 2');
    const stuck = await replayOn(CAROUSEL.replace('var MOVES = true', 'var MOVES = false'), steps);
    assert.equal(stuck.status, 'failed', JSON.stringify(stuck.steps, null, 1));
    assert.equal(stuck.steps.findIndex((step) => step.status === 'failed'), 0);
    assert.match(stuck.steps[0]?.error?.message ?? '', /button "Next slide" was done, but it did not have its recorded effect: expected button "Go to slide 2" current, found with "Go to slide 1" current instead/);
    const spec = exportPlaywrightSpec({ version: FLOW_VERSION, name: 'Tour', steps }, 'tour.flow.json');
    assert.match(spec, /await expect\(page\.locator\('\[aria-current\]:not\(\[aria-current="false"\]\)'\)\.filter\(\{ visible: true \}\)\.and\(page\.getByRole\("button", \{ name: "Go to slide 2", exact: true \}\)\)\)\.not\.toHaveCount\(0\);/);
  });

  it('a carousel that plays by itself: a click elsewhere does not keep the slide it moved to; its arrow, which stops it, still does', async () => {
    const page = rig.session.page();
    // It plays until a control of its own is used, as carousels do (Swiper's disableOnInteraction).
    // It loops, so the arrow moves it wherever the play stopped (a carousel that stops on its last slide would make the
    // arrow's click do nothing, one run in three).
    const playing = CAROUSEL.replace('var MOVES = true;', 'var MOVES = true; var playing = setInterval(() => show((shown + 1) % 3), 150); document.getElementById(\'next\').addEventListener(\'pointerdown\', () => clearInterval(playing));')
      .replace("addEventListener('click', () => show(shown + 1))", "addEventListener('click', () => show((shown + 1) % 3))")
      .replace('<h1>Tour</h1>', '<h1>Tour</h1><button id="like" aria-pressed="false" onclick="setTimeout(() => document.title = \'Liked\', 0)">Like</button>');
    const steps = await record(playing, async () => {
      await page.waitForTimeout(400);
      await page.locator('#like').click();
      await page.waitForTimeout(400);
      await page.locator('#next').click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect?.current === undefined ? 'no current' : 'current']), [
      ['button "Like"', 'no current'],
      ['button "Next slide"', 'current'],
    ]);
  });
});
