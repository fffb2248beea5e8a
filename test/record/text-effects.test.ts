import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { replayOnRelease, useWidgetSite } from './widget-site';

const described = (flow: Flow) => flow.steps.flatMap((step) => ('action' in step ? [`${step.action.method} ${JSON.stringify(step.action.arguments ?? [])}`] : []));

/** Issue 40: rich text that turns what is typed into formatting replays the person's keys, and checks what they became. */
describe('text effects: an editor\'s input rules', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('typing "# " and "**word**" into Tiptap records the keys at the caret the person placed, replays to the same document, and fails on a release whose editor keeps them as typed', async () => {
    const url = widgets.url('tiptap.html');
    const page = rig.session.page();
    const html = () => page.evaluate(() => (window as unknown as { widgetState: () => string }).widgetState());
    await page.goto(url);
    const line = (await page.locator('.tiptap p').boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    await page.mouse.click(line.x + line.width - 4, line.y + line.height / 2);
    await page.keyboard.press('Enter');
    await page.keyboard.type('# Plan', { delay: 30 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('Buy **fresh** bread', { delay: 30 });
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    const wanted = await html();
    assert.equal(wanted, '<p>Shopping notes</p><h1>Plan</h1><p>Buy <strong>fresh</strong> bread</p><p></p>');
    const flow: Flow = { version: FLOW_VERSION, name: 'Notes', startUrl: url, steps: recorded.map(({ step }) => step) };
    if (process.env.SHOW_FLOW) console.log(JSON.stringify(flow.steps));
    // Not a fill of the text it came to ("Shopping notes Plan Buy fresh bread"), which would lose every format.
    assert.deepEqual(described(flow).slice(1), ['press ["Enter"]', 'type ["# Plan"]', 'press ["Enter"]', 'type ["Buy **fresh** bread"]']);
    assert.match(described(flow)[0]!, /^click \["\d+(\.\d+)?","\d+(\.\d+)?"\]$/, 'the click that placed the caret, with its place');
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 4000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await html(), wanted);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen', 2000);
    assert.equal(frozen.status, 'failed', 'the editor kept "# Plan" as typed: not a pass');
    const failed = frozen.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.index, 2, JSON.stringify(frozen.steps, null, 1));
    assert.match(failed?.error?.message ?? '', /did not have its recorded effect: expected at "Plan", found with no line "Plan" in "Shopping notes\\n# Plan/);
  });
});
