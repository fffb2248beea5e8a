import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { useEngine } from '../engine/harness';

/** A press that moves is not always a drag: selecting text with the mouse moves nothing and is no step. */
describe('recording: selecting text with the mouse is not a drag', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('a mouse selection across a heading records no step and no problem', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const page = rig.session.page();
    const recorder = await Recorder.start(rig.session);
    const heading = (await page.getByRole('heading', { name: 'Sign in to Acme' }).boundingBox())!;
    await page.mouse.move(heading.x + 2, heading.y + heading.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(heading.x + 2 + step * 12, heading.y + heading.height / 2);
    await page.mouse.up();
    await page.waitForTimeout(400);
    assert.ok((await page.evaluate(() => window.getSelection()?.toString() ?? '')).length > 3, 'the person selected some text');
    const steps = await recorder.stop();
    assert.deepEqual(steps.map(({ step }) => step), []);
    assert.deepEqual(recorder.problems, []);
  });
});
