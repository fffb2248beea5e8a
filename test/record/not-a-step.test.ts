import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { useEngine } from '../engine/harness';

/**
 * What a person does that is no step of its own:
 * - a press that moves is not always a drag: selecting text with the mouse moves nothing;
 * - clicking into a field is not a step unless the click changed the page (a combobox opening its list). Text typed
 *   at once into a rich text field changes the page as well; that change is the typing's, so the click stays no step,
 *   and the fill keeps the field as the person found it ("cell 8080", not the "9090" typed into it).
 */
describe('recording: what is not a step of its own', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('selecting text with the mouse is not a drag: a selection across a heading records no step and no problem', async () => {
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

  it('a click into a field that changed the page elsewhere is a step, and what is typed after it is named by its row, not by the text typed', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const page = rig.session.page();
    await page.evaluate(() => {
      // As a tree editor's breadcrumb follows the focused field, a moment after the focus.
      document.body.insertAdjacentHTML('beforeend', '<nav id="path">object</nav><table><tr><th>port</th><td><div class="value" contenteditable="true">8080</div></td></tr></table>');
      document.querySelector('div.value')!.addEventListener('focus', () => setTimeout(() => (document.getElementById('path')!.textContent = 'object › port'), 10));
    });
    const recorder = await Recorder.start(rig.session);
    await page.locator('div.value').click();
    // A slower person: the page's change lands before the first key.
    await page.waitForTimeout(150);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('9090');
    await page.getByRole('heading', { name: 'Sign in to Acme' }).click();
    await page.waitForTimeout(150);
    const steps = (await recorder.stop()).map(({ step }) => ('action' in step ? `${step.action.method ?? 'click'} ${step.action.description}${step.action.arguments?.length ? ` ${JSON.stringify(step.action.arguments)}` : ''}` : JSON.stringify(step)));
    assert.deepEqual(steps.filter((step) => step.startsWith('fill') || step.startsWith('click')), ['click textbox in row "port"', 'fill textbox in row "port" ["9090"]'], steps.join('\n'));
  });

  it('text typed at once after clicking into a rich text field: the fill alone, named by its row (its key), not by the text typed', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const page = rig.session.page();
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<table><tr><th>port</th><td><div class="value" contenteditable="true">8080</div></td></tr></table>');
    });
    const recorder = await Recorder.start(rig.session);
    for (let round = 0; round < 3; round++) {
      const cell = page.locator('div.value');
      await cell.click();
      // No pause: the keys follow the click within the recorder's 60 ms, as a fast person's or a script's do.
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(String(9090 + round));
      await page.getByRole('heading', { name: 'Sign in to Acme' }).click();
      await page.waitForTimeout(150);
    }
    const steps = (await recorder.stop()).map(({ step }) => ('action' in step ? `${step.action.method ?? 'click'} ${step.action.description}${step.action.arguments?.length ? ` ${JSON.stringify(step.action.arguments)}` : ''}` : JSON.stringify(step)));
    assert.deepEqual(steps.filter((step) => step.startsWith('fill') || step.startsWith('click')), [
      'fill textbox in row "port" ["9090"]', 'fill textbox in row "port" ["9091"]', 'fill textbox in row "port" ["9092"]',
    ], steps.join('\n'));
    assert.deepEqual(recorder.problems, []);
  });
});
