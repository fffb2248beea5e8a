import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { replayOnRelease, useWidgetSite } from './widget-site';

/** Issue 40: keys on things that are not fields. A page's shortcuts (tinykeys), a deck's arrows, pressed on the page itself. */
describe('shortcuts pressed on the page', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  /** The keys pressed on a widget page once `heading` shows, recorded: the flow, and the widget's state read by its API. */
  async function recordKeys(file: string, heading: string, keys: readonly string[]) {
    const url = widgets.url(file);
    const page = rig.session.page();
    const state = () => page.evaluate(() => (window as unknown as { widgetState: () => unknown }).widgetState());
    await page.goto(url);
    await page.getByRole('heading', { name: heading }).waitFor();
    const recorder = await Recorder.start(rig.session);
    for (const key of keys) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    const recorded = await recorder.stop();
    assert.deepEqual(recorder.problems, []);
    const flow: Flow = { version: FLOW_VERSION, name: heading, startUrl: url, steps: recorded.map(({ step }) => step) };
    return { flow, state };
  }

  it('keep Shift with a character, the first key of a sequence that did nothing alone, what each put on the page; and fail where the sequence is gone', async () => {
    const { flow, state } = await recordKeys('palette.html', 'Home', ['Shift+?', 'g', 's']);
    assert.deepEqual(await state(), { section: 'Settings', theme: 'light', files: 0, help: true });
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.description, step.action.arguments, step.effect] : step)), [
      ['the page', ['Shift+?'], { appeared: { text: 'Ctrl+K: commands. g s: settings. ?: this help.' } }],
      ['the page', ['g'], undefined],
      ['the page', ['s'], { appeared: { text: 'Settings' } }],
    ]);

    const replayed = await replayOnRelease(rig.session, flow, '', 3000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await state(), { section: 'Settings', theme: 'light', files: 0, help: true });

    const still = await replayOnRelease(rig.session, flow, '#still', 2000);
    assert.equal(still.status, 'failed', 'the section stayed Home: not a pass');
    const failed = still.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.index, 2, JSON.stringify(still.steps, null, 1));
    assert.match(failed?.error?.message ?? '', /expected "Settings" appearing on the page/);
  });

  it('an arrow and End on a slide deck (reveal.js) keep the slide each showed as their effect, and fail where the deck no longer takes keys', async () => {
    const { flow, state } = await recordKeys('reveal.html', 'Quarterly review', ['ArrowRight', 'End']);
    assert.deepEqual(await state(), { h: 3, v: 0, f: undefined, overview: false });
    // The slides were in the page all along: shown by the deck taking aria-hidden off them.
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.description, step.action.arguments, step.effect] : step)), [
      ['the page', ['ArrowRight'], { appeared: { text: 'Sales' } }],
      ['the page', ['End'], { appeared: { text: 'Questions' } }],
    ]);
    const replayed = await replayOnRelease(rig.session, flow, '', 3000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await state(), { h: 3, v: 0, f: undefined, overview: false });

    const frozen = await replayOnRelease(rig.session, flow, '#frozen', 1500);
    assert.equal(frozen.status, 'failed', 'the deck stayed on its first slide: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /press on the page was done, but it did not have its recorded effect: expected "Sales" appearing on the page/);
  });

  it('Space through a slide\'s fragments (out of sight by their style until then) keeps each fragment it showed, Escape the overview\'s slides; a release that shows fragments at once fails at the first Space', async () => {
    const { flow, state } = await recordKeys('reveal.html', 'Quarterly review', ['ArrowRight', 'Space', 'Space', 'Escape']);
    assert.deepEqual(await state(), { h: 1, v: 0, f: 1, overview: true });
    // Its numbers were the page's own all along ("Up 12 %"): the same on replay.
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.arguments, step.effect?.appeared?.text] : step)), [
      [['ArrowRight'], 'Sales'],
      [['Space'], 'Up 12 %'],
      [['Space'], 'Best month: May'],
      [['Escape'], 'Quarterly review'],
    ]);
    const replayed = await replayOnRelease(rig.session, flow, '', 3000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await state(), { h: 1, v: 0, f: 1, overview: true });

    const stepless = await replayOnRelease(rig.session, flow, '#stepless', 1500);
    assert.equal(stepless.steps.findIndex((step) => step.status === 'failed'), 2, 'Space moved on to the next slide: not a pass');
    assert.match(stepless.steps[2]?.error?.message ?? '', /did not have its recorded effect: expected "Up 12 %" appearing on the page/);
  });
});
