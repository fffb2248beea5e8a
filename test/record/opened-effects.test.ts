import assert from 'node:assert/strict';
import { useEngine } from '../engine/harness';
import { pageReleases } from './page-releases';

const PICKER = `<h1>Trip</h1><label for="day">Day</label> <input id="day"> <div id="calendar" hidden role="grid" aria-label="Calendar">March</div>
  <script>
    document.getElementById('day').addEventListener('keydown', (event) => {
      if (event.key === 'F4') { event.preventDefault(); document.getElementById('calendar').hidden = false; }
    });
  </script>`;

const DELETE = `<h1>Orders</h1><p>Order 1500 <button id="delete">Delete</button></p>
  <dialog id="confirm" aria-label="Delete this order?"><p>It cannot be undone.</p><button onclick="this.closest('dialog').close()">Keep it</button></dialog>
  <script>document.getElementById('delete').addEventListener('click', () => document.getElementById('confirm').showModal());</script>`;

const TREE = `<h1>Files</h1><label>Search <input id="search"></label>
  <ul role="tree" aria-label="Files"><li role="treeitem" tabindex="0" id="budget">Budget</li><li role="treeitem" tabindex="-1">Plans</li></ul>
  <script>
    document.getElementById('budget').addEventListener('keydown', (event) => {
      if (event.key !== 'F2') return;
      const item = event.currentTarget;
      const box = document.createElement('input');
      box.value = item.textContent;
      box.addEventListener('keydown', (key) => { if (key.key === 'Enter') { item.textContent = box.value; item.focus(); } });
      item.replaceChildren(box);
      box.select();
      box.focus();
    });
  </script>`;

/**
 * A dialog shown and hidden by a class (it stays in the page) with a Close button, and a menu that Escape closes: both
 * showed before the gesture that closes them.
 */
const PROFILE = `<h1>Profile</h1><style>.modal { display: none } .modal.is-open { display: block }</style>
  <div class="modal is-open" id="modal" role="dialog" aria-label="Edit profile"><p>Your name</p><button id="close">Close</button></div>
  <ul role="menu" aria-label="View" id="menu"><li role="menuitem" tabindex="0" id="first">Zoom in</li><li role="menuitem" tabindex="-1">Zoom out</li></ul>
  <script>
    var CLOSES = true;
    document.getElementById('close').addEventListener('click', () => { if (CLOSES) document.getElementById('modal').classList.remove('is-open'); });
    document.getElementById('menu').addEventListener('keydown', (event) => { if (event.key === 'Escape' && CLOSES) event.currentTarget.hidden = true; });
  </script>`;

/**
 * Issue 40: a gesture whose own element does not change but that opens something elsewhere (a key's picker, a click's
 * dialog) keeps what it opened as its effect, and a release where it opens nothing fails at that step, never passes.
 */
describe('what a gesture opened is its effect', function () {
  this.timeout(60_000);
  const rig = useEngine();

  const { record, replayOn } = pageReleases(rig);

  it('F4 in a field that shows a calendar: the press keeps the calendar it opened; a release where F4 does nothing fails at the press', async () => {
    const page = rig.session.page();
    const steps = await record(PICKER, async () => {
      await page.locator('#day').click();
      await page.keyboard.press('F4');
    });
    const press = steps.find((step) => step.action.method === 'press');
    assert.deepEqual(press?.effect, { opened: { role: 'grid', name: 'Calendar' } }, JSON.stringify(steps));
    const replayed = await replayOn(PICKER, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    const later = await replayOn(PICKER.replace("event.key === 'F4'", "event.key === 'F8'"), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /^press on textbox "Day" was done, but it did not have its recorded effect: expected opening grid "Calendar", found with no grid "Calendar" open/);
  });

  it('a click that opens a dialog (the button itself unchanged) keeps the dialog; a release where it opens none fails at the click', async () => {
    const page = rig.session.page();
    const steps = await record(DELETE, () => page.locator('#delete').click());
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, step.effect]), [['click', 'button "Delete"', { opened: { role: 'dialog', name: 'Delete this order?' } }]]);
    assert.equal((await replayOn(DELETE, steps)).status, 'passed');
    const later = await replayOn(DELETE.replace(".showModal()", ".hidden"), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[0]?.error?.message ?? '', /expected opening dialog "Delete this order\?", found with no dialog "Delete this order\?" open/);
  });

  it('a click whose element changes keeps that change only; a click that opens nothing keeps no effect', async () => {
    const page = rig.session.page();
    const content = `<h1>Settings</h1><label><input type="checkbox" id="news"> Newsletter</label><button id="noop">Nothing</button>`;
    const steps = await record(content, async () => {
      await page.locator('#news').click();
      await page.locator('#noop').click();
    });
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, step.effect]), [['check', 'checkbox "Newsletter"', { checked: true }], ['click', 'button "Nothing"', undefined]]);
  });

  it('F2 on a tree item that opens a rename box: the press keeps the focused box it opened; where F2 renames nothing, another field on the page does not make it pass', async () => {
    const page = rig.session.page();
    const steps = await record(TREE, async () => {
      await page.locator('#budget').click();
      await page.keyboard.press('F2');
      await page.keyboard.type('Budget 2027', { delay: 20 });
      await page.keyboard.press('Enter');
    });
    const press = steps.find((step) => step.action.method === 'press' && step.action.arguments?.[0] === 'F2');
    assert.deepEqual(press?.effect, { opened: { role: 'textbox' } }, JSON.stringify(steps));
    const replayed = await replayOn(TREE, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('#budget').innerText(), 'Budget 2027');
    const later = await replayOn(TREE.replace("event.key !== 'F2'", "event.key !== 'F10'"), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /^press on treeitem "Budget" was done, but it did not have its recorded effect: expected opening textbox, found with no textbox open/);
  });

  it('Enter in a block editor\'s paragraph that opens the next one keeps it; a release where Enter only breaks the line fails at the Enter', async () => {
    const page = rig.session.page();
    const BLOCKS = `<h1>Notes</h1><div id="blocks"><div class="block" contenteditable="true">Groceries</div></div>
      <script>
        var SPLITS = true;
        document.getElementById('blocks').addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' || !SPLITS) return;
          event.preventDefault();
          const next = document.createElement('div');
          next.className = 'block';
          next.contentEditable = 'true';
          event.target.after(next);
          next.focus();
        });
      </script>`;
    const steps = await record(BLOCKS, async () => {
      await page.locator('.block').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Milk', { delay: 20 });
    });
    const enter = steps.find((step) => step.action.method === 'press' && step.action.arguments?.[0] === 'Enter');
    assert.deepEqual(enter?.effect, { opened: { role: 'textbox' } }, JSON.stringify(steps));
    const replayed = await replayOn(BLOCKS, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await page.locator('.block').allInnerTexts(), ['Groceries', 'Milk']);
    const later = await replayOn(BLOCKS.replace('var SPLITS = true', 'var SPLITS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /^press on textbox "" was done, but it did not have its recorded effect: expected opening textbox, found with no textbox open/);
  });

  it('a click that opens a menu with no name while another menu shows keeps how many show; where it opens none, the one already open does not make it pass', async () => {
    const page = rig.session.page();
    const MENUS = `<h1>Board</h1><ul role="menu" style="list-style:none"><li role="menuitem">Pinned</li></ul>
      <button id="more">More</button>
      <script>
        var OPENS = true;
        document.getElementById('more').addEventListener('click', () => {
          if (!OPENS) return;
          const menu = document.createElement('ul');
          menu.setAttribute('role', 'menu');
          menu.innerHTML = '<li role="menuitem">Archive</li>';
          document.body.append(menu);
        });
      </script>`;
    const steps = await record(MENUS, () => page.locator('#more').click());
    assert.deepEqual(steps.map((step) => step.effect), [{ opened: { role: 'menu', count: 2 } }]);
    assert.equal((await replayOn(MENUS, steps)).status, 'passed');
    const later = await replayOn(MENUS.replace('var OPENS = true', 'var OPENS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[0]?.error?.message ?? '', /expected opening menu \(2 of them\), found with 1 menu open/);
  });

  it('an item that opens the next column of a cascade (a menu opened from inside a menu) keeps how many menus show; a release where it opens none fails there', async () => {
    const page = rig.session.page();
    const CASCADE = `<h1>Trip</h1><div id="columns" style="display:flex"><ul role="menu"><li role="menuitemcheckbox" aria-checked="false" id="europe">Europe</li><li role="menuitemcheckbox" aria-checked="false">Asia</li></ul></div>
      <script>
        var OPENS = true;
        document.getElementById('europe').addEventListener('click', () => {
          if (!OPENS) return;
          const column = document.createElement('ul');
          column.setAttribute('role', 'menu');
          column.innerHTML = '<li role="menuitemcheckbox" aria-checked="false">Netherlands</li>';
          document.getElementById('columns').append(column);
        });
      </script>`;
    const steps = await record(CASCADE, () => page.getByText('Europe').click());
    assert.deepEqual(steps.map((step) => step.effect), [{ opened: { role: 'menu', count: 2 } }]);
    assert.equal((await replayOn(CASCADE, steps)).status, 'passed');
    const later = await replayOn(CASCADE.replace('var OPENS = true', 'var OPENS = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[0]?.error?.message ?? '', /expected opening menu \(2 of them\), found with 1 menu open/);
  });

  it('a dialog\'s Close that hides it (kept in the page) and Escape on a menu keep what they closed; a release where they close nothing fails at the Close', async () => {
    const page = rig.session.page();
    const steps = await record(PROFILE, async () => {
      await page.locator('#close').click();
      await page.waitForTimeout(100);
      await page.locator('#first').focus();
      await page.keyboard.press('Escape');
    });
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, step.effect]), [
      ['click', 'button "Close"', { closed: { role: 'dialog', name: 'Edit profile' } }],
      ['press', 'menuitem "Zoom in"', { closed: { role: 'menu', name: 'View' } }],
    ]);
    assert.equal((await replayOn(PROFILE, steps)).status, 'passed');
    const later = await replayOn(PROFILE.replace('var CLOSES = true', 'var CLOSES = false'), steps);
    assert.equal(later.status, 'failed', JSON.stringify(later.steps, null, 1));
    assert.match(later.steps[0]?.error?.message ?? '', /button "Close" was done, but it did not have its recorded effect: expected closing dialog "Edit profile", found with dialog "Edit profile" still open/);
  });
});
