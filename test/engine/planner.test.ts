import assert from 'node:assert/strict';
import { parseInstruction, planLocally } from '../../src/core/act/planner';
import { takeSnapshot } from '../../src/core/snapshot/snapshot';
import { useEngine } from './harness';

describe('local planner', () => {
  const rig = useEngine();
  const plan = (instruction: string) => planLocally(rig.session.page(), instruction, () => takeSnapshot(rig.session.page(), { instruction }));

  it('reads the plain forms', () => {
    assert.deepEqual(parseInstruction('click Sign in'), { kind: 'element', method: 'click', target: 'Sign in', roles: ['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'checkbox', 'radio', 'switch'], args: [] });
    assert.deepEqual(parseInstruction('fill Email with %email%'), { kind: 'element', method: 'fill', target: 'Email', roles: ['textbox', 'searchbox', 'combobox', 'spinbutton'], args: ['%email%'] });
    assert.deepEqual(parseInstruction('type "hello world" into Search'), { kind: 'element', method: 'type', target: 'Search', roles: ['textbox', 'searchbox', 'combobox', 'spinbutton'], args: ['hello world'] });
    assert.deepEqual(parseInstruction('select Canada in Country'), { kind: 'element', method: 'selectOption', target: 'Country', roles: ['combobox', 'listbox'], args: ['Canada'] });
    assert.deepEqual(parseInstruction('check Remember me'), { kind: 'element', method: 'check', target: 'Remember me', roles: ['checkbox', 'radio', 'switch', 'menuitemcheckbox'], args: [] });
    assert.deepEqual(parseInstruction('press Enter'), { kind: 'key', key: 'Enter' });
    assert.equal(parseInstruction('log in with my usual account and buy the cheapest shoes'), undefined);
  });

  it('does a form end to end with zero model calls', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const steps = ['fill Email with %email%', 'fill Password with hunter2', 'check Remember me', 'select Canada in Country', 'click Sign in'];
    for (const step of steps) {
      const result = await rig.session.act(step, { variables: { email: 'ada@example.com' } });
      assert.equal(result.planner, 'local', step);
      assert.equal(result.success, true);
    }
    assert.deepEqual(await rig.events(), ['remember true', 'country ca', 'submitted ada@example.com / password set / remember']);
    assert.equal(rig.models.requests.length, 0);
  });

  it('types and presses keys', async () => {
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.act('type hello into Search');
    await rig.session.act('press Enter');
    assert.deepEqual(await rig.events(), ['search hello']);
    assert.equal(rig.models.requests.length, 0);
  });

  it('names what it picked as observe would: the best selector (here the test id), the role and exact name', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const planned = await plan('click the sign in button');
    assert.deepEqual(planned?.action, { selector: 'css=[data-testid="sign-in"]', description: 'button "Sign in"', method: 'click', arguments: [] });
    assert.deepEqual(planned?.fingerprint, { role: 'button', name: 'Sign in', section: 'Sign in to Acme' });
  });

  it('defers when two elements fit, or none, or the option is missing; the model decides then', async () => {
    await rig.session.navigate(rig.url('table.html?rows=3'));
    assert.equal(await plan('click Edit'), undefined, 'three Edit buttons');
    await rig.session.navigate(rig.url('login.html'));
    await rig.session.page().evaluate(() => {
      const link = document.createElement('a');
      link.href = '#';
      link.textContent = 'Sign in';
      document.body.appendChild(link);
    });
    assert.equal(await plan('click Sign in'), undefined, 'a button and a link named Sign in');
    assert.equal(await plan('click Sign'), undefined, 'a partial name is not a match');
    assert.equal(await plan('select Atlantis in Country'), undefined);
    assert.equal(await plan('click Nothing Like This'), undefined);
    const result = await rig.session.act('click Forgot password?');
    assert.equal(result.planner, 'local');
    const deferred = await rig.session.act('click the Sign in button');
    assert.equal(deferred.planner, 'local', 'naming the role settles it');
    await rig.session.navigate(rig.url('table.html?rows=3'));
    const modelled = await rig.session.act('click Edit in the row for order 2');
    assert.equal(modelled.planner, 'model');
    assert.deepEqual(await rig.events(), ['edit 2']);
  });
});
