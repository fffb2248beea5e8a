import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type ActionStep, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';

/*
 * A page with a twin in an open shadow root: the document's own "Save" button and list item, and a widget whose shadow
 * root holds another "Save" button with the same id and another "Buy milk" item. Looked for in the document alone
 * (querySelectorAll) each is unique; replay's finders (the page's, and Playwright's, which enter open shadow roots)
 * find two.
 */
const PAGE = `
  <script>
    window.events = [];
    customElements.define('side-panel', class extends HTMLElement {
      connectedCallback() {
        const root = this.attachShadow({ mode: 'open' });
        root.innerHTML = '<button id="save" onclick="window.events.push(\\'panel save\\')">Save</button><ul><li onclick="window.events.push(\\'panel milk\\')">Buy milk</li></ul>';
      }
    });
  </script>
  <h1>Groceries</h1>
  <button id="save" onclick="events.push('page save')">Save</button>
  <ul><li onclick="events.push('page milk')">Buy milk</li><li>Bread</li></ul>
  <side-panel></side-panel>`;

/** Issue 41, item 2: every selector a recorded step holds is proven, when recorded, to find that element alone. */
describe('recorded selectors are proven on the live page', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('a selector unique in the document but not once open shadow roots are searched is not written; the step still replays on its element', async () => {
    const page = rig.session.page();
    await page.setContent(PAGE);
    const recorder = await Recorder.start(rig.session);
    await page.locator('body > button#save').click();
    await page.locator('body > ul > li').first().click();
    const steps = (await recorder.stop()).map(({ step }) => step).filter((step): step is ActionStep => 'action' in step);
    assert.deepEqual(steps.map((step) => step.action.description), ['button "Save"', 'listitem "Buy milk"']);
    for (const step of steps) {
      const selectors = [step.action.selector, ...(step.fallbacks ?? [])];
      assert.ok(!selectors.includes('css=#save'), `css=#save finds two: ${selectors.join(' | ')}`);
      // What Playwright's locator finds for each (it is what replay falls back on and what an export runs).
      for (const selector of selectors) {
        const found = await page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getRootNode() === document));
        assert.deepEqual(found, [true], `${step.action.description}: ${selector} finds ${found.length} (${found.join(', ')})`);
      }
    }
    const flow: Flow = { version: FLOW_VERSION, name: 'Groceries', steps };
    await page.setContent(PAGE);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await page.evaluate(() => (window as unknown as { events: string[] }).events), ['page save', 'page milk']);
  });

  it('on a table of 2,000 rows, a row\'s button is anchored on its row by a selector replay finds, and replays on a reordered table', async () => {
    const page = rig.session.page();
    await page.goto(rig.url('table.html'));
    const recorder = await Recorder.start(rig.session);
    await page.locator('#orders button').nth(1100).click();
    await page.waitForTimeout(500);
    const steps = (await recorder.stop()).map(({ step }) => step).filter((step): step is ActionStep => 'action' in step);
    assert.equal(steps.length, 1);
    const selectors = [steps[0]!.action.selector, ...(steps[0]!.fallbacks ?? [])];
    const byRow = selectors.find((selector) => selector.startsWith('role=row >> '));
    assert.ok(byRow, `a selector by the row: ${selectors.join(' | ')}`);
    for (const selector of selectors) {
      assert.deepEqual(await page.locator(selector).evaluateAll((found) => found.map((element) => element.closest('tr')?.firstElementChild?.textContent)), ['Order 1101'], selector);
    }
    // The same orders, newest first: the row's place has changed, its text has not.
    await page.goto(rig.url('table.html'));
    await page.evaluate(() => {
      const body = document.querySelector<HTMLTableSectionElement>('#orders tbody')!;
      body.append(...[...body.rows].reverse());
      (window as unknown as { events: string[] }).events = [];
    });
    const replayed = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Orders', steps }, { stepTimeoutMs: 5000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await page.evaluate(() => (window as unknown as { events: string[] }).events), ['edit 1101']);
  });

  it('ids a library makes up on each load (React 19\'s useId, alone or inside a library\'s own id; random tokens; GrapesJS\'s) are not written; stable ids are', async () => {
    const page = rig.session.page();
    // Fluent UI 9 builds its ids around React's: `menu_r_c_`, `field-_r_1___control`.
    await page.setContent(`<h1>Order</h1><button id="_r_21_">Pay</button> <button id="mantine-xisw60gs5">Cancel</button>
      <button id="«r3»">Help</button> <button id="menu_r_c_">More</button> <button id="field-_r_1g___control">Notes</button>
      <button id="idm8">Copy</button> <button id="save-order">Save</button>`);
    const recorder = await Recorder.start(rig.session);
    for (const name of ['Pay', 'Cancel', 'Help', 'More', 'Notes', 'Copy', 'Save']) await page.getByRole('button', { name }).click();
    await page.waitForTimeout(600);
    const steps = (await recorder.stop()).map(({ step }) => step).filter((step): step is ActionStep => 'action' in step);
    const written = steps.map((step) => [step.action.selector, ...(step.fallbacks ?? [])]);
    assert.equal(written.length, 7, JSON.stringify(steps));
    for (const selectors of written.slice(0, 6)) assert.ok(!selectors.some((selector) => /_r_21_|mantine-|«r3»|_r_c_|_r_1g_|idm8/.test(selector)), JSON.stringify(selectors));
    assert.equal(written[6]![0], 'css=#save-order');
  });

  it('an option whose text has nothing lasting of its own is found through the title around it, an item through the data attribute that names it; both replay after the layout moved', async () => {
    const page = rig.session.page();
    // A pick list as Ant Design draws its options, and a toolbox as Editor.js draws its items: every option's text
    // and every item (an icon) share one class; a list for screen readers says "Sales" too.
    const release = (above: string) => `<h1>Topics</h1>${above}<div class="popup"><div class="list">
        <div class="item" title="Design"><div class="item-content">Design</div></div>
        <div class="item" title="Sales"><div class="item-content">Sales</div></div></div>
      <div role="listbox" style="position:absolute;width:1px;height:1px;overflow:hidden"><div role="option">Sales</div></div></div>
      <div class="tools"><div class="tool" data-item-name="paragraph" style="cursor:pointer"><svg width="16" height="16"><rect width="16" height="16"/></svg></div>
        <div class="tool" data-item-name="header" style="cursor:pointer"><svg width="16" height="16"><circle cx="8" cy="8" r="8"/></svg></div></div>
      <script>window.events = []; document.addEventListener('click', (event) => { const named = event.target.closest('[title], [data-item-name]'); if (named) events.push(named.getAttribute('title') ?? named.dataset.itemName); });</script>`;
    await page.setContent(release(''));
    const recorder = await Recorder.start(rig.session);
    await page.locator('.item-content', { hasText: 'Sales' }).click();
    await page.waitForTimeout(80);
    await page.locator('[data-item-name=header] circle').click();
    await page.waitForTimeout(600);
    const steps = (await recorder.stop()).map(({ step }) => step).filter((step): step is ActionStep => 'action' in step);
    assert.deepEqual(steps.map((step) => step.action.selector), ['css=div[title="Sales"] div.item-content', 'css=div[data-item-name="header"]']);
    // The next release adds a block above: every path through the layout moved.
    await page.setContent(release('<div><div><p>New: topics by team</p></div></div>'));
    const flow: Flow = { version: FLOW_VERSION, name: 'topics', steps };
    const replayed = await replayFlow(rig.session, flow, { heal: false, stepTimeoutMs: 3000 });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await page.evaluate(() => (window as unknown as { events: string[] }).events), ['Sales', 'header']);
  });
});
