import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { pageReleases } from './page-releases';
import { replayOnRelease, useWidgetSite } from './widget-site';

/**
 * Issue 40: a click or a key whose only effect is that the area around it is laid out anew (a map zoomed, a list
 * switched to a grid) keeps that as its effect; a release where it does nothing fails there instead of passing.
 */
describe('effects that lay the area out anew', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const { record, replayOn } = pageReleases(rig);

  it('Leaflet: "Zoom in" and the minus key on the focused map keep the map laid out anew; a release whose zoom does nothing fails at the button', async () => {
    const url = widgets.url('leaflet.html');
    const page = rig.session.page();
    const zoom = () => page.evaluate(() => (window as unknown as { widgetState: () => { zoom: number } }).widgetState().zoom);
    await page.goto(url);
    await page.locator('.leaflet-interactive').first().waitFor();
    const recorder = await Recorder.start(rig.session);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(400);
    await page.keyboard.press('Minus');
    await page.waitForTimeout(400);
    const recorded = await recorder.stop();
    assert.equal(await zoom(), 1);
    const flow: Flow = { version: FLOW_VERSION, name: 'Depots', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.action.description, step.effect?.rearranged?.levels] : step)), [
      ['click', 'button "Zoom in"', 4],
      ['click', 'button "Zoom in"', 4],
      ['press', 'element "+ − Leaflet"', 0],
    ]);
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 3000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await zoom(), 1);
    const stuck = await replayOnRelease(rig.session, flow, '#stuck', 1500);
    assert.equal(stuck.steps.findIndex((step) => step.status === 'failed'), 1, 'the map did not zoom: not a pass');
    assert.match(stuck.steps[1]?.error?.message ?? '', /click on button "Zoom in" was done, but it did not have its recorded effect: expected the area around it laid out anew, found with the area around it laid out as before/);

    // Exported code reads the same print, with the page's own function.
    const spec = exportPlaywrightSpec(flow, 'depots.flow.json');
    // Read before the click, checked changed after it, in a block of its own.
    const check = /\{\n\s*\/\/ [^\n]*\n\s*const laidOutBefore = await page\.locator\("role=button\[name=\\"Zoom in\\"i\]"\)\.evaluate\([\s\S]+?, 4\);\n\s*await page\.locator\("role=button\[name=\\"Zoom in\\"i\]"\)\.click\(\);\n\s*await expect\.poll\(\(\) => page\.locator\("role=button\[name=\\"Zoom in\\"i\]"\)\.evaluate\([\s\S]+?, 4\)\)\.not\.toBe\(laidOutBefore\);\n\s*\}/.exec(spec)?.[0] ?? 'no check';
    assert.notEqual(check, 'no check', spec);
    assert.doesNotThrow(() => new Function('page', 'expect', `return (async () => ${check})`), check.slice(0, 200));
  });

  it('a button that switches a list to a grid keeps that, and fails where it does nothing even with more items; a click that moves nothing, beside a spinner that turns by itself, keeps no such effect', async () => {
    const page = rig.session.page();
    const content = `<main style="width:600px;min-height:300px">
        <button id="grid">Grid</button><button id="noop">Refresh</button>
        <span style="display:inline-block;width:20px;height:20px;border:3px solid #999;border-top-color:#333;border-radius:50%;animation:spin 0.6s linear infinite"></span>
        <ul id="items" style="list-style:none;padding:0"><li>Alps</li><li>Fjords</li><li>Dunes</li><li>Lakes</li></ul>
      </main>
      <style>@keyframes spin { to { transform: rotate(360deg) } } .as-grid { display: grid; grid-template-columns: 1fr 1fr }</style>
      <script>
        var SWITCHES = true;
        document.getElementById('grid').addEventListener('click', () => { if (SWITCHES) document.getElementById('items').classList.toggle('as-grid'); });
      </script>`;
    const steps = await record(content, async () => {
      await page.locator('#noop').click();
      await page.waitForTimeout(300);
      await page.locator('#grid').click();
      await page.waitForTimeout(300);
    });
    assert.deepEqual(steps.map((step) => [step.action.description, Object.keys(step.effect ?? {})]), [
      ['button "Refresh"', []],
      ['button "Grid"', ['rearranged']],
    ]);
    assert.equal((await replayOn(content, steps)).status, 'passed');
    const still = await replayOn(content.replace('SWITCHES = true', 'SWITCHES = false'), steps);
    assert.match(still.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /button "Grid" was done, but it did not have its recorded effect: expected the area around it laid out anew/);
    // More items on the day of the replay: the area is laid out unlike the recording's whatever the click does.
    const moreItems = content.replace('<li>Lakes</li>', '<li>Lakes</li><li>Capes</li>');
    assert.equal((await replayOn(moreItems, steps)).status, 'passed');
    const stillMore = await replayOn(moreItems.replace('SWITCHES = true', 'SWITCHES = false'), steps);
    assert.match(stillMore.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /button "Grid" was done, but it did not have its recorded effect: expected the area around it laid out anew/);
  });

  it('a click that moves nothing beside a ticker the page moves itself (no CSS animation, a timer) keeps no "laid out anew"', async () => {
    const page = rig.session.page();
    const content = `<main style="width:600px;min-height:300px;position:relative">
        <button id="noop">Refresh</button>
        <div style="position:relative;height:24px;overflow:hidden"><span id="ticker" style="position:absolute;left:0">EUR 1.08 · USD 1.00</span></div>
        <ul style="list-style:none;padding:0"><li>Alps</li><li>Fjords</li></ul>
      </main>
      <script>
        var at = 0;
        setInterval(function () { at = (at + 3) % 400; document.getElementById('ticker').style.left = at + 'px'; }, 30);
      </script>`;
    const steps = await record(content, async () => {
      await page.locator('#noop').click();
      await page.waitForTimeout(300);
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [['button "Refresh"', undefined]]);
  });

  it('a calendar\'s arrow that draws the next month whole in the same boxes keeps the calendar shown anew; a release whose arrow does nothing fails there', async () => {
    const page = rig.session.page();
    // The calendar renders itself whole on each arrow, the arrow too, as jQuery UI's does; a month's name is not kept
    // (another on the day of a replay), and its days sit in the same boxes.
    const content = `<div id="calendar" style="width:280px;height:240px;border:1px solid"></div>
      <script>
        var MOVES = true, shown = new Date(2031, 4, 1);
        function render() {
          var days = '';
          for (var day = 1; day <= 28; day++) days += '<a href="#" style="display:inline-block;width:36px">' + (day + shown.getMonth()) + '</a>';
          document.getElementById('calendar').innerHTML = '<div><span>' + shown.toLocaleString('en', { month: 'long' }) + ' ' + shown.getFullYear() + '</span> <a href="#" class="next" title="Next"><span>Next</span></a></div><div>' + days + '</div>';
          document.querySelector('#calendar .next').addEventListener('click', function (event) { event.preventDefault(); if (MOVES) { shown = new Date(shown.getFullYear(), shown.getMonth() + 1, 1); render(); } });
        }
        render();
      </script>`;
    const steps = await record(content, async () => {
      await page.locator('#calendar .next span').click();
      await page.waitForTimeout(500);
    });
    assert.deepEqual(steps.map((step) => [step.action.description, Object.keys(step.effect ?? {})]), [['link "Next"', ['rearranged']]], JSON.stringify(steps));
    assert.equal((await replayOn(content, steps)).status, 'passed');
    const stuck = await replayOn(content.replace('MOVES = true', 'MOVES = false'), steps);
    assert.match(stuck.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /link "Next" was done, but it did not have its recorded effect: expected the area around it laid out anew/);
  });
});
