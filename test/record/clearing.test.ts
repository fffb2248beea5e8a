import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';

const form = (nickname: string) => `<h1>Profile</h1><label>Nickname <input id="nick" value="${nickname}"></label><label>City <input id="city"></label>`;

/** Issue 41, item 4: emptying a field is a gesture of its own, kept as a fill with nothing. */
describe('clearing a field', function () {
  this.timeout(60_000);
  const rig = useEngine();

  const cases = [['emptied as it was found', 'Clear this text', ''], ['typed into, then emptied', 'Clear this text', ' and more'], ['empty, typed into, then emptied', '', 'gone soon']] as const;
  for (const [how, before, typedFirst] of cases) {
    it(`${how} (select all, Backspace) is a fill with "", and replay empties it`, async () => {
      const page = rig.session.page();
      await page.setContent(form(before));
      const recorder = await Recorder.start(rig.session);
      await page.locator('#nick').click();
      if (typedFirst) await page.keyboard.type(typedFirst, { delay: 10 });
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.locator('#city').click();
      await page.keyboard.type('Bern', { delay: 10 });
      const recorded = await recorder.stop();
      const flow: Flow = { version: FLOW_VERSION, name: 'Profile', steps: recorded.map(({ step }) => step) };
      const fills = flow.steps.flatMap((step) => ('action' in step && step.action.method === 'fill' ? [`${step.action.description}: ${JSON.stringify(step.action.arguments)}`] : []));
      assert.deepEqual(fills, ['textbox "Nickname": [""]', 'textbox "City": ["Bern"]']);

      // Replayed where the field holds text: the person's clearing empties it.
      await page.setContent(form('Clear this text'));
      const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
      assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
      assert.equal(await page.locator('#nick').inputValue(), '');
    });
  }
});
