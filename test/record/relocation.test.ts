import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { applyHealing, replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type ActionStep, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { changed, demoPage, example } from './demo-examples';


type Release = 'recorded' | 'retitled' | 'renamed' | 'removed';

/**
 * Releases of the demo: the one recorded on; one that inserts an example above and retitles each example (every
 * selector the recorder wrote fails); one whose titles say nothing of the old ones and whose examples all hold one box
 * (no clue tells them apart); one that keeps the ".uncheck()" example but without its checkbox.
 */
async function demo(page: Page, release: Release): Promise<void> {
  const examples = {
    recorded: [example('.check()', ['check-1', 'check-2']), example('.uncheck()', ['uncheck-1'])],
    retitled: [example('.rightclick() — open a menu', ['rightclick-1']), example('.check() — check a box', ['check-1', 'check-2']), example('.uncheck() — clear a box', ['uncheck-1'])],
    renamed: [example('Ticking', ['check-1']), example('Clearing', ['uncheck-1']), example('Menus', ['rightclick-1'])],
    removed: [example('.check()', ['check-1', 'check-2']), example('.uncheck()', [])],
  }[release];
  await page.setContent(demoPage(examples));
}


/** Issue 41, item 3: when every selector of a step fails, replay relocates with no model, or refuses and says why. */
describe('relocation without a model', function () {
  this.timeout(60_000);
  const rig = useEngine();
  let flow: Flow;

  before(async () => {
    const page = rig.session.page();
    await demo(page, 'recorded');
    const recorder = await Recorder.start(rig.session);
    await page.locator('[data-key=check-2]').click();
    await page.locator('[data-key=uncheck-1]').click();
    flow = { version: FLOW_VERSION, name: 'Actions', steps: (await recorder.stop()).map(({ step }) => step) };
  });

  it('finds the person\'s checkboxes in retitled examples, reports each step HEALED, and --update writes selectors that need no relocation', async () => {
    const page = rig.session.page();
    await demo(page, 'retitled');
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000 });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await changed(page), ['check-2', 'uncheck-1'], 'the boxes the person checked, not their twins');
    assert.deepEqual(replayed.steps.map((step) => step.healed?.by), ['relocation', 'relocation']);

    const { flow: updated, changed: healed } = applyHealing(flow, replayed);
    assert.equal(healed, 2);
    const steps = updated.steps.filter((step): step is ActionStep => 'action' in step);
    assert.deepEqual(steps.map((step) => step.target?.section), ['.check() — check a box', '.uncheck() — clear a box']);
    await demo(page, 'retitled');
    const again = await replayFlow(rig.session, updated, { stepTimeoutMs: 3000, heal: false });
    assert.equal(again.status, 'passed', JSON.stringify(again.steps, null, 1));
    assert.deepEqual(again.steps.map((step) => step.healed), [undefined, undefined]);
    assert.deepEqual(await changed(page), ['check-2', 'uncheck-1']);
  });

  it('refuses when no candidate is clearly ahead, naming the candidates it saw, and clicks nothing', async () => {
    const page = rig.session.page();
    await demo(page, 'renamed');
    const second = flow.steps.filter((step): step is ActionStep => 'action' in step)[1]!;
    const replayed = await replayFlow(rig.session, { ...flow, steps: [second] }, { stepTimeoutMs: 2000 });
    assert.equal(replayed.status, 'failed');
    const message = replayed.steps[0]?.error?.message ?? '';
    assert.match(message, /relocation refused, 3 candidates: checkbox "Remember me" under "[A-Za-z]+" \(score [\d.]+: place \d+%\)/);
    assert.match(message, /none is clearly ahead/);
    assert.deepEqual(await changed(page), []);
  });

  it('refuses an element outside the recorded section while that section is still on the page (the control was removed)', async () => {
    const page = rig.session.page();
    await demo(page, 'removed');
    const second = flow.steps.filter((step): step is ActionStep => 'action' in step)[1]!;
    const replayed = await replayFlow(rig.session, { ...flow, steps: [second] }, { stepTimeoutMs: 2000 });
    assert.equal(replayed.status, 'failed');
    assert.match(replayed.steps[0]?.error?.message ?? '', /relocation found no checkbox "Remember me" \(2 outside the section "\.uncheck\(\)", which is still on the page\)/);
    assert.deepEqual(await changed(page), []);
  });
});

/** The demo inside a frame of a shell page, as an app that embeds it. */
async function framedDemo(page: Page, release: Release): Promise<void> {
  await demo(page, release);
  const inner = await page.content();
  await page.setContent(`<h1>Shell</h1><iframe id="demo" title="Demo" style="width: 900px; height: 500px" srcdoc="${inner.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`);
  await page.frameLocator('#demo').locator('input').first().waitFor();
}

const framedChanges = (page: Page) => page.frames()[1]!.evaluate(() => (window as unknown as { events: string[] }).events);

describe('relocation without a model, inside a frame', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('finds the person\'s checkbox in a retitled example inside the frame, reports it HEALED with a selector through the frame', async () => {
    const page = rig.session.page();
    await framedDemo(page, 'recorded');
    const recorder = await Recorder.start(rig.session);
    await page.frameLocator('#demo').locator('[data-key=check-2]').click();
    const flow: Flow = { version: FLOW_VERSION, name: 'Framed', steps: (await recorder.stop()).map(({ step }) => step) };
    const [step] = flow.steps.filter((each): each is ActionStep => 'action' in each);
    assert.ok(step && [step.action.selector, ...(step.fallbacks ?? [])].every((selector) => selector.startsWith('frame:')), JSON.stringify(step));
    await framedDemo(page, 'retitled');
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 4000 });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await framedChanges(page), ['check-2']);
    const healed = replayed.steps.find((each) => each.healed)?.healed;
    assert.equal(healed?.by, 'relocation');
    assert.match(healed?.to ?? '', /^frame:.+ >>> /);
  });
});

/** The demo inside an open shadow root of an app's element, as a web-component app draws it. */
async function shadowDemo(page: Page, release: Release): Promise<void> {
  await demo(page, release);
  const inner = await page.evaluate(() => document.querySelector('.container')!.outerHTML);
  await page.setContent(`<h1>Shell</h1><demo-app></demo-app><script>
    window.events = [];
    var root = document.querySelector('demo-app').attachShadow({ mode: 'open' });
    root.innerHTML = ${JSON.stringify(inner).replace(/</g, '\\u003c')};
    root.addEventListener('change', (event) => window.events.push(event.target.dataset.key));
  </script>`);
}

describe('relocation without a model, inside an open shadow root', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('finds the person\'s checkbox in a retitled example inside the shadow root by its section, reports it HEALED; refuses twins of one section, clicking nothing', async () => {
    const page = rig.session.page();
    await shadowDemo(page, 'recorded');
    const recorder = await Recorder.start(rig.session);
    await page.locator('demo-app [data-key=uncheck-1]').click();
    await page.locator('demo-app [data-key=check-2]').click();
    const steps = (await recorder.stop()).map(({ step }) => step);
    assert.equal(steps.length, 2, JSON.stringify(steps));
    await shadowDemo(page, 'retitled');
    const replayed = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Shadow', steps: steps.slice(0, 1) }, { stepTimeoutMs: 4000 });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await changed(page), ['uncheck-1'], 'the box the person checked, not its twins in other sections');
    assert.equal(replayed.steps[0]?.healed?.by, 'relocation');

    // Two boxes named alike in one section: the step kept no order among them in the shadow root, so none is ahead.
    await shadowDemo(page, 'retitled');
    const refused = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Shadow', steps: steps.slice(1) }, { stepTimeoutMs: 4000 });
    assert.equal(refused.status, 'failed');
    assert.match(refused.steps[0]?.error?.message ?? '', /relocation refused, 4 candidates: .*none is clearly ahead/);
    assert.deepEqual(await changed(page), [], 'nothing clicked');
  });
});
