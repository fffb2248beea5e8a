import assert from 'node:assert/strict';
import { actionsOf } from '../support/recorded';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stepFromPick } from '../../src/flows/capture';
import { appendSteps, loadFlow } from '../../src/flows/format';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { useEngine } from '../engine/harness';

describe('capturing steps', () => {
  const rig = useEngine();

  it('saves observe picks as steps with fallbacks and fingerprints, and they replay', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const observed = await rig.session.observe('click the Forgot password? button');
    const [pick] = rig.session.workbench.pickDetails(observed.actionId)!;
    const { step, variables } = stepFromPick(pick!, 'click the Forgot password? button');
    assert.equal(variables, undefined);
    assert.deepEqual(step, {
      action: { selector: 'role=button[name="Forgot password?"]', description: observed.result[0]!.description, method: 'click', arguments: [] },
      fallbacks: ['xpath=/html/body/main/form/button[2]'],
      target: { role: 'button', name: 'Forgot password?' },
      instruction: 'click the Forgot password? button',
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-capture-'));
    const file = path.join(dir, 'picked.flow.json');
    await appendSteps(file, [step], { name: 'Picked', startUrl: rig.url('login.html') });
    const result = await replayFlow(rig.session, await loadFlow(file));
    assert.equal(result.status, 'passed');
    assert.deepEqual(await rig.events(), ['forgot clicked']);
  });

  it('records a person\'s clicks, typing, selects, checks and keys; a password becomes a secret variable', async () => {
    const session = await rig.startSession();
    await session.navigate(rig.url('login.html'));
    const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-record-'));
    const file = path.join(dir, 'recorded.flow.json');
    const recorder = await Recorder.start(session, ({ step, variables }) => appendSteps(file, [step], { name: 'Recorded', startUrl: rig.url('login.html') }, variables).then(() => undefined));
    const page = session.page();
    // A scripted user, doing what a person does with mouse and keyboard.
    await page.getByLabel('Email').click();
    await page.keyboard.type('ada@example.com');
    await page.getByLabel('Password').click();
    await page.keyboard.type('pw-canary-71');
    await page.getByLabel('Remember me').click();
    // A person picks an option with the keyboard (type-ahead on the focused select): trusted events, as with the mouse.
    await page.getByLabel('Country').focus();
    await page.keyboard.type('France');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).click();
    await page.keyboard.type('boots');
    await page.keyboard.press('Enter');
    const steps = await recorder.stop();
    assert.deepEqual(actionsOf(steps).map((step) => [step.action.method, step.action.selector, step.action.arguments, step.target]), [
      ['fill', 'css=#email', ['ada@example.com'], { role: 'textbox', name: 'Email' }],
      ['fill', 'css=#password', ['%password%'], { role: 'textbox', name: 'Password' }],
      ['check', 'css=#remember', [], { role: 'checkbox', name: 'Remember me' }],
      ['selectOption', 'css=#country', ['France'], { role: 'combobox', name: 'Country' }],
      ['click', 'role=button[name="Forgot password?"i]', [], { role: 'button', name: 'Forgot password?' }],
      ['fill', 'role=searchbox[name="Search"i]', ['boots'], { role: 'searchbox', name: 'Search' }],
      ['press', 'role=searchbox[name="Search"i]', ['Enter'], { role: 'searchbox', name: 'Search' }],
    ]);
    const text = await readFile(file, 'utf8');
    assert.ok(!text.includes('pw-canary-71'), 'the password is not in the file');
    const flow = await loadFlow(file);
    assert.deepEqual(flow.variables, { password: { description: 'typed into textbox "Password"', secret: true } });
    await session.navigate(rig.url('login.html'));
    const replayed = await replayFlow(session, flow, { variables: { password: 'other-secret' } });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps));
    const events = await session.page().evaluate(() => (window as unknown as { events: string[] }).events);
    assert.deepEqual(events, ['remember true', 'country fr', 'forgot clicked', 'search boots']);
  });

  it('a search combobox that says autocomplete="new-password" only to keep autofill away (Ant Design) records what was typed; a field for a new password stays secret', async () => {
    const session = await rig.startSession();
    const page = session.page();
    await page.setContent(`<label for="city">City</label> <input id="city" role="combobox" aria-expanded="false" aria-autocomplete="list" autocomplete="new-password">
      <label for="choose">Choose a password</label> <input id="choose" autocomplete="new-password">
      <label for="code">Code</label> <input id="code" role="combobox" autocomplete="one-time-code">`);
    const recorder = await Recorder.start(session);
    for (const [field, text] of [['City', 'Antw'], ['Choose a password', 'canary-new-42'], ['Code', '778899']] as const) {
      await page.getByLabel(field).click();
      await page.keyboard.type(text);
    }
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    const steps = await recorder.stop();
    assert.deepEqual(actionsOf(steps).filter((step) => step.action.method === 'fill').map((step) => [step.action.description, step.action.arguments]), [
      ['combobox "City"', ['Antw']],
      ['textbox "Choose a password"', ['%choose%']],
      ['combobox "Code"', ['%code%']],
    ]);
    assert.ok(!JSON.stringify(steps).includes('canary-new-42') && !JSON.stringify(steps).includes('778899'), 'no secret in the steps');
  });
});
