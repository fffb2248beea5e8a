import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { replayOnRelease, useWidgetSite } from './widget-site';

/**
 * A navigation menu as many sites build it: "Products" opens its menu (drawn at the end of the body, tied to it by
 * aria-controls) when the pointer rests on it; "Account" opens its own by a click. `#still`: a later release whose
 * "Products" no longer opens on hover.
 */
const NAVIGATION = `<!doctype html><title>Shop</title>
<nav style="display: flex; gap: 24px; padding: 12px">
  <button id="products" aria-haspopup="true" aria-expanded="false" aria-controls="products-menu">Products</button>
  <button id="account" aria-haspopup="true" aria-expanded="false" aria-controls="account-menu">Account</button>
</nav>
<p>Chosen: <output id="chosen">nothing</output></p>
<script>
  const still = location.hash === '#still';
  function menu(id, opener, items) {
    const list = document.createElement('div');
    list.id = id;
    list.setAttribute('role', 'menu');
    list.hidden = true;
    const box = opener.getBoundingClientRect();
    list.style.cssText = 'position: absolute; background: #eef; padding: 4px; left: ' + box.left + 'px; top: ' + box.bottom + 'px';
    for (const name of items) {
      const item = document.createElement('div');
      item.setAttribute('role', 'menuitem');
      item.textContent = name;
      item.style.padding = '6px';
      item.onclick = () => { document.getElementById('chosen').textContent = name; show(false); };
      list.append(item);
    }
    document.body.append(list);
    const show = (open) => { list.hidden = !open; opener.setAttribute('aria-expanded', String(open)); };
    return show;
  }
  const products = document.getElementById('products');
  const showProducts = menu('products-menu', products, ['Laptops', 'Phones']);
  if (!still) products.addEventListener('mouseenter', () => showProducts(true));
  const account = document.getElementById('account');
  const showAccount = menu('account-menu', account, ['Orders', 'Sign out']);
  account.addEventListener('click', () => showAccount(account.getAttribute('aria-expanded') !== 'true'));
</script>`;

const described = (flow: Flow) => flow.steps.flatMap((step) => ('action' in step ? [`${step.action.method} ${step.action.description}`] : []));

/** Issue 40: menus opened by the pointer resting on their opener replay only if the hover does too. */
describe('menus that open on hover', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('a context menu\'s submenu (react-contexify, shown by :hover) keeps a hover on its item before each pick in it, and replays both picks', async () => {
    const url = widgets.url('contexify.html');
    const page = rig.session.page();
    const files = () => page.evaluate(() => (window as unknown as { widgetState: () => unknown }).widgetState());
    await page.goto(url);
    await page.getByRole('cell', { name: 'budget.xlsx' }).waitFor();
    const recorder = await Recorder.start(rig.session);
    for (const [file, colour] of [['budget.xlsx', 'Green'], ['report.pdf', 'Red']] as const) {
      await page.getByRole('cell', { name: file }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Label' }).hover();
      await page.getByRole('menuitem', { name: colour, exact: true }).click();
      await page.waitForTimeout(300);
    }
    const recorded = await recorder.stop();
    const wanted = await files();
    assert.deepEqual(wanted, [{ name: 'report.pdf', label: 'red' }, { name: 'budget.xlsx', label: 'green' }, { name: 'photo.png', label: '' }]);
    const flow: Flow = { version: FLOW_VERSION, name: 'Files', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(described(flow), [
      // The item's name holds its submenu's, as the accessibility tree names it.
      'rightClick cell "budget.xlsx" in row "budget.xlsx"', 'hover menuitem "Label Red Green"', 'click menuitem "Green"',
      'rightClick cell "report.pdf" in row "report.pdf"', 'hover menuitem "Label Red Green"', 'click menuitem "Red"',
    ]);
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 4000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await files(), wanted);
  });

  it('a navigation menu in a portal that opens on hover keeps the hover; one opened by a click does not get one; a release whose menu no longer opens on hover fails', async () => {
    const page = rig.session.page();
    const url = `${widgets.origin()}/shop`;
    await page.route(`${widgets.origin()}/shop*`, (route) => route.fulfill({ contentType: 'text/html', body: NAVIGATION }));
    try {
      await page.goto(url);
      const recorder = await Recorder.start(rig.session);
      await page.getByRole('button', { name: 'Products' }).hover();
      await page.getByRole('menuitem', { name: 'Phones' }).click();
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Orders' }).click();
      await page.waitForTimeout(300);
      const recorded = await recorder.stop();
      assert.equal(await page.locator('#chosen').textContent(), 'Orders');
      const flow: Flow = { version: FLOW_VERSION, name: 'Shop', startUrl: url, steps: recorded.map(({ step }) => step) };
      assert.deepEqual(described(flow), ['hover button "Products"', 'click menuitem "Phones"', 'click button "Account"', 'click menuitem "Orders"']);
      // The hover's effect is the menu it opened, read before the pick closed it.
      assert.deepEqual('action' in flow.steps[0]! ? flow.steps[0].effect : undefined, { expanded: true });

      await page.goto('about:blank');
      const replayed = await replayFlow(rig.session, { ...flow, steps: flow.steps.slice(0, 2) }, { stepTimeoutMs: 4000, heal: false });
      assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
      assert.equal(await page.locator('#chosen').textContent(), 'Phones');

      await page.goto('about:blank');
      const still = await replayFlow(rig.session, { ...flow, startUrl: `${url}#still` }, { stepTimeoutMs: 2000, heal: false });
      assert.equal(still.status, 'failed', 'the menu never opened: not a pass');
      const failed = still.steps.find((step) => step.status === 'failed');
      assert.equal(failed?.index, 0, JSON.stringify(still.steps, null, 1));
      assert.match(failed?.error?.message ?? '', /hover on button "Products" was done, but it did not have its recorded effect: expected expanded, found not expanded/);
    } finally {
      await page.unroute(`${widgets.origin()}/shop*`);
    }
  });
});
