import assert from 'node:assert/strict';
import { useEngine } from '../engine/harness';
import { pageReleases } from './page-releases';

const PIN = `<button id="b" aria-pressed="false" onclick="this.setAttribute('aria-pressed', String(this.getAttribute('aria-pressed') !== 'true'))">Pin</button>`;

const RENAME = `<form id="f" onsubmit="event.preventDefault(); if (!location.hash) document.getElementById('name').textContent = this.elements.n.value; this.hidden = true">
  <input name="n" aria-label="New item name" value="app.ts"> <input type="submit" value="🗸" aria-label="Rename">
</form><p id="name">app.ts</p>`;

const CONTACT = '<label>Name <input id="name"></label> <label>City <input id="city"></label>';

/** Issue 40: the click a key makes on a button belongs to that key's step, and only to the key recorded last. */
describe('clicks that keys make', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const { record, replayOn } = pageReleases(rig);
  it('Enter on a toggle is its press; Space after it is the click Space makes, not a click taken for the Enter\'s; replay leaves it as the person did', async () => {
    const page = rig.session.page();
    const steps = await record(PIN, async () => {
      await page.locator('#b').focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(200);
      await page.keyboard.press('Space');
      await page.waitForTimeout(300);
    });
    assert.deepEqual(steps.map((step) => [step.action.method, ...(step.action.arguments ?? []), step.effect]), [['press', 'Enter', { pressed: true }], ['click', { pressed: false }]]);
    assert.equal((await replayOn(PIN, steps)).status, 'passed');
    assert.equal(await page.locator('#b').getAttribute('aria-pressed'), 'false');
  });

  it('Enter in a form\'s field is its press, not also the click the browser gives the form\'s submit button (react-complex-tree\'s rename box)', async () => {
    const page = rig.session.page();
    const steps = await record(RENAME, async () => {
      await page.getByLabel('New item name').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('main.ts', { delay: 20 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
    });
    assert.deepEqual(steps.map((step) => [step.action.method, ...(step.action.arguments ?? [])]), [['fill', 'main.ts'], ['press', 'Enter']]);
    assert.equal((await replayOn(RENAME, steps)).status, 'passed');
    assert.equal(await page.locator('#name').textContent(), 'main.ts');
  });

  it('Tab out of a field that keeps its text committed nothing elsewhere: its press keeps no effect of that text (a variable put in the fill would make it fail)', async () => {
    const page = rig.session.page();
    const steps = await record(CONTACT, async () => {
      await page.getByLabel('Name').click();
      await page.keyboard.type('Ada', { delay: 20 });
      await page.keyboard.press('Tab');
      await page.keyboard.type('Paris', { delay: 20 });
      await page.waitForTimeout(300);
    });
    const tab = steps.find((step) => step.action.method === 'press' && step.action.arguments?.[0] === 'Tab');
    assert.ok(tab, JSON.stringify(steps));
    assert.equal(tab.effect, undefined);
  });
});
