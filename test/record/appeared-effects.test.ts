import assert from 'node:assert/strict';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FLOW_VERSION } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { pageReleases } from './page-releases';

/**
 * A select drawn by script, its list in a portal on the body, taken away on the pick (as React libraries draw theirs).
 * A heading above already says "Team": the pick makes it two places.
 */
const PLAN = `<h1>Plans</h1><h2>Team</h2><p>Plan: <button id="plan" aria-haspopup="listbox"><span id="value">Hobby</span> ▾</button></p>
  <span id="announce" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(1px,1px,1px,1px)" aria-live="polite"><span></span></span>
  <script>
    var PICKS = true;
    document.getElementById('plan').addEventListener('click', () => {
      const list = document.createElement('div');
      list.innerHTML = '<ul role="listbox" aria-label="Plans" style="list-style:none;padding:4px;border:1px solid"><li role="option">Hobby</li><li role="option">Team</li><li role="option">Business</li></ul>';
      list.addEventListener('click', (event) => {
        if (PICKS) document.getElementById('value').textContent = event.target.textContent;
        document.querySelector('#announce span').textContent = event.target.textContent + ' selected, 3 results';
        list.remove();
      });
      document.body.append(list);
    });
  </script>`;

/** A save button whose only effect is a status line, and a counter and a spinner whose texts say nothing lasting. */
const SAVE = `<h1>Draft</h1><button id="save">Save</button> <span role="status" id="status"></span>
  <button id="count">Count</button> <span id="counted"></span> <button id="load">Load</button> <span id="loading"></span>
  <script>
    var SAVES = true;
    document.getElementById('save').addEventListener('click', () => { if (SAVES) document.getElementById('status').textContent = 'All changes saved'; });
    document.getElementById('count').addEventListener('click', () => { document.getElementById('counted').textContent = 'Counted 3 words'; });
    document.getElementById('load').addEventListener('click', () => { document.getElementById('loading').textContent = 'Loading…'; });
  </script>`;

/**
 * Issue 40: a click whose own element does not change and that opens nothing, but puts text on the page (the option
 * picked now the select's value, "Saved" in a status line), keeps that text as its effect; a release where the pick
 * or the save does nothing fails at that step instead of passing.
 */
describe('what a click put on the page is its effect', function () {
  this.timeout(60_000);
  const rig = useEngine();

  const { record, replayOn } = pageReleases(rig);

  it('an option picked from a list in a portal that closes keeps the value it shows, in two places with the heading; where the pick does nothing, that step fails', async () => {
    const page = rig.session.page();
    const steps = await record(PLAN, async () => {
      await page.locator('#plan').click();
      await page.getByRole('option', { name: 'Team' }).click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [
      ['button "Hobby ▾"', { opened: { role: 'listbox', name: 'Plans' } }],
      // Not the announcement only a screen reader gets, nor the list's own text.
      ['option "Team"', { appeared: { text: 'Team', count: 2 } }],
    ]);
    const replayed = await replayOn(PLAN, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('#value').textContent(), 'Team');
    // The heading still says "Team": one place is not enough.
    const later = await replayOn(PLAN.replace('var PICKS = true', 'var PICKS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.equal(later.steps.findIndex((step) => step.status === 'failed'), 1);
    assert.match(later.steps[1]?.error?.message ?? '', /option "Team" was done, but it did not have its recorded effect: expected "Team" appearing on the page \(in 2 places\), found with "Team" in 1 place/);
  });

  it('a save whose only effect is its status line keeps that text; a counter\'s number and a spinner\'s "Loading…" are not kept', async () => {
    const page = rig.session.page();
    const steps = await record(SAVE, async () => {
      await page.locator('#save').click();
      await page.locator('#count').click();
      await page.locator('#load').click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [
      ['button "Save"', { appeared: { text: 'All changes saved' } }],
      ['button "Count"', undefined],
      ['button "Load"', undefined],
    ]);
    assert.equal((await replayOn(SAVE, steps)).status, 'passed');
    const later = await replayOn(SAVE.replace('var SAVES = true', 'var SAVES = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[0]?.error?.message ?? '', /expected "All changes saved" appearing on the page, found with no "All changes saved" on the page/);
    const spec = exportPlaywrightSpec({ version: FLOW_VERSION, name: 'Draft', steps }, 'draft.flow.json');
    assert.match(spec, /await expect\.poll\(\(\) => page\.getByText\("All changes saved", \{ exact: true \}\)\.filter\(\{ visible: true \}\)\.count\(\)\)\.toBeGreaterThanOrEqual\(1\);/);
  });
});
