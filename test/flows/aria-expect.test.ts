import assert from 'node:assert/strict';
import { HumanReporter } from '../../src/cli/reporters';
import { replayFlow } from '../../src/flows/replay';
import type { Flow, FlowStep } from '../../src/schema';
import { useEngine } from '../engine/harness';

/** The cart as a person checks it: its heading, the list's items (one by a pattern), the gift box's state. */
const CART_SNAPSHOT = [
  '- heading "Your cart" [level=1]',
  '- list "Items":',
  '  - listitem: /Apples, \\d+/',
  '  - listitem: Pears, 2',
  '- checkbox "Gift wrap"',
].join('\n');

describe('ARIA snapshot expectations', () => {
  const rig = useEngine();
  const flow = (steps: FlowStep[]): Flow => ({ version: 1, name: 'Cart', startUrl: rig.url('cart.html'), steps });

  it('a region matches a partial snapshot: lines left out, names by pattern, attributes only where written', async () => {
    const result = await replayFlow(rig.session, flow([
      { expect: { selector: 'css=main', aria: CART_SNAPSHOT } },
      { expect: { aria: '- navigation "Shop":\n  - link "Offers"' } },
      { action: { selector: 'css=#gift', description: 'Gift wrap', method: 'check', arguments: [] } },
      { expect: { selector: 'css=main', aria: '- checkbox "Gift wrap" [checked]' } },
    ]));
    assert.equal(result.status, 'passed', JSON.stringify(result.steps));
    assert.deepEqual(result.steps.slice(1).map((step) => step.description), [
      'expect css=main matches an ARIA snapshot (5 lines)',
      'expect the page matches an ARIA snapshot (2 lines)',
      'check Gift wrap',
      'expect css=main matches an ARIA snapshot (1 line)',
    ]);
  });

  it('fails when the region changed, with a line diff of what was expected and what the page has', async () => {
    const started = Date.now();
    const result = await replayFlow(rig.session, flow([
      { action: { selector: 'role=button[name="Remove Pears"]', description: 'Remove Pears', method: 'click', arguments: [] } },
      { expect: { selector: 'css=main', aria: CART_SNAPSHOT }, timeout: 1500 },
    ]));
    assert.equal(result.status, 'failed');
    const failed = result.steps.at(-1)!;
    assert.equal(failed.status, 'failed');
    const message = failed.error?.message ?? '';
    assert.match(message, /^expected css=main matches the ARIA snapshot, but it differs \(- expected, \+ actual\):\n/);
    const diff = message.split('\n').slice(1);
    assert.deepEqual(diff.slice(0, 2), ['  - heading "Your cart" [level=1]', '  - list "Items":'], 'what still holds lines up');
    assert.ok(diff.includes('-   - listitem: Pears, 2'), message);
    assert.ok(diff.includes('+     - text: Apples, 3'), message);
    assert.ok(diff.includes('+ - paragraph: 1 item'), message);
    assert.ok(!diff.some((line) => line.includes('Pears') && line.startsWith('+')), 'the removed item is not in what the page has');
    assert.equal(failed.error?.expected, CART_SNAPSHOT);
    assert.match(failed.error?.actual ?? '', /^- heading "Your cart" \[level=1\]\n- list "Items":\n {2}- listitem:\n/);
    assert.ok(Date.now() - started < 8000, 'bounded by the step timeout');
    // As `rehearse replay` prints it: the diff stays under its step.
    let printed = '';
    new HumanReporter({ write: (text) => void (printed += text), color: false }, () => []).step('cart.flow.json', failed);
    const lines = printed.trimEnd().split('\n');
    assert.equal(lines[1], '      ExpectationFailed: expected css=main matches the ARIA snapshot, but it differs (- expected, + actual):');
    assert.ok(lines.slice(2).every((line) => /^ {6}[-+ ] /.test(line)), printed);
  });

  it('a region that is not there fails as absent; a template that is not YAML fails at once, naming the field', async () => {
    const absent = await replayFlow(rig.session, flow([{ expect: { selector: 'css=#checkout', aria: '- button "Pay"' }, timeout: 800 }]));
    assert.equal(absent.steps.at(-1)?.error?.message, 'expected css=#checkout matches the ARIA snapshot, but it is "absent"');
    const started = Date.now();
    const broken = await replayFlow(rig.session, flow([{ expect: { selector: 'css=main', aria: '- list: [\n  - listitem: Pears' }, timeout: 10_000 }]));
    const error = broken.steps.at(-1)?.error;
    assert.match(error?.message ?? '', /^expect\.aria: expected an ARIA snapshot template \(YAML, as Playwright's toMatchAriaSnapshot takes\), but Flow sequence in block collection must be sufficiently indented/);
    assert.ok(Date.now() - started < 5000, 'not retried until the timeout');
  });

  it('a template\'s pattern that backtracks without end fails within the step\'s time, and the page goes on working', async () => {
    const started = Date.now();
    const result = await replayFlow(rig.session, {
      version: 1, name: 'Backtracking', startUrl: `data:text/html,<p id="total">${'a'.repeat(40)}b</p>`,
      steps: [{ expect: { selector: 'css=#total', aria: '- paragraph: /(a+)+$/' }, timeout: 1000 }],
    });
    assert.equal(result.steps.at(-1)?.status, 'failed');
    assert.ok(Date.now() - started < 8000, `bounded: ${Date.now() - started} ms`);
    assert.equal(await rig.session.page().evaluate(() => document.getElementById('total')?.textContent?.length), 41, 'the page still answers');
  });

  it('%variables% in the template are filled before matching', async () => {
    const titled = flow([{ expect: { selector: 'css=main', aria: '- heading "%title%"' }, timeout: 800 }]);
    const result = await replayFlow(rig.session, titled, { variables: { title: 'Your cart' } });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps));
    const other = await replayFlow(rig.session, titled, { variables: { title: 'Checkout' } });
    assert.equal(other.status, 'failed');
    assert.match(other.steps.at(-1)?.error?.message ?? '', /^- - heading "Checkout"$/m);
  });

  it('an element\'s text: contains, ignoring case and spacing; a changed text fails saying what it is', async () => {
    const result = await replayFlow(rig.session, flow([
      { expect: { selector: 'css=#total', text: '2  ITEMS' } },
      { action: { selector: 'role=button[name="Remove Apples"]', description: 'Remove Apples', method: 'click', arguments: [] } },
      { expect: { selector: 'css=#total', text: '2 items' }, timeout: 800 },
    ]));
    assert.deepEqual(result.steps.map((step) => step.status), ['passed', 'passed', 'passed', 'failed']);
    assert.equal(result.steps[1]?.description, 'expect css=#total has text "2  ITEMS"');
    assert.equal(result.steps.at(-1)?.error?.message, 'expected css=#total has the text "2 items", but it is "1 item"');
  });

  it('the region around an element is found and named for Add Expect: its list, its form; else the main landmark', async () => {
    await rig.session.navigate(rig.url('cart.html'));
    assert.deepEqual(await rig.session.workbench.ariaRegion('role=button[name="Remove Pears"]'), {
      selector: 'role=list[name="Items"]',
      aria: '- list "Items":\n  - listitem:\n    - text: Apples, 3\n    - button "Remove Apples"\n  - listitem:\n    - text: Pears, 2\n    - button "Remove Pears"',
    });
    assert.equal((await rig.session.workbench.ariaRegion('css=#postcode'))?.selector, 'role=region[name="Delivery"]');
    const main = await rig.session.workbench.ariaRegion(undefined);
    assert.equal(main?.selector, 'css=main', 'by its tag, the one main of the page, not by its place');
    assert.match(main?.aria ?? '', /^- main:\n {2}- heading "Your cart" \[level=1\]/);
    assert.equal(await rig.session.page().locator('[data-rehearse-region]').count(), 0, 'no mark is left in the page');
    // What is offered holds at once, and fails once the region changes.
    const holds = await rig.session.expect({ selector: 'role=list[name="Items"i]', aria: (await rig.session.workbench.ariaRegion('role=button[name="Remove Apples"]'))!.aria }, { timeout: 500 });
    assert.equal(holds.passed, true, holds.message);
  });

  it('a snapshot taken for a flow never holds a secret: a password\'s value is left out, a region that echoes it is not offered', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const page = rig.session.page();
    await page.locator('#email').fill('ada@example.com');
    // With a placeholder, the snapshot shows the value on a line of its own under the field.
    await page.locator('#password').evaluate((field) => field.setAttribute('placeholder', 'your password'));
    await page.locator('#password').fill('pw-canary-77');
    const region = await rig.session.workbench.ariaRegion('css=#password');
    assert.ok(region, 'the form is offered');
    assert.match(region.aria, /- textbox "Email":\n {2}- \/placeholder: you@example\.com\n {2}- text: ada@example\.com/);
    assert.match(region.aria, /- textbox "Password":\n {2}- \/placeholder: your password\n- checkbox/);
    assert.ok(!region.aria.includes('pw-canary'), region.aria);
    const holds = await rig.session.expect({ selector: region.selector, aria: region.aria }, { timeout: 500 });
    assert.equal(holds.passed, true, holds.message);
    await page.evaluate(() => document.querySelector('form')!.insertAdjacentHTML('beforeend', '<p>You typed pw-canary-77</p>'));
    assert.equal(await rig.session.workbench.ariaRegion('css=#password'), undefined);
  });
});
