import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { useWidgetSite } from './widget-site';

const mentions = (texts: unknown) => (texts as { mentions: string[] }).mentions;

/**
 * Issue 40: text effects. Tribute's @mentions open their menu on keyup, which setting a field's value never sends, and
 * write the mention into the field themselves: the typing is kept as keys, and the key that picked the mention is
 * checked by the words it wrote.
 */
describe('@mentions typed and picked by key (Tribute)', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('are kept as the keys typed and the key that picked, replay to the same mention, and fail where the key picks none', async () => {
    const url = widgets.url('tribute.html');
    const tab = rig.session.page();
    await tab.goto(url);
    const recorder = await Recorder.start(rig.session);
    await tab.getByLabel('Note').click();
    await tab.keyboard.type('Ask @gr', { delay: 30 });
    await tab.locator('.tribute-container li').first().waitFor();
    await tab.keyboard.press('Enter');
    await tab.keyboard.type('about it', { delay: 30 });
    await tab.getByRole('heading', { name: 'Comment' }).click();
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Note', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.flatMap((step) => ('action' in step ? [`${step.action.method} ${JSON.stringify(step.action.arguments ?? [])}${step.effect ? ` ${JSON.stringify(step.effect)}` : ''}`] : [])), [
      'type ["Ask @gr"] {"shows":"Ask @gr"}',
      'press ["Enter"] {"shows":"@grace"}',
      'type ["about it"] {"shows":"about it"}',
      'blur []',
    ]);

    const replayed = await replayFlow(rig.session, flow, { heal: false, stepTimeoutMs: 5000 });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(mentions(await tab.evaluate(() => (window as unknown as { widgetState(): unknown }).widgetState())), ['@grace']);

    // A release whose note takes no mentions: Enter writes nothing, and the replay says so at that step.
    await tab.route(url, async (route) => {
      const page = await (await route.fetch()).text();
      await route.fulfill({ body: page.replace("tribute.attach(document.getElementById('note'));", ''), contentType: 'text/html' });
    });
    const onRelease = await replayFlow(rig.session, flow, { heal: false, stepTimeoutMs: 3000 });
    await tab.unroute(url);
    assert.equal(onRelease.status, 'failed');
    const failed = onRelease.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.description, 'press textbox "Note"', JSON.stringify(onRelease.steps, null, 1));
    assert.match(failed?.error?.message ?? '', /@grace/);
  });
});
