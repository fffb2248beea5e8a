import assert from 'node:assert/strict';
import { actionsOf } from '../support/recorded';
import type { Page } from 'playwright-core';
import { Recorder, type RecordedStep } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { settledEvents, useEngine } from '../engine/harness';

/** What a person does on the gestures page, with the real mouse and keyboard (Playwright acting as the person). */
async function actAsPerson(page: Page): Promise<void> {
  await page.locator('li', { hasText: 'Buy bread' }).locator('input').click();
  // A row removed by its own × button, a button that hides itself, one that renames itself, a name with ": ".
  await page.locator('li', { hasText: 'Buy milk' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Clear completed' }).click();
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('button', { name: 'Total: 3 items' }).click();
  await page.getByRole('button', { name: 'Archive (2)' }).click();
  await page.locator('#fruit').focus();
  await page.keyboard.type('oranges');
}

const PERSON_DID = ['checked Buy bread', 'removed Buy milk', 'cleared', 'changed', 'total', 'archived', 'fruit oranges'];

describe('recording round trip: record with real input, replay with no model', function () {
  this.timeout(60_000);
  const rig = useEngine();
  let recorded: RecordedStep[] = [];
  let flow: Flow;

  before(async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    const recorder = await Recorder.start(rig.session);
    await actAsPerson(rig.session.page());
    recorded = await recorder.stop();
    assert.deepEqual(recorder.problems, []);
    assert.deepEqual(await settledEvents(rig.session), PERSON_DID);
    flow = { version: FLOW_VERSION, name: 'Gestures', steps: recorded.map(({ step }) => step) };
  });

  it('describes each element as it was when the person aimed at it, unnamed ones by the row around them', () => {
    assert.deepEqual(actionsOf(recorded).map((step) => [step.action.method, step.action.description, step.target]), [
      ['check', 'checkbox in listitem "Buy bread ×"', { role: 'checkbox', name: '', anchor: { role: 'listitem', name: 'Buy bread ×' } }],
      ['click', 'button "×" in listitem "Buy milk ×"', { role: 'button', name: '×', anchor: { role: 'listitem', name: 'Buy milk ×' } }],
      ['click', 'button "Clear completed"', { role: 'button', name: 'Clear completed' }],
      ['click', 'button "Change"', { role: 'button', name: 'Change' }],
      ['click', 'button "Total: 3 items"', { role: 'button', name: 'Total: 3 items' }],
      // A count in brackets is written as a pattern: the same button, whatever the count has become.
      ['click', 'button "Archive (2)"', { role: 'button', name: '/^Archive \\(\\s*\\d+\\s*\\)$/i' }],
      ['selectOption', 'combobox ""', { role: 'combobox', name: '' }],
    ]);
    const checkbox = actionsOf(recorded)[0]!;
    assert.equal(checkbox.action.selector, 'role=listitem >> internal:has-text="Buy bread ×"s >> role=checkbox', 'anchored on the row, not an absolute path');
  });

  it('replays on a fresh copy of the page it was recorded on', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 4000 });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.deepEqual(await settledEvents(rig.session), PERSON_DID);
  });

  it('replays on a redesign (wrappers, renamed ids and classes, reordered rows, text case) and never acts on the decoys', async () => {
    await rig.session.navigate(rig.url('gestures-redesigned.html'));
    const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 4000, heal: false });
    const events = await settledEvents(rig.session);
    assert.ok(!events.some((event) => event.startsWith('decoy')), `acted on a decoy: ${events.join(', ')}`);
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.deepEqual(events, PERSON_DID);
  });

  it('a selector that now finds another row\'s checkbox (a decoy at the old position) is refused, not clicked', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    // The rows change places: the old position of "Buy bread" now holds "Buy eggs".
    await rig.session.page().evaluate(() => {
      const list = document.getElementById('items')!;
      list.append(list.children[1]!);
    });
    const checkbox = actionsOf(recorded)[0]!;
    const positional = checkbox.fallbacks!.at(-1)!;
    assert.match(positional, /^css=html > body/);
    const onlyPosition: Flow = { version: FLOW_VERSION, name: 'Decoy', steps: [{ ...checkbox, action: { ...checkbox.action, selector: positional }, fallbacks: [] }] };
    const result = await replayFlow(rig.session, onlyPosition, { stepTimeoutMs: 1500, heal: false });
    assert.equal(result.status, 'failed');
    assert.match(result.steps[0]!.error!.message, /finds checkbox in listitem "Buy eggs ×", not checkbox in listitem "Buy bread ×"|not checkbox/);
    assert.deepEqual(await settledEvents(rig.session), [], 'no checkbox was checked');
  });
});

describe('recording round trip: double clicks, multiple selects and keys', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('records a double click as one doubleClick, every chosen option, and keys with their modifiers', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    const recorder = await Recorder.start(rig.session);
    const page = rig.session.page();
    await page.locator('#tile').dblclick();
    await page.locator('#tile').click();
    await page.getByRole('option', { name: 'green' }).click();
    await page.getByRole('option', { name: 'black' }).click({ modifiers: ['Control'] });
    await page.locator('#picker').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+k');
    const steps = actionsOf(await recorder.stop());
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.arguments]), [
      ['doubleClick', []],
      ['click', []],
      ['selectOption', ['green']],
      ['selectOption', ['green', 'black']],
      ['press', ['ArrowDown']],
      ['press', ['Control+k']],
    ]);
    const performed = await settledEvents(rig.session);
    await rig.session.navigate(rig.url('gestures.html'));
    const result = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Gestures', steps }, { stepTimeoutMs: 4000, heal: false });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    const replayed = await settledEvents(rig.session);
    assert.deepEqual(replayed.filter((event) => !event.startsWith('colors')), performed.filter((event) => !event.startsWith('colors')));
    assert.equal(replayed.filter((event) => event.startsWith('colors')).at(-1), 'colors green+black');
  });
});

describe('recording round trip: new tabs', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('follows the person into a tab a link opens, and replay does too', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    const recorder = await Recorder.start(rig.session);
    const page = rig.session.page();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Open a copy' }).click()]);
    await tab.waitForLoadState();
    await tab.waitForFunction(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.')));
    await tab.getByRole('button', { name: 'Change' }).click();
    const steps = actionsOf(await recorder.stop());
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description]), [['click', 'link "Open a copy"'], ['click', 'button "Change"']]);
    await rig.session.navigate(rig.url('gestures.html'));
    const result = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Tabs', steps }, { stepTimeoutMs: 4000, heal: false });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.match(rig.session.page().url(), /gestures\.html\?tab=2$/);
    assert.deepEqual(await settledEvents(rig.session), ['changed']);
  });
});

describe('recording round trip: scrolling and right clicks', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('records where the person scrolled a container and the page to, and a right click', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    const recorder = await Recorder.start(rig.session);
    const page = rig.session.page();
    const feed = (await page.locator('#feed').boundingBox())!;
    await page.mouse.move(feed.x + 20, feed.y + 20);
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(700);
    await page.locator('#tile').click({ button: 'right' });
    await page.mouse.move(5, 5);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(700);
    const steps = actionsOf(await recorder.stop());
    const where = await page.evaluate(() => ({ feed: document.getElementById('feed')!.scrollTop, page: Math.round(window.scrollY) }));
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, step.action.arguments]), [
      ['scrollTo', 'element "Feed"', [String(where.feed)]],
      ['rightClick', 'element "Tile"', []],
      ['scrollTo', 'the page', [String(where.page)]],
    ]);
    assert.ok(where.feed > 0 && where.page > 0);
    await rig.session.navigate(rig.url('gestures.html'));
    const result = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Scroll', steps }, { stepTimeoutMs: 4000, heal: false });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.deepEqual(await rig.session.page().evaluate(() => ({ feed: document.getElementById('feed')!.scrollTop, page: Math.round(window.scrollY) })), where);
    assert.deepEqual(await settledEvents(rig.session), ['tile menu']);
  });

  it('a scroll the page did just before a key (a field brought into view) is not a step of the person', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    const page = rig.session.page();
    // The page brings something into view as the key comes, before the recorder sees the key: the scroll's event comes
    // a frame after the key, as a focus's does on a loaded machine. The page is then at its end: the key scrolls no more.
    await page.evaluate(() => window.addEventListener('keydown', () => window.scrollTo(0, document.documentElement.scrollHeight), { capture: true, once: true }));
    const recorder = await Recorder.start(rig.session);
    await page.evaluate(() => document.getElementById('picker')!.focus({ preventScroll: true }));
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(700);
    const steps = actionsOf(await recorder.stop());
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.arguments]), [['press', ['ArrowDown']]]);
  });
});
