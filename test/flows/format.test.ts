import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appendSteps, FlowFileError, loadFlow, parseFlow, rebaseFlow, saveFlow, serializeFlow } from '../../src/flows/format';
import { flowJsonSchema } from '../../src/flows/json-schema';
import type { Flow } from '../../src/schema';

const MEDIA = path.resolve(__dirname, '..', '..', '..', 'media');

const base: Flow = {
  version: 1,
  name: 'Sign in',
  startUrl: 'http://127.0.0.1:4173/login.html',
  variables: { email: { description: 'account email', default: 'demo@example.com' }, password: { secret: true } },
  steps: [
    { action: { selector: 'css=#email', description: 'Email field', method: 'fill', arguments: ['%email%'] }, fallbacks: ['role=textbox[name="Email"]'], target: { role: 'textbox', name: 'Email' }, instruction: 'fill the email' },
    { navigate: 'http://127.0.0.1:4173/account.html' },
    { expect: { text: 'Welcome back' } },
  ],
};

function rejects(text: string, message: string | RegExp): void {
  assert.throws(() => parseFlow(text, 'flows/login.flow.json'), (error: unknown) => {
    assert.ok(error instanceof FlowFileError);
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
    return true;
  });
}

describe('flow files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rehearse-flows-'));
  });

  it('round-trips a valid flow with stable 2-space text and every step kind', () => {
    const text = serializeFlow(base);
    assert.deepEqual(parseFlow(text, 'x.flow.json'), base);
    assert.match(text, /^\{\n {2}"version": 1,\n {2}"name": "Sign in",\n {2}"startUrl"/);
    assert.ok(text.endsWith('}\n'));
    assert.equal(serializeFlow(parseFlow(text, 'x')), text, 'saving again changes nothing');
  });

  it('reports malformed files with the path, the step and the field', () => {
    rejects('{ "version": 1, ', /^flows\/login\.flow\.json: not valid JSON: /);
    rejects(JSON.stringify({ ...base, version: 2 }), 'flows/login.flow.json: version: this flow was made by a newer Rehearse (version 2); this one reads version 1 and older. Update Rehearse.');
    rejects(JSON.stringify({ ...base, version: '1' }), 'flows/login.flow.json: version: expected 1, received "1"');
    rejects(JSON.stringify({ version: 1, name: 'x' }), 'flows/login.flow.json: steps: is required, expected an array');
    rejects(JSON.stringify({ ...base, steps: [base.steps[0], { action: { selector: '#x', description: 'x', method: 'teleport', arguments: [] } }] }),
      'flows/login.flow.json: steps.1.action: method: "teleport" is not supported; use one of click, doubleClick, rightClick, fill, type, press, hover, selectOption, selectOptionFromDropdown, check, uncheck, focus, blur, scrollIntoView, scrollTo, nextChunk, prevChunk, dragAndDrop, setInputFiles');
    rejects(JSON.stringify({ ...base, steps: [{ navgate: 'x' }] }), 'flows/login.flow.json: steps.0: expected a step with one of action, navigate, expect, wait, received keys "navgate"');
    rejects(JSON.stringify({ ...base, steps: [{ expect: { txt: 'x' } }] }), 'flows/login.flow.json: steps.0.expect: expected one of { text }, { selector, text }, { selector, state }, { selector, value }, { url }, { title }, { selector, effect }, { selector?, aria }, received Object');
    rejects(JSON.stringify({ ...base, variables: { password: { secret: true, default: 'hunter2' } } }), 'flows/login.flow.json: variables.password: a secret variable cannot have a default: its value must never be in the file');
    rejects(JSON.stringify({ ...base, startUrl: 'localhost:4173' }), 'flows/login.flow.json: startUrl: expected an http(s), data: or about:blank URL, received "localhost:4173"');
    rejects(JSON.stringify({ ...base, startUrl: 'javascript:alert(1)' }), 'flows/login.flow.json: startUrl: expected an http(s), data: or about:blank URL, received "javascript:alert(1)"');
  });

  it('a start address follows the same rule as a navigate step: data:, about:blank and a %variable% start are taken', () => {
    for (const startUrl of ['data:text/html,<button>Go</button>', 'about:blank', '%site%/login.html']) {
      assert.equal(parseFlow(JSON.stringify({ ...base, startUrl }), 'x.flow.json').startUrl, startUrl);
    }
    assert.throws(() => rebaseFlow({ ...base, startUrl: '%site%/login.html' }, 'https://preview.example/'),
      /^Error: startUrl: %site%\/login\.html is not an http\(s\) address, so there is no origin to replace with https:\/\/preview\.example\/; put a %variable% in its place instead$/);
  });

  it('saves atomically, and never overwrites a file it cannot read', async () => {
    const file = path.join(dir, 'login.flow.json');
    await saveFlow(file, base);
    assert.deepEqual(await loadFlow(file), base);
    await writeFile(file, '{ "version": 1, "name": "broken"');
    await assert.rejects(appendSteps(file, [{ navigate: 'http://127.0.0.1/x' }]), FlowFileError);
    assert.equal(await readFile(file, 'utf8'), '{ "version": 1, "name": "broken"', 'the malformed file is left as it was');
  });

  it('appends steps, creating the file when asked', async () => {
    const file = path.join(dir, 'new.flow.json');
    await appendSteps(file, [{ navigate: 'http://127.0.0.1:4173/' }], { name: 'New flow', startUrl: 'http://127.0.0.1:4173/' });
    await appendSteps(file, [{ expect: { title: 'Tasks' } }]);
    const flow = await loadFlow(file);
    assert.deepEqual(flow.steps, [{ navigate: 'http://127.0.0.1:4173/' }, { expect: { title: 'Tasks' } }]);
    await assert.rejects(appendSteps(path.join(dir, 'missing.flow.json'), [{ navigate: 'http://x.test/' }]), /missing\.flow\.json: no such file/);
  });

  it('a process killed while saving leaves the old file or the new one, never a torn one', async function () {
    this.timeout(60_000);
    const file = path.join(dir, 'big.flow.json');
    const big = (label: string): Flow => ({ ...base, name: label, steps: Array.from({ length: 3000 }, (_, index) => ({ navigate: `http://127.0.0.1:4173/${label}/${index}` })) });
    await saveFlow(file, big('old'));
    const child = path.join(__dirname, 'save-forever.js');
    for (let round = 0; round < 5; round++) {
      const saver = fork(child, [file], { stdio: 'ignore' });
      await new Promise((resolve) => setTimeout(resolve, 150 + round * 40));
      saver.kill('SIGKILL');
      await new Promise((resolve) => saver.once('exit', resolve));
      const flow = await loadFlow(file);
      assert.ok(['old', 'new-0', 'new-1'].includes(flow.name), flow.name);
      assert.equal(flow.steps.length, 3000);
    }
  });

  it('media/flow.schema.json is the schema generated from the validator (run npm run schema after a change)', async () => {
    const committed = JSON.parse(await readFile(path.join(MEDIA, 'flow.schema.json'), 'utf8')) as unknown;
    assert.deepEqual(committed, flowJsonSchema());
  });

  it('the bundled demo flow is valid', async () => {
    const flow = await loadFlow(path.join(MEDIA, 'demo', 'example.flow.json'));
    assert.equal(flow.name, 'Sign in and finish a task');
    assert.equal(flow.variables?.password?.secret, true);
  });
});
