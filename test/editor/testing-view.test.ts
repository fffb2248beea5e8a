import { api, editor, TestMessage, TextDocument, type RunEvent } from './vscode-fake';
import type * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StaticSite } from '../../src/cli/static-site';
import type { EngineClient } from '../../src/extension/engine-client';
import { localEngine } from './local-engine';
import { FlowTests } from '../../src/extension/flow-tests';
import { Log } from '../../src/extension/log';
import { ReplayController } from '../../src/extension/replay-controller';
import { StepStates } from '../../src/extension/step-states';
import { VariableValues } from '../../src/extension/variables-prompt';
import type { Flow } from '../../src/schema';
import { signInFlow } from '../support/sign-in-flow';
import { eventually } from '../support/eventually';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';



/**
 * Issue 14's Testing view in plain Node (issue 32): the extension's FlowTests, ReplayController and EngineClient as they
 * are, on a real local service, Chromium and files; only the editor is the fake of vscode-fake.ts. What the view is
 * told (items, their ranges, each run's events and messages) is read here as the view would show it.
 */
describe('flows in the Testing view (the extension\'s logic, in plain Node)', function () {
  this.timeout(120_000);
  let root: string;
  let site: StaticSite;
  let engine: EngineClient;
  let tests: FlowTests;
  let replays: ReplayController;
  const file = (name: string) => path.join(root, name);
  const uri = (name: string) => api.Uri.file(file(name));

  const goodFlow = (): Flow => signInFlow(site.origin);
  const text = (flow: Flow) => `${JSON.stringify(flow, null, 2)}\n`;

  /** The flow's item as the view lists it: its label, error, and its steps with the line each starts on. */
  const shown = (name: string) => {
    const item = tests.controller.items.get(uri(name).toString());
    if (!item) return undefined;
    const steps: { label: string; line?: number }[] = [];
    item.children.forEach((child) => steps.push({ label: child.label, ...(child.range ? { line: child.range.start.line } : {}) }));
    return { label: item.label, error: typeof item.error === 'string' ? item.error : item.error?.value, steps };
  };
  const item = (name: string, step?: number) => {
    const flow = tests.controller.items.get(uri(name).toString())!;
    return step === undefined ? flow : flow.children.get(`${flow.id}#step-${step}`)!;
  };
  const run = (include: vscode.TestItem[], options: { exclude?: vscode.TestItem[]; continuous?: boolean; token?: vscode.CancellationToken } = {}) =>
    tests.runProfile.runHandler(new api.TestRunRequest(include, options.exclude, tests.runProfile, options.continuous), options.token ?? new api.CancellationTokenSource().token);
  /** What the last run told the view about an item, in order ("started", "passed"…). */
  const told = (events: readonly RunEvent[], name: string, step?: number) => events.filter((event) => event.id === item(name, step).id).map((event) => event.kind);

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rehearse-editor-'));
    editor.reset(root);
    editor.setting('flows.folder', 'testing');
    await mkdir(file('testing'));
    site = await serveFolder(FIXTURES_DIR);
    const log = new Log();
    const local = localEngine(log);
    engine = local.engine;
    const secrets = local.secrets;
    replays = new ReplayController(engine, new StepStates(), new VariableValues(secrets), log);
    tests = new FlowTests(replays, log, api.Uri.file(file('.storage')));
  });
  after(async () => {
    tests?.dispose();
    await engine?.dispose();
    await site?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('lists each flow file with its steps at their lines, follows files created, typed into and deleted, and shows an invalid file\'s error', async () => {
    await writeFile(file('testing/good.flow.json'), text(goodFlow()));
    await writeFile(file('elsewhere.flow.json'), text({ ...goodFlow(), name: 'Elsewhere' }));
    await tests.discover();
    const listed = shown('testing/good.flow.json')!;
    assert.equal(listed.label, 'Sign in form');
    assert.deepEqual(listed.steps.map((step) => step.label), ['1. fill Email', '2. check Remember me', '3. expect css=#email = "ada@example.com"']);
    const lines = text(goodFlow()).split('\n');
    assert.deepEqual(listed.steps.map((step) => step.line), [
      lines.findIndex((line) => line.includes('"css=#email"')) - 2,
      lines.findIndex((line) => line.includes('"css=#remember"')) - 2,
      lines.findIndex((line) => line.includes('"expect"')) - 1,
    ], 'each step at the line of its "{"');
    assert.equal(shown('elsewhere.flow.json'), undefined, 'a flow outside rehearse.flows.folder is not a test');

    await writeFile(file('testing/new.flow.json'), text({ version: 1, name: 'Made just now', steps: [] }));
    editor.fileEvent('created', file('testing/new.flow.json'));
    await eventually('a new flow file appears', () => shown('testing/new.flow.json')?.label, (label) => label === 'Made just now');

    const document = new TextDocument(uri('testing/good.flow.json'), text(goodFlow()));
    editor.open(document);
    editor.typeInto(document, text({ ...goodFlow(), steps: goodFlow().steps.slice(0, 2) }));
    await eventually('an edit being typed shows once typing pauses', () => shown('testing/good.flow.json')?.steps.length, (count) => count === 2);
    editor.close(document);

    await writeFile(file('testing/new.flow.json'), '{ "version": 1, "name": "Broken", "steps": [{ "navigate": "javascript:alert(1)" }] }');
    editor.fileEvent('changed', file('testing/new.flow.json'));
    const broken = await eventually('an invalid file shows its error', () => shown('testing/new.flow.json'), (value) => value?.error !== undefined);
    assert.equal(broken!.error, 'testing/new.flow.json: steps.0.navigate: expected an http(s), data: or about:blank URL, received "javascript:alert(1)"');
    assert.deepEqual(broken!.steps, [], 'and no steps to run');

    await rm(file('testing/new.flow.json'));
    editor.fileEvent('deleted', file('testing/new.flow.json'));
    assert.equal(shown('testing/new.flow.json'), undefined, 'a deleted flow file leaves');
  });

  it('a run marks each step as the view shows it: a failed expectation is a diff at its line, what follows is skipped, a step item runs its flow up to it', async () => {
    await writeFile(file('testing/good.flow.json'), text(goodFlow()));
    const brokenFlow: Flow = {
      version: 1, name: 'Wrong value', startUrl: `${site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['grace@example.com'] } },
        { expect: { selector: 'css=#email', value: 'ada@example.com' }, timeout: 1000 },
        { action: { selector: 'css=#remember', description: 'Remember me', method: 'check', arguments: [] } },
      ],
    };
    await writeFile(file('testing/broken.flow.json'), text(brokenFlow));
    editor.fileEvent('created', file('testing/broken.flow.json'));
    editor.fileEvent('changed', file('testing/good.flow.json'));
    await eventually('both flows listed', () => [shown('testing/good.flow.json')?.steps.length, shown('testing/broken.flow.json')?.steps.length], (counts) => counts[0] === 3 && counts[1] === 3);

    await run([item('testing/good.flow.json'), item('testing/broken.flow.json')]);
    const events = editor.runs.at(-1)!;
    assert.deepEqual(told(events, 'testing/good.flow.json'), ['enqueued', 'started', 'passed']);
    for (const step of [0, 1, 2]) assert.deepEqual(told(events, 'testing/good.flow.json', step), ['enqueued', 'started', 'passed'], `step ${step + 1} of the good flow`);
    assert.deepEqual(told(events, 'testing/broken.flow.json', 1), ['enqueued', 'started', 'failed']);
    assert.deepEqual(told(events, 'testing/broken.flow.json', 2), ['enqueued', 'skipped'], 'a step after a failure is skipped, not run on a page in the wrong state');
    assert.deepEqual(told(events, 'testing/broken.flow.json'), ['enqueued', 'started', 'failed']);
    assert.equal(events.at(-1)!.kind, 'end');

    const failure = events.find((event) => event.id === item('testing/broken.flow.json', 1).id && event.kind === 'failed')!.message!;
    assert.ok(failure instanceof TestMessage);
    assert.deepEqual([failure.expectedOutput, failure.actualOutput], ['ada@example.com', 'grace@example.com'], 'shown as a diff');
    const line = text(brokenFlow).split('\n').findIndex((entry) => entry.includes('"expect"')) - 1;
    assert.equal((failure.location!.range as { line: number }).line, line, 'at the expect step\'s line');
    const body = typeof failure.message === 'string' ? failure.message : failure.message.value;
    assert.match(body, /expected css=#email has the value "ada@example\.com", but it is "grace@example\.com"/);
    const picture = /\[Screenshot of the page at the failure\]\((file:[^)]+)\)/.exec(body)?.[1];
    assert.ok(picture, `the message links a screenshot: ${body}`);
    const bytes = await readFile(api.Uri.parse(picture).fsPath);
    assert.ok((bytes[0] === 0xff && bytes[1] === 0xd8) || (bytes[0] === 0x89 && bytes[1] === 0x50), 'the screenshot is a JPEG or PNG image');
    const flowFailure = events.find((event) => event.id === item('testing/broken.flow.json').id && event.kind === 'failed')!.message!;
    assert.match(String(flowFailure.message), /^step 2 \(expect css=#email = "ada@example\.com"\): expected css=#email has the value/);

    // A step item stands for its flow replayed up to it; an excluded item is left out.
    await run([item('testing/good.flow.json', 1), item('testing/broken.flow.json')], { exclude: [item('testing/broken.flow.json')] });
    const upTo = editor.runs.at(-1)!;
    assert.deepEqual(told(upTo, 'testing/good.flow.json', 1), ['enqueued', 'started', 'passed']);
    assert.deepEqual(told(upTo, 'testing/good.flow.json', 2), [], 'the step after the chosen one does not run');
    assert.deepEqual(told(upTo, 'testing/broken.flow.json'), [], 'the excluded flow does not run');
  });

  it('a continuous run replays a flow each time it is saved; cancelling a run stops the replay at once', async () => {
    await writeFile(file('testing/good.flow.json'), text(goodFlow()));
    await tests.discover();
    const watching = new api.CancellationTokenSource();
    await run([item('testing/good.flow.json')], { continuous: true, token: watching.token });
    const document = new TextDocument(uri('testing/good.flow.json'), text(goodFlow()));
    editor.open(document);
    const runs = editor.runs.length;
    await editor.save(document);
    await eventually('saving the watched flow replays it', () => tests.outcomes.get(item('testing/good.flow.json').id)?.status === 'passed' && editor.runs.length > runs, Boolean, 60_000);
    watching.cancel();
    const after = editor.runs.length;
    await editor.save(document);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(editor.runs.length, after, 'no replay once the continuous run is stopped');

    // A slow flow, cancelled while it runs: the replay stops within a moment, the flow is marked skipped.
    await writeFile(file('testing/good.flow.json'), text({ ...goodFlow(), name: 'Slow', steps: [{ wait: { ms: 20_000 } }, ...goodFlow().steps] }));
    editor.fileEvent('changed', file('testing/good.flow.json'));
    editor.typeInto(document, await readFile(file('testing/good.flow.json'), 'utf8'));
    await eventually('the slow flow is listed', () => shown('testing/good.flow.json')?.label, (label) => label === 'Slow');
    const cancel = new api.CancellationTokenSource();
    const started = Date.now();
    const running = run([item('testing/good.flow.json')], { token: cancel.token });
    await eventually('the slow flow started', () => ({ running: replays.isRunning, shown: editor.shown, log: editor.log.slice(-3) }), (state) => state.running, 30_000);
    cancel.cancel();
    await running;
    assert.ok(Date.now() - started < 15_000, 'the 20 s wait did not run out');
    assert.equal(tests.outcomes.get(item('testing/good.flow.json').id)?.status, 'skipped');
    assert.equal(replays.isRunning, false);
    editor.close(document);
  });

  it('replays in slow motion when rehearse.replay.slowMo is set; Replay to here stops after its step', async () => {
    await writeFile(file('testing/slow.flow.json'), text(goodFlow()));
    editor.setting('replay.slowMo', 400);
    try {
      const result = await replays.replay(uri('testing/slow.flow.json'));
      assert.equal(result?.status, 'passed', `the replay ended with: ${editor.shown.at(-1)?.message}`);
      // Three steps after the start page, each after a 400 ms pause: the flow took that long at least.
      const working = result.steps.reduce((sum, step) => sum + step.ms, 0);
      assert.ok(result.ms - working >= 3 * 400, `paused ${result.ms - working} ms in all`);
    } finally {
      editor.setting('replay.slowMo', 0);
    }
    const toFirst = (await replays.replay(uri('testing/slow.flow.json'), 0))!;
    assert.deepEqual(toFirst.steps.map((step) => step.index), [-1, 0]);
  });
});
