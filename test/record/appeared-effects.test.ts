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
 * A combobox as React libraries draw it: typing filters a list in a portal; the option picked is written into the
 * field by script (no node changes for it) and the list is taken away. A password field beside it, set by a
 * "Generate" button, is never read.
 */
const COUNTRY = `<h1>Shipping</h1><label for="country">Country</label> <input id="country" role="combobox" aria-expanded="false" autocomplete="off">
  <label for="pass">Password</label> <input id="pass" type="password"> <button id="generate">Generate</button>
  <script>
    var PICKS = true;
    var field = document.getElementById('country');
    var list = null;
    field.addEventListener('input', () => {
      list?.remove();
      list = document.createElement('ul');
      list.setAttribute('role', 'listbox');
      for (const name of ['Austria', 'Australia'].filter((name) => name.toLowerCase().startsWith(field.value.toLowerCase()))) {
        const option = document.createElement('li');
        option.setAttribute('role', 'option');
        option.textContent = name;
        option.addEventListener('click', () => { if (PICKS) field.value = name; list.remove(); list = null; });
        list.append(option);
      }
      document.body.append(list);
    });
    document.getElementById('generate').addEventListener('click', () => { document.getElementById('pass').value = 'Horse battery staple'; });
  </script>`;

/**
 * A multiple select as Ant Design draws it: the options shown are plain elements, and beside them a list for screen
 * readers (clipped to a pixel) that the library draws anew on each pick. The pick adds a chip.
 */
const TOPICS = `<h1>Topics</h1><div id="chips"></div>
  <div id="popup"><div role="listbox" id="a11y" style="position:absolute;width:1px;height:1px;overflow:hidden"><div role="option">Design</div></div>
  <div class="option">Design</div><div class="option">Sales</div></div>
  <script>
    var PICKS = true;
    for (const option of document.querySelectorAll('.option')) option.addEventListener('click', () => {
      if (PICKS) document.getElementById('chips').insertAdjacentHTML('beforeend', '<span class="chip">' + option.textContent + '</span>');
      const list = document.getElementById('a11y');
      list.innerHTML = '<div role="option" aria-selected="true">' + option.textContent + '</div>';
      list.className = 'after-' + option.textContent;
    });
  </script>`;

/** A number field with stepper arrows beside it, as design systems draw them: the arrow acts on its press. */
const PIZZAS = `<h1>Order</h1><label for="pizzas">Pizzas</label><div class="number"><input id="pizzas" value="1">
  <div class="controls"><button type="button" id="up" aria-hidden="true" tabindex="-1">▲</button></div></div>
  <script>
    var STEPS = true;
    document.getElementById('up').addEventListener('pointerdown', (event) => {
      event.preventDefault();
      const field = document.getElementById('pizzas');
      if (STEPS) field.value = String(Number(field.value) + 1);
    });
  </script>`;

/**
 * Chips a multiple select shows, each removed by its × (the × goes with it); "Apricot" is also suggested below, and an
 * option in a closed list says it too, unseen.
 */
const CHIPS = `<h1>Fruit</h1><div id="chips"><span class="chip">Apricot <button aria-label="Remove Apricot">×</button></span>
  <span class="chip">Blueberry <button aria-label="Remove Blueberry">×</button></span></div>
  <p>Suggested: <span>Apricot</span></p><div role="listbox" style="display:none"><div role="option">Blueberry</div></div>
  <script>
    var REMOVES = true;
    document.getElementById('chips').addEventListener('click', (event) => {
      const button = event.target.closest('button');
      if (button && REMOVES) button.parentElement.remove();
    });
  </script>`;

/**
 * A multiple select as Choices.js draws it: the picks are options of a listbox of their own, each selected, with a
 * remove button; the list to pick from is a listbox too, drawn anew as it is filtered.
 */
const PEOPLE = `<h1>Team</h1><div role="listbox" id="picked"></div>
  <div role="listbox" id="choices"><div role="option" aria-selected="false">Ada Lovelace</div><div role="option" aria-selected="false">Grace Hopper</div></div>
  <script>
    var PICKS = true;
    document.getElementById('choices').addEventListener('click', (event) => {
      const name = event.target.textContent;
      if (PICKS) document.getElementById('picked').insertAdjacentHTML('beforeend', '<div role="option" aria-selected="true">' + name + '<button aria-label="Remove item: ' + name + '">×</button></div>');
      document.getElementById('choices').innerHTML = ['Ada Lovelace', 'Grace Hopper'].filter((other) => other !== name).map((other) => '<div role="option" aria-selected="false">' + other + '</div>').join('');
    });
    document.getElementById('picked').addEventListener('click', (event) => { if (event.target.localName === 'button') event.target.parentElement.remove(); });
  </script>`;

/**
 * A read-only date field whose calendar is drawn on the body when the field is clicked (it opens on March 2026, the field's
 * month); a day's click writes the date into the field and takes the calendar away. "Today" writes today's date.
 */
const ARRIVAL = `<h1>Trip</h1><label for="arrival">Arrival</label> <input id="arrival" value="2026-03-01" readonly>
  <script>
    var PICKS = true;
    var field = document.getElementById('arrival');
    field.addEventListener('click', () => {
      if (document.getElementById('calendar')) return;
      const calendar = document.createElement('div');
      calendar.id = 'calendar';
      calendar.innerHTML = '<div>March 2026</div>' + Array.from({ length: 31 }, (_, day) => '<span class="day" style="display:inline-block;width:24px">' + (day + 1) + '</span>').join('') + '<button>Today</button>';
      calendar.addEventListener('mousedown', (event) => event.preventDefault());
      calendar.addEventListener('click', (event) => {
        const now = new Date();
        const pad = (number) => String(number).padStart(2, '0');
        if (event.target.localName === 'button') field.value = now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate());
        else if (event.target.classList.contains('day') && PICKS) field.value = '2026-03-' + pad(event.target.textContent);
        else return;
        calendar.remove();
      });
      document.body.append(calendar);
    });
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
    assert.match(spec, /await expect\.poll\(async \(\) => await page\.getByText\("All changes saved", \{ exact: true \}\)\.filter\(\{ visible: true \}\)\.count\(\) \+ .*\)\.toBeGreaterThanOrEqual\(1\);/);
  });

  it('an option picked into a combobox\'s field (its value set by script) keeps the value as its effect; where the pick does nothing, it fails; a password set by a click is never kept', async () => {
    const page = rig.session.page();
    const steps = await record(COUNTRY, async () => {
      await page.locator('#country').click();
      await page.keyboard.type('au', { delay: 30 });
      await page.getByRole('option', { name: 'Austria' }).click();
      await page.locator('#generate').click();
    });
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, step.effect]), [
      ['fill', 'combobox "Country"', undefined],
      ['click', 'option "Austria"', { appeared: { text: 'Austria' } }],
      ['click', 'button "Generate"', undefined],
    ]);
    const replayed = await replayOn(COUNTRY, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('#country').inputValue(), 'Austria');
    const later = await replayOn(COUNTRY.replace('var PICKS = true', 'var PICKS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[1]?.error?.message ?? '', /option "Austria" was done, but it did not have its recorded effect: expected "Austria" appearing on the page, found with no "Austria" on the page/);
    const spec = exportPlaywrightSpec({ version: FLOW_VERSION, name: 'Shipping', steps }, 'shipping.flow.json');
    assert.match(spec, /page\.getByText\("Austria", \{ exact: true \}\)\.filter\(\{ visible: true \}\)\.count\(\) \+ await page\.locator\('input:visible, textarea:visible'\)/);
  });

  it('a pick beside a list that showed already (kept for screen readers, drawn anew) did not open that list: its chip is the effect', async () => {
    const page = rig.session.page();
    const steps = await record(TOPICS, async () => {
      await page.locator('.option', { hasText: 'Sales' }).click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [['element "Sales"', { appeared: { text: 'Sales', count: 2 } }]]);
    const later = await replayOn(TOPICS.replace('var PICKS = true', 'var PICKS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
  });

  it('a stepper\'s arrow pressed twice is two clicks, each keeping the number it put in its own field; where the arrow does nothing, the first fails', async () => {
    const page = rig.session.page();
    const steps = await record(PIZZAS, async () => {
      for (let press = 0; press < 2; press++) {
        await page.locator('#up').click();
        await page.waitForTimeout(80);
      }
    });
    assert.deepEqual(steps.map((step) => [step.action.method, step.effect]), [['click', { appeared: { text: '2' } }], ['click', { appeared: { text: '3' } }]]);
    assert.equal((await replayOn(PIZZAS, steps)).status, 'passed');
    assert.equal(await page.locator('#pizzas').inputValue(), '3');
    const stuck = await replayOn(PIZZAS.replace('var STEPS = true', 'var STEPS = false'), steps);
    assert.equal(stuck.status, 'failed');
    assert.match(stuck.steps[0]?.error?.message ?? '', /expected "2" appearing on the page, found with no "2" on the page/);
  });

  it('a chip\'s × keeps the text it took off the page, and how many places still show it; where the × does nothing, that step fails', async () => {
    const page = rig.session.page();
    const steps = await record(CHIPS, async () => {
      await page.getByRole('button', { name: 'Remove Apricot' }).click();
      await page.waitForTimeout(80);
      await page.getByRole('button', { name: 'Remove Blueberry' }).click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [
      ['button "Remove Apricot"', { gone: { text: 'Apricot', count: 1 } }],
      // The option in the closed list is not seen: the chip was the only place.
      ['button "Remove Blueberry"', { gone: { text: 'Blueberry' } }],
    ]);
    const replayed = await replayOn(CHIPS, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('.chip').count(), 0);
    const later = await replayOn(CHIPS.replace('var REMOVES = true', 'var REMOVES = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.equal(later.steps.findIndex((step) => step.status === 'failed'), 0);
    assert.match(later.steps[0]?.error?.message ?? '', /button "Remove Apricot" was done, but it did not have its recorded effect: expected "Apricot" gone from the page \(left in 1 place at most\), found with "Apricot" still in 2 places/);
    const spec = exportPlaywrightSpec({ version: FLOW_VERSION, name: 'Fruit', steps }, 'fruit.flow.json');
    assert.match(spec, /await expect\.poll\(async \(\) => await page\.getByText\("Blueberry", \{ exact: true \}\)\.filter\(\{ visible: true \}\)\.count\(\) \+ .*\)\.toBeLessThanOrEqual\(0\);/);
  });

  it('a popup with no role, in a portal, closed by its own Close keeps its text gone; where Close does nothing, that step fails', async () => {
    const page = rig.session.page();
    // As design systems draw a date's popup: a plain div in a portal appended to the body; Close takes the popup out of
    // its portal and the portal off the body at once (so what held the popup is off the page when the change is read).
    const content = `<h1>Trip</h1><button id="open">Pick arrival</button>
      <script>
        var CLOSES = true;
        document.getElementById('open').addEventListener('click', () => {
          const portal = document.createElement('div');
          portal.innerHTML = '<div class="popup" style="position:absolute;top:60px;left:10px;padding:8px;border:1px solid;background:#fff"><p>Arrival options</p><button class="close">Close</button></div>';
          portal.querySelector('.close').addEventListener('click', () => { if (CLOSES) { portal.firstChild.remove(); portal.remove(); } });
          document.body.append(portal);
        });
      </script>`;
    const steps = await record(content, async () => {
      await page.locator('#open').click();
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Close' }).click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [
      ['button "Pick arrival"', { appeared: { text: 'Arrival options' } }],
      ['button "Close"', { gone: { text: 'Arrival options' } }],
    ]);
    assert.equal((await replayOn(content, steps)).status, 'passed');
    const stays = await replayOn(content.replace('var CLOSES = true', 'var CLOSES = false'), steps);
    assert.match(stays.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /button "Close" was done, but it did not have its recorded effect: expected "Arrival options" gone from the page/);
  });

  it('a day picked in a calendar drawn on the body keeps the date it wrote into the field the person was in; "Today" keeps none; where the pick does nothing, that step fails', async () => {
    const page = rig.session.page();
    // Not today's day of the month: a date of today is not kept.
    const day = new Date().getDate() === 15 ? 16 : 15;
    const steps = await record(ARRIVAL, async () => {
      await page.locator('#arrival').click();
      await page.locator('.day', { hasText: new RegExp(`^${day}$`) }).click();
      await page.waitForTimeout(100);
      await page.locator('#arrival').click();
      await page.getByRole('button', { name: 'Today' }).click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [
      ['textbox "Arrival"', undefined],
      [`element "${day}"`, { appeared: { text: `2026-03-${day}` } }],
      ['textbox "Arrival"', undefined],
      ['button "Today"', undefined],
    ]);
    const later = await replayOn(ARRIVAL.replace('var PICKS = true', 'var PICKS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[1]?.error?.message ?? '', new RegExp(`element "${day}" was done, but it did not have its recorded effect: expected "2026-03-${day}" appearing on the page, found with no "2026-03-${day}" on the page`));
  });

  it('a pick shown as a selected option in a list of picks (Choices.js) keeps it, and its remove button keeps it gone; where the pick does nothing, that step fails', async () => {
    const page = rig.session.page();
    const steps = await record(PEOPLE, async () => {
      await page.getByRole('option', { name: 'Grace Hopper' }).click();
      await page.waitForTimeout(100);
      await page.getByRole('button', { name: 'Remove item: Grace Hopper' }).click();
    });
    assert.deepEqual(steps.map((step) => [step.action.description, step.effect]), [
      ['option "Grace Hopper"', { appeared: { text: 'Grace Hopper' } }],
      ['button "Remove item: Grace Hopper" in option "Grace HopperRemove item: Grace Hopper"', { gone: { text: 'Grace Hopper' } }],
    ]);
    const later = await replayOn(PEOPLE.replace('var PICKS = true', 'var PICKS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[0]?.error?.message ?? '', /expected "Grace Hopper" appearing on the page, found with no "Grace Hopper" on the page/);
  });

  it('Delete on a focused tag that removes it keeps the tag gone (a tag group, as React Aria draws it); where Delete does nothing, that step fails', async () => {
    const page = rig.session.page();
    const TAGS = `<h1>Extras</h1><div role="grid" aria-label="Extras"><div role="row" tabindex="0" id="pet">Pet</div><div role="row" tabindex="-1">Parking</div></div>
      <script>var REMOVES = true; document.getElementById('pet').addEventListener('keydown', (event) => { if (event.key === 'Delete' && REMOVES) event.currentTarget.remove(); });</script>`;
    const steps = await record(TAGS, async () => {
      await page.locator('#pet').focus();
      await page.keyboard.press('Delete');
    });
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, step.effect]), [['press', 'row "Pet"', { gone: { text: 'Pet' } }]]);
    const later = await replayOn(TAGS.replace('var REMOVES = true', 'var REMOVES = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[0]?.error?.message ?? '', /expected "Pet" gone from the page, found with "Pet" still in 1 place/);
  });
});
