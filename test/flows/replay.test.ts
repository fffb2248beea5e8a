import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { applyHealing, replayFlow } from '../../src/flows/replay';
import type { Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { FIXTURES_DIR } from '../support/static-server';

/** The login form as recorded: several verified selectors per element, and what each element is. */
function signInFlow(origin: string): Flow {
  return {
    version: 1,
    name: 'Sign in',
    startUrl: `${origin}/login.html`,
    variables: { email: { default: 'ada@example.com' }, password: { secret: true } },
    steps: [
      { action: { selector: 'css=#email', description: 'Email field', method: 'fill', arguments: ['%email%'] }, fallbacks: ['role=textbox[name="Email"]', 'xpath=/html/body/main/form/input[1]'], target: { role: 'textbox', name: 'Email' } },
      { action: { selector: 'css=#password', description: 'Password field', method: 'fill', arguments: ['%password%'] }, fallbacks: ['role=textbox[name="Password"]'], target: { role: 'textbox', name: 'Password' } },
      { action: { selector: 'css=[data-testid="sign-in"]', description: 'Sign in button', method: 'click', arguments: [] }, fallbacks: ['xpath=/html/body/main/form/button[1]', 'role=button[name="Sign in"]'], target: { role: 'button', name: 'Sign in' } },
      { expect: { text: 'submitted %email% / password set' } },
    ],
  };
}

describe('replay', () => {
  const rig = useEngine();
  let mutated: StaticSite;

  before(async () => {
    // The same page after a redesign: ids and test ids renamed, the two buttons swapped.
    const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-mutated-'));
    await cp(FIXTURES_DIR, dir, { recursive: true });
    const file = path.join(dir, 'login.html');
    const html = (await readFile(file, 'utf8'))
      .replaceAll('id="email"', 'id="user-email"').replaceAll('for="email"', 'for="user-email"').replaceAll('email.value', 'document.getElementById(\'user-email\').value')
      .replaceAll('id="password"', 'id="user-pass"').replaceAll('for="password"', 'for="user-pass"').replaceAll('password.value', 'document.getElementById(\'user-pass\').value')
      .replace('data-testid="sign-in"', 'data-testid="submit-login"')
      .replace(/(<button type="submit"[^>]*>Sign in<\/button>)\s*(<button type="button"[^>]*>Forgot password\?<\/button>)/, '$2\n      $1');
    await writeFile(file, html);
    mutated = await serveFolder(dir);
  });
  after(async () => mutated.close());

  it('replays on the page it was recorded on, with the primary selectors and no model', async () => {
    const result = await replayFlow(rig.session, signInFlow(rig.site.origin), { variables: { email: 'ada@example.com', password: 'pw-canary' } });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps));
    assert.deepEqual(result.steps.map((step) => [step.kind, step.status, step.selectorUsed ?? null, step.healed ?? null]), [
      ['start', 'passed', null, null],
      ['action', 'passed', 'css=#email', null],
      ['action', 'passed', 'css=#password', null],
      ['action', 'passed', 'css=[data-testid="sign-in"]', null],
      ['expect', 'passed', null, null],
    ]);
    assert.equal(rig.models.requests.length, 0);
    assert.ok(!JSON.stringify(result).includes('pw-canary'), 'no secret in the results');
  });

  it('a flow with no step fails, saying why, and a step whose recorded effect did not happen fails instead of passing', async () => {
    const empty = await replayFlow(rig.session, { version: 1, name: 'Nothing', startUrl: `${rig.site.origin}/login.html`, steps: [] });
    assert.equal(empty.status, 'failed');
    assert.match(empty.steps.at(-1)!.error!.message, /has no step/);
    // The sign-in button does not become checked when clicked: a recorded effect that says it did fails the step.
    const claimed = signInFlow(rig.site.origin);
    const steps = claimed.steps.slice(0, 3).map((step, index) => (index === 2 && 'action' in step ? { ...step, effect: { pressed: true } } : step));
    const result = await replayFlow(rig.session, { ...claimed, steps }, { variables: { email: 'ada@example.com', password: 'x' } });
    assert.equal(result.status, 'failed');
    const failed = result.steps.find((step) => step.status === 'failed')!;
    assert.equal(failed.index, 2, JSON.stringify(result.steps));
    assert.equal(failed.error?.name, 'EffectMissing');
    assert.match(failed.error.message, /was done, but it did not have its recorded effect: expected pressed, found without pressed/);
  });

  it('an effect is read on its element even once hidden (the option picked in a list that closed), and still fails when it is not there', async () => {
    await rig.session.navigate(`${rig.site.origin}/login.html`);
    await rig.session.page().evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div role="listbox" hidden><div role="option" aria-selected="true">Team</div><div role="option" aria-selected="false">Free</div></div>'));
    const picked = await rig.session.expect({ selector: 'role=option[name="Team"i]', effect: { selected: true } }, { timeout: 1000 });
    assert.equal(picked.passed, true, picked.message);
    const other = await rig.session.expect({ selector: 'role=option[name="Free"i]', effect: { selected: true } }, { timeout: 600 });
    assert.equal(other.passed, false);
    assert.match(other.message, /selected/);
  });

  it('after a redesign, uses the fallbacks that still find the same elements, and says so', async () => {
    const result = await replayFlow(rig.session, signInFlow(mutated.origin), { variables: { email: 'ada@example.com', password: 'x' }, heal: false });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    const healed = result.steps.filter((step) => step.healed).map((step) => step.healed);
    assert.deepEqual(healed, [
      { from: 'css=#email', to: 'role=textbox[name="Email"]', by: 'fallback' },
      { from: 'css=#password', to: 'role=textbox[name="Password"]', by: 'fallback' },
      // The positional XPath now finds "Forgot password?": it is passed over, never clicked.
      { from: 'css=[data-testid="sign-in"]', to: 'role=button[name="Sign in"]', by: 'fallback' },
    ]);
    assert.deepEqual(await rig.events(), ['submitted ada@example.com / password set']);
  });

  it('a selector that finds a different element is a failure, not a wrong click', async () => {
    const flow: Flow = {
      version: 1, name: 'Wrong target', startUrl: `${rig.site.origin}/login.html`,
      steps: [{ action: { selector: 'xpath=/html/body/main/form/button[2]', description: 'Sign in button', method: 'click', arguments: [] }, target: { role: 'button', name: 'Sign in' } }, { expect: { title: 'Sign in' } }],
    };
    const result = await replayFlow(rig.session, flow, { heal: false, stepTimeoutMs: 1500 });
    assert.equal(result.status, 'failed');
    const [, step, skipped] = result.steps;
    assert.equal(step!.error!.name, 'ServiceElementNotFoundError');
    assert.match(step!.error!.message, /xpath=\/html\/body\/main\/form\/button\[2\] finds button "Forgot password\?", not button "Sign in"\)\. Not acting on anything else\./);
    assert.equal(skipped!.status, 'skipped');
    assert.deepEqual(await rig.events(), [], 'nothing was clicked');
  });

  it('heals with no model when one element is all the step remembers; with the model only onto an element with the recorded role and name', async () => {
    const broken = (startUrl?: string): Flow => ({
      version: 1, name: 'Healing', ...(startUrl ? { startUrl } : {}),
      steps: [{ action: { selector: 'css=#gone', description: 'the Forgot password? button', method: 'click', arguments: [] }, target: { role: 'button', name: 'Forgot password?' }, instruction: 'click the Forgot password? button' }],
    });
    const relocated = await replayFlow(rig.session, broken(`${rig.site.origin}/login.html`), { stepTimeoutMs: 8000 });
    assert.equal(relocated.status, 'passed', JSON.stringify(relocated.steps));
    assert.deepEqual(relocated.steps[1]!.healed, { from: 'css=#gone', to: 'role=button[name="Forgot password?"i]', by: 'relocation', target: { role: 'button', name: 'Forgot password?', section: 'Sign in to Acme' } });
    assert.equal(rig.models.requests.length, 0);
    assert.deepEqual(await rig.events(), ['forgot clicked']);

    // A twin with nothing to tell them apart: relocation refuses, and the model's pick is taken on a target match only.
    const withTwin = async () => {
      await rig.session.navigate(`${rig.site.origin}/login.html`);
      await rig.session.page().evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button type="button">Forgot password?</button>'));
    };
    await withTwin();
    const healed = await replayFlow(rig.session, broken(), { stepTimeoutMs: 8000 });
    assert.equal(healed.status, 'passed', JSON.stringify(healed.steps));
    assert.equal(healed.steps[0]!.healed?.by, 'model');
    assert.equal(rig.models.requests.length, 1);
    assert.deepEqual(await rig.events(), ['forgot clicked']);

    rig.models.reset();
    rig.models.script({ json: { elements: [{ elementId: '0-6', description: 'Create an account', method: 'click', arguments: [] }] } });
    await withTwin();
    const refused = await replayFlow(rig.session, broken(), { stepTimeoutMs: 8000 });
    assert.equal(refused.status, 'failed');
    assert.match(refused.steps[0]!.error!.message, /relocation refused, 2 candidates: .*; none agrees with enough of what the step remembers\), and the model found no element with that role and name\. Not acting on anything else\./);
    assert.deepEqual(await rig.events(), []);
  });

  it('every step kind: navigate, and expectations of text, URL, title, state and value, with clear failures', async () => {
    const flow: Flow = {
      version: 1, name: 'Kinds', startUrl: `${rig.site.origin}/login.html`,
      steps: [
        { expect: { title: 'Sign in' } },
        { expect: { selector: 'css=#remember', state: 'unchecked' } },
        { action: { selector: 'css=#remember', description: 'Remember me', method: 'check', arguments: [] } },
        { expect: { selector: 'css=#remember', state: 'checked' } },
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['x@y.z'] } },
        { expect: { selector: 'css=#email', value: 'x@y.z' } },
        { expect: { selector: 'css=#nothing', state: 'hidden' } },
        { navigate: `${rig.site.origin}/account.html` },
        { expect: { url: '/account\\.html$/' } },
        { expect: { text: 'Welcome back' } },
        { expect: { selector: 'css=#plan', state: 'visible' } },
        { expect: { text: 'Welcome forward' }, timeout: 300 },
      ],
    };
    const result = await replayFlow(rig.session, flow);
    assert.deepEqual(result.steps.map((step) => step.status), [...Array(12).fill('passed'), 'failed']);
    assert.equal(result.steps.at(-1)!.error!.message, 'expected text "Welcome forward" is visible, but it is not');
    const partial = await replayFlow(rig.session, flow, { upTo: 3 });
    assert.equal(partial.status, 'passed');
    assert.equal(partial.steps.length, 5, 'Replay to Here stops after step 3');
  });

  it('applyHealing rewrites exactly the healed selectors, keeping the old ones as fallbacks', async () => {
    const flow = signInFlow(mutated.origin);
    const result = await replayFlow(rig.session, flow, { variables: { email: 'a@b.c', password: 'x' }, heal: false });
    const { flow: updated, changed } = applyHealing(flow, result);
    assert.equal(changed, 3);
    assert.deepEqual(updated.steps[0], { ...flow.steps[0], action: { ...(flow.steps[0] as { action: object }).action, selector: 'role=textbox[name="Email"]' }, fallbacks: ['css=#email', 'xpath=/html/body/main/form/input[1]'] });
    assert.deepEqual(updated.steps[3], flow.steps[3]);
    const again = await replayFlow(rig.session, updated, { variables: { email: 'a@b.c', password: 'x' }, heal: false });
    assert.ok(again.steps.every((step) => !step.healed), 'the updated flow replays without healing');
  });
});
