import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { pageReleases } from './page-releases';
import { replayOnRelease, useWidgetSite } from './widget-site';

/** Issue 40: gestures on a drawing (a canvas, nothing else in the DOM) replay only with what they drew. */
describe('effects on a canvas', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const { record, replayOn } = pageReleases(rig);

  it('a shape dragged on a Konva stage keeps "its drawing changed" as its effect: replay passes where it moves, fails where the release\'s shapes stay put', async () => {
    const url = widgets.url('konva.html');
    const page = rig.session.page();
    const shapes = () => page.evaluate(() => (window as unknown as { widgetState: () => string[] }).widgetState());
    await page.goto(url);
    const stage = (await page.locator('#stage canvas').boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    await page.mouse.move(stage.x + 100, stage.y + 70);
    await page.mouse.down();
    for (let move = 1; move <= 12; move++) {
      await page.mouse.move(stage.x + 100 + 7 * move, stage.y + 70 + 15 * move);
      await page.waitForTimeout(20);
    }
    await page.mouse.up();
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    const wanted = await shapes();
    assert.equal(wanted[0], 'desk 124,220');
    const flow: Flow = { version: FLOW_VERSION, name: 'Plan', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.equal(flow.steps.length, 1, JSON.stringify(flow.steps));
    const drag = flow.steps[0]!;
    assert.ok('action' in drag && drag.action.method === 'dragAndDrop');
    assert.match(drag.effect?.redrawn?.from ?? '', /^[0-9a-z]+$/, JSON.stringify(drag.effect));
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 4000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await shapes(), wanted);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen', 2000);
    assert.equal(frozen.status, 'failed', 'nothing moved on the stage: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? JSON.stringify(frozen.steps), /did not have its recorded effect: expected its drawing changed, found drawing what it drew before/);

    const spec = exportPlaywrightSpec(flow, 'plan.flow.json');
    // The drawing is read before the drag and checked changed after it, in a block that parses (the page function is
    // put in the spec as it is built).
    const block = /\{\n\s*\/\/ [^\n]*\n\s*const drawnBefore = await page\.locator\("css=canvas"\)\.evaluate\([\s\S]+?\n\s*await page\.mouse\.up\(\);[\s\S]*?\n\s*await expect\.poll\(\(\) => page\.locator\("css=canvas"\)\.evaluate\([\s\S]+?\)\)\.not\.toBe\(drawnBefore\);\n\s*\}/.exec(spec)?.[0] ?? 'no block';
    assert.notEqual(block, 'no block', spec);
    assert.doesNotThrow(() => new Function('page', 'expect', `return (async () => ${block})`), block.slice(0, 200));
  });

  it('a click on the canvas that takes the pointer, drawing on the layer under it, keeps that drawing; a click on a card that holds a chart keeps what it showed, not the chart\'s own motion', async () => {
    const page = rig.session.page();
    // Two layers as drawing apps stack them: the scene, and over it the canvas that takes the pointer and draws nothing.
    // Beside them a card with a chart that moves by itself; a click on the card shows its details. (The script declares
    // nothing with let or const: each release is written into the same window.)
    const content = `<div id="board" style="position:relative;width:200px;height:120px">
        <canvas id="scene" width="200" height="120" style="position:absolute;left:0;top:0"></canvas>
        <canvas id="pointer" width="200" height="120" style="position:absolute;left:0;top:0"></canvas></div>
      <section id="card" style="padding:20px;width:240px;border:1px solid">
        <h2>Sales</h2><div><canvas id="chart" width="200" height="60"></canvas></div><p id="details"></p></section>
      <script>
        var DRAWS = true, SHOWS = true, tick = 0;
        document.getElementById('pointer').addEventListener('click', (event) => {
          if (DRAWS) document.getElementById('scene').getContext('2d').fillRect(event.offsetX - 5, event.offsetY - 5, 10, 10);
        });
        document.getElementById('card').addEventListener('click', () => { if (SHOWS) document.getElementById('details').textContent = 'Best month: March'; });
        setInterval(() => { var chart = document.getElementById('chart').getContext('2d'); chart.clearRect(0, 0, 200, 60); chart.fillRect(tick++ % 200, 10, 8, 40); }, 30);
      </script>`;
    const steps = await record(content, async () => {
      await page.locator('#pointer').click({ position: { x: 50, y: 40 } });
      await page.waitForTimeout(150);
      await page.locator('#card').click({ position: { x: 8, y: 8 } });
    });
    assert.deepEqual(steps.map((step) => [step.action.selector, Object.keys(step.effect ?? {})]), [['css=#pointer', ['redrawn']], ['css=#card', ['appeared']]], JSON.stringify(steps));
    const replayed = await replayOn(content, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.find((step) => step.status === 'failed')));
    const still = await replayOn(content.replace('DRAWS = true', 'DRAWS = false'), steps);
    assert.match(still.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /expected its drawing changed/);
    const quiet = await replayOn(content.replace('SHOWS = true', 'SHOWS = false'), steps);
    assert.match(quiet.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /Best month: March/, 'the chart moving by itself is not the click\'s effect');
  });

  it('a chart still drawing itself in when replay clicks, or showing other figures, does not pass for a click that redrew nothing; a canvas that never stops moving gives a click on it what it showed, not "its drawing changed"', async () => {
    const page = rig.session.page();
    // (Ids of their own: the page before this, written into the same window, still draws into its #chart.)
    // Bars that grow in for a second after the page loads, as charts do; a click on the chart switches its colour.
    const chart = `<canvas id="bars" width="200" height="80"></canvas>
      <script>
        var REDRAWS = true, SHARES = [1, 0.5], grown = 0, colour = '#36c';
        function draw() { var pen = document.getElementById('bars').getContext('2d'); pen.clearRect(0, 0, 200, 80); pen.fillStyle = colour; pen.fillRect(20, 80 - grown * SHARES[0], 40, grown * SHARES[0]); pen.fillRect(100, 80 - grown * SHARES[1], 40, grown * SHARES[1]); }
        var intro = setInterval(function () { grown = Math.min(70, grown + 2); draw(); if (grown >= 70) clearInterval(intro); }, 30);
        document.getElementById('bars').addEventListener('click', function () { if (REDRAWS) { colour = colour === '#36c' ? '#c63' : '#36c'; draw(); } });
      </script>`;
    const steps = await record(chart, async () => {
      await page.waitForTimeout(1500);
      await page.locator('#bars').click({ position: { x: 40, y: 60 } });
    });
    assert.deepEqual(steps.map((step) => [step.action.selector, Object.keys(step.effect ?? {})]), [['css=#bars', ['redrawn']]], JSON.stringify(steps));
    // Replay clicks while the bars are still growing: what it draws then differs from before, whatever the click did.
    const replayed = await replayOn(chart, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps));
    const still = await replayOn(chart.replace('REDRAWS = true', 'REDRAWS = false'), steps);
    assert.match(still.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /expected its drawing changed, found drawing what it drew before/);
    // Other figures on the day of the replay (drawn at once): the chart differs from the recording's whatever the click
    // does. Replay asks that the click changed the chart as it was just before it.
    const otherDay = chart.replace('SHARES = [1, 0.5]', 'SHARES = [0.8, 0.9]').replace('grown = 0', 'grown = 70');
    assert.equal((await replayOn(otherDay, steps)).status, 'passed');
    const stillOtherDay = await replayOn(otherDay.replace('REDRAWS = true', 'REDRAWS = false'), steps);
    assert.match(stillOtherDay.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /expected its drawing changed, found drawing what it drew before/);

    // A live chart that moves all the time; a click on it marks the moment.
    const live = `<canvas id="live" width="200" height="60"></canvas><p id="mark"></p>
      <script>
        var MARKS = true, tick = 0;
        setInterval(function () { var pen = document.getElementById('live').getContext('2d'); pen.clearRect(0, 0, 200, 60); pen.fillRect(tick++ % 190, 10, 10, 40); }, 30);
        document.getElementById('live').addEventListener('click', function () { if (MARKS) document.getElementById('mark').textContent = 'Marked the peak'; });
      </script>`;
    const marked = await record(live, async () => {
      await page.locator('#live').click({ position: { x: 100, y: 30 } });
    });
    assert.deepEqual(marked.map((step) => [step.action.selector, step.effect]), [['css=#live', { appeared: { text: 'Marked the peak' } }]]);
    assert.equal((await replayOn(live, marked)).status, 'passed');
    const unmarked = await replayOn(live.replace('MARKS = true', 'MARKS = false'), marked);
    assert.match(unmarked.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /Marked the peak/);
  });

  it('Chart.js: a click on a legend entry drawn on the chart\'s canvas keeps "its drawing changed"; a release whose legend no longer toggles fails there', async () => {
    const url = widgets.url('chartjs.html');
    const page = rig.session.page();
    const datasets = () => page.evaluate(() => (window as unknown as { widgetState: () => string[] }).widgetState());
    await page.goto(url);
    await page.locator('#sales').waitFor();
    await page.waitForTimeout(500);
    const canvas = (await page.locator('#sales').boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    // The legend is centred above the bars: "South" right of the middle.
    await page.mouse.click(canvas.x + canvas.width / 2 + 40, canvas.y + 16);
    await page.waitForTimeout(500);
    const recorded = await recorder.stop();
    assert.deepEqual(await datasets(), ['North shown', 'South hidden']);
    const flow: Flow = { version: FLOW_VERSION, name: 'Sales', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.action.arguments, Object.keys(step.effect ?? {})] : step)), [['click', ['340', '15'], ['redrawn']]]);
    const replayed = await replayOnRelease(rig.session, flow, '', 3000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await datasets(), ['North shown', 'South hidden']);
    const fixed = await replayOnRelease(rig.session, flow, '#fixed', 1500);
    assert.match(fixed.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /did not have its recorded effect: expected its drawing changed, found drawing what it drew before/);
  });
});
