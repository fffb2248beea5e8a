import { api, editor, type TextDocument } from './vscode-fake';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StaticSite } from '../../src/cli/static-site';
import type { EngineClient } from '../../src/extension/engine-client';
import { localEngine } from './local-engine';
import { Log } from '../../src/extension/log';
import { RecordingController } from '../../src/extension/recording';
import type { LiveInputEvent } from '../../src/service/client';
import { describeStep, type Flow } from '../../src/schema';
import { startDebuggableChromium, type DebuggableChromium } from '../support/debuggable-chromium';
import { eventually } from '../support/eventually';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';



/** A person's click at a place of the page, through the live view (record-board.html puts each control at a fixed place). */
const clickAt = (x: number, y: number): LiveInputEvent[] => [
  { type: 'mouseMove', x, y },
  { type: 'mouseDown', x, y, button: 'left', clickCount: 1 },
  { type: 'mouseUp', x, y, button: 'left', clickCount: 1 },
];
const TOTAL = [160, 80] as const;
const PAY = [160, 160] as const;

/**
 * Starts a recording and finds the page it records in, as the person at the attached browser sees it: not a page a
 * recording before this one left open (its recorder has stopped, but its mark is still on the window).
 */
async function startRecording(person: Browser, start: () => Promise<number>): Promise<{ page: Page; recorded: Promise<number> }> {
  const pages = () => person.contexts().flatMap((context) => context.pages());
  for (const shown of pages()) await shown.evaluate(() => Object.assign(window, { recordedBefore: true })).catch(() => undefined);
  const recorded = start();
  const page = await eventually('the page with the recorder', async () => {
    for (const found of pages().filter((candidate) => candidate.url().endsWith('/login.html'))) {
      const recording = await found.evaluate(() => !('recordedBefore' in window) && Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.'))).catch(() => false);
      if (recording) return found;
    }
    return undefined;
  }, (found) => found !== undefined);
  return { page: page!, recorded };
}

/** A workspace folder, the fixture site and the extension's recording controller on its local service, per describe. */
function useRecording(options: { attached?: boolean } = {}) {
  const rig = {} as { root: string; site: StaticSite; chrome?: DebuggableChromium; engine: EngineClient; recording: RecordingController };
  before(async () => {
    rig.root = await mkdtemp(path.join(tmpdir(), 'rehearse-recording-'));
    editor.reset(rig.root);
    rig.site = await serveFolder(FIXTURES_DIR);
    if (options.attached) {
      rig.chrome = await startDebuggableChromium();
      editor.setting('browser.cdpUrl', rig.chrome.cdpUrl);
    }
    const log = new Log();
    rig.engine = localEngine(log).engine;
    rig.recording = new RecordingController(rig.engine, log);
  });
  after(async () => {
    rig.recording?.dispose();
    await rig.engine?.dispose();
    await rig.chrome?.stop();
    await rig.site?.close();
    await rm(rig.root, { recursive: true, force: true });
  });
  return rig;
}

/**
 * Assert While Recording from VS Code (issue 33): the recording's notification and status bar offer the toolbar's
 * modes; the mode chosen makes the next click in the browser an expect step, written into the flow file where it was
 * made. Plain Node against the local service, a real Chromium (headless: the browser shows in the live view) and files.
 */

/**
 * The flow file as it is on disk: none yet is a flow with no steps. The editor saves a document in place (the file is
 * emptied, then written), so a read in between is read again, for up to 2 s.
 */
async function flowOnDisk(file: string): Promise<Flow> {
  const until = Date.now() + 2000;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '{"steps":[]}');
    try {
      return JSON.parse(text) as Flow;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
describe('assert while recording, from VS Code (the extension\'s logic, in plain Node)', function () {
  this.timeout(120_000);
  const rig = useRecording();

  it('the notification\'s Assert… and the status bar set what the next click does; the expect steps land in the flow, in order', async () => {
    assert.equal(await rig.recording.assertMode('text'), undefined, 'not recording yet');
    assert.match(editor.shown.at(-1)?.message ?? '', /^Not recording: assertions are added while recording/);
    editor.answer = (shown) => (shown.items.includes('Assert…') ? 'Assert…' : shown.items.includes('Copy') ? 'Copy' : undefined);
    editor.pick = (picked) => (picked.title?.startsWith('Assert while recording') ? 'Assert text' : undefined);
    const file = api.Uri.file(path.join(rig.root, 'board.flow.json'));
    const recorded = rig.recording.record(file, `${rig.site.origin}/record-board.html`);
    // The notification comes once the browser records; its Assert… offers the toolbar's modes.
    await eventually('the Assert… quick pick', () => editor.picks.at(-1)?.labels, (labels) => labels?.includes('Assert snapshot') === true);
    assert.deepEqual(editor.picks.at(-1)?.labels, ['Record', 'Assert visible', 'Assert text', 'Assert value', 'Assert snapshot', 'Pick locator']);
    assert.ok(editor.statusBar.items.some((item) => item.text === '$(pass) Assert…' && item.command === 'rehearse.assertWhileRecording'));
    assert.ok(editor.commands.some((call) => call.id === 'setContext' && call.args[0] === 'rehearse.recording' && call.args[1] === true));
    await eventually('the mode said in the status bar', () => editor.statusBar.messages.at(-1), (message) => message === 'Rehearse: Click an element: the flow will expect its text.');
    const session = (await rig.engine.openSession)!;
    await session.input(clickAt(...TOTAL));
    await session.input(clickAt(...PAY));
    // The status bar's Assert… with a mode given, as the command takes it.
    assert.equal(await rig.recording.assertMode('text'), 'text');
    await session.input(clickAt(...TOTAL));
    await eventually('three steps written', async () => (await readFile(file.fsPath, 'utf8').catch(() => '')), (text) => (text.match(/"expect"|"action"/g) ?? []).length >= 3);
    // Pick locator: no step; the locator is told, and Copy puts it on the clipboard.
    await rig.recording.assertMode('locator');
    await session.input(clickAt(...PAY));
    await eventually('the picked locator copied', () => editor.clipboard, (copied) => copied === 'css=#pay');
    assert.ok(editor.shown.some((shown) => shown.message === 'Locator: css=#pay'));
    rig.recording.stop();
    assert.equal(await recorded, 3);
    const flow = JSON.parse(await readFile(file.fsPath, 'utf8')) as Flow;
    assert.deepEqual(flow.steps.map((step) => ('expect' in step ? step : describeStep(step).description)), [
      { expect: { selector: 'css=#total', text: '2 items' } },
      'click button "Pay"',
      { expect: { selector: 'css=#total', text: 'Paid, thank you' } },
    ]);
    assert.equal(editor.statusBar.items.length, 0, 'the status bar items are gone');
    assert.ok(editor.commands.some((call) => call.id === 'setContext' && call.args[0] === 'rehearse.recording' && call.args[1] === false));
  });
});

/**
 * Record Manually as the extension runs it, attached (rehearse.browser.cdpUrl) to a Chromium the test also drives as
 * the person at the browser: each action is written into the flow file as it happens, a typed password as a secret.
 */
describe('Record Manually (the extension\'s logic, in plain Node)', function () {
  this.timeout(120_000);
  const rig = useRecording({ attached: true });

  it('writes each action into the flow file as it happens; a typed password becomes a secret variable; a gesture it cannot keep is a warning at once', async () => {
    const file = api.Uri.file(path.join(rig.root, 'recorded.flow.json'));
    const recorded = rig.recording.record(file, `${rig.site.origin}/login.html`);
    // The person's view of the same browser: the page Rehearse opened, once the recorder is in it.
    const person = await chromium.connectOverCDP(rig.chrome!.cdpUrl);
    try {
      const page = (await eventually('the page with the recorder', async () => {
        const found = person.contexts().flatMap((context) => context.pages()).find((candidate) => candidate.url().endsWith('/login.html'));
        return (await found?.evaluate(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.'))).catch(() => false)) ? found : undefined;
      }, (found) => found !== undefined))!;
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').fill('s3cret-typed-value');
      // A gesture no step can hold (a middle click the page answers) is a warning at once, while recording.
      await page.evaluate(() => {
        const chip = document.body.appendChild(document.createElement('span'));
        chip.textContent = 'Draft';
        chip.addEventListener('auxclick', () => chip.remove());
      });
      await page.getByText('Draft', { exact: true }).click({ button: 'middle' });
      await eventually('the warning', () => editor.shown.find((shown) => shown.level === 'warning'), (shown) => shown !== undefined);
      assert.deepEqual(editor.shown.filter((shown) => shown.level === 'warning').map((shown) => shown.message), [
        'Not recorded: click on element "Draft" was not recorded: it changed the page, but no step came of it. Record it again, or add the step by hand.',
      ]);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const read = async () => JSON.parse(await readFile(file.fsPath, 'utf8').catch(() => '{"steps":[]}')) as Flow;
      await eventually('three steps in the file', async () => (await read()).steps.length, (count) => count === 3);
      rig.recording.stop();
      assert.equal(await recorded, 3);
      const flow = await read();
      assert.equal(flow.startUrl, `${rig.site.origin}/login.html`);
      assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, ...(step.action.arguments ?? [])] : [])), [['fill', 'ada@example.com'], ['fill', '%password%'], ['click']]);
      assert.equal(flow.variables?.password?.secret, true);
      assert.equal((await readFile(file.fsPath, 'utf8')).includes('s3cret-typed-value'), false, 'the typed password is not in the file');
      assert.match(editor.shown.find((shown) => shown.message.startsWith('Recorded '))?.message ?? '', /^Recorded 3 steps into recorded\.flow\.json\.$/);
    } finally {
      await person.close().catch(() => undefined);
    }
  });

  it('a recording cut short by the service being killed keeps every step recorded until then, in a valid file, and says what stopped it', async () => {
    editor.shown.length = 0;
    const file = api.Uri.file(path.join(rig.root, 'cut.flow.json'));
    const person = await chromium.connectOverCDP(rig.chrome!.cdpUrl);
    try {
      const { page, recorded } = await startRecording(person, () => rig.recording.record(file, `${rig.site.origin}/login.html`));
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const onDisk = () => flowOnDisk(file.fsPath);
      await eventually('two steps in the file', async () => (await onDisk()).steps.length, (count) => count === 2);
      const pid = Number(/local service on .* \(pid (\d+)\)/.exec(editor.log.join('\n'))?.[1]);
      assert.ok(pid > 0, 'the local service said its pid');
      process.kill(pid, 'SIGKILL');
      const count = await Promise.race([recorded, new Promise<string>((resolve) => setTimeout(() => resolve('still recording after 15 s'), 15_000))]);
      assert.equal(count, 2);
      assert.deepEqual((await onDisk()).steps.map((step) => ('action' in step ? step.action.method : '')), ['fill', 'click']);
      // Told what stopped it and what was kept, with a way to go on from the end.
      const told = editor.shown.find((shown) => shown.message.startsWith('The recording stopped'));
      assert.equal(told?.message, 'The recording stopped: the connection to the Rehearse service closed (the service stopped, or could not be reached). The 2 steps recorded until then are in cut.flow.json.');
      assert.deepEqual(told?.items, ['Record On', 'Show Log']);
      assert.ok(!editor.shown.some((shown) => /terminated/.test(shown.message)), 'no bare "terminated"');
    } finally {
      await person.close().catch(() => undefined);
    }
  });

  it('edits typed into the open flow while it records and the recorded steps both survive; steps wait while the edit is not a flow, and are never dropped', async () => {
    editor.shown.length = 0;
    const file = api.Uri.file(path.join(rig.root, 'edited.flow.json'));
    const person = await chromium.connectOverCDP(rig.chrome!.cdpUrl);
    try {
      const { page, recorded } = await startRecording(person, () => rig.recording.record(file, `${rig.site.origin}/login.html`));
      const onDisk = () => flowOnDisk(file.fsPath);
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').click();
      await eventually('the first step in the file', async () => (await onDisk()).steps.length, (count) => count === 1);
      // The person opens the flow and renames it, without saving; the next step arrives meanwhile.
      const document = (await api.workspace.openTextDocument(file)) as unknown as TextDocument;
      editor.typeInto(document, document.getText().replace('"name": "edited"', '"name": "Sign in, renamed while recording"'));
      await page.keyboard.type('s3cret-typed-value');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await eventually('three steps in the file', async () => (await onDisk()).steps.length, (count) => count === 3);
      assert.equal((await onDisk()).name, 'Sign in, renamed while recording', 'the person\'s unsaved edit is in the file');
      assert.equal(document.isDirty, false);
      assert.equal(document.getText(), await readFile(file.fsPath, 'utf8'), 'the editor shows what the file holds');
      // Half-way through an edit (not a flow yet): the next step waits, is told, and goes in once the edit is whole.
      const whole = document.getText();
      editor.typeInto(document, whole.replace('"name": "Sign in, renamed while recording",', '"name": "Sign in, renamed while recording'));
      await page.getByLabel('Email').fill('grace@example.com');
      await page.getByLabel('Password').click();
      await eventually('the warning that steps wait', () => editor.shown.find((shown) => shown.message.startsWith('Recorded steps are waiting')), (shown) => shown !== undefined);
      assert.equal((await onDisk()).steps.length, 3, 'nothing is written over an unfinished edit');
      editor.typeInto(document, whole.replace('renamed while recording', 'renamed twice'));
      await eventually('the waiting step in the file', async () => (await onDisk()).steps.length, (count) => count === 4);
      assert.equal((await onDisk()).name, 'Sign in, renamed twice');
      // Saved half-edited: the file itself is no flow for a moment. The next step waits too, and is not lost.
      const renamed = document.getText();
      editor.typeInto(document, renamed.replace('"name": "Sign in, renamed twice",', '"name": "Sign in'));
      await editor.save(document);
      await page.getByLabel('Email').fill('lin@example.com');
      await page.getByLabel('Password').click();
      await eventually('the warning that the file is not a flow', () => editor.shown.find((shown) => /^Recorded steps are waiting: edited\.flow\.json is not a valid flow yet/.test(shown.message)), (shown) => shown !== undefined);
      editor.typeInto(document, renamed);
      await eventually('the step that waited in the file', async () => (await readFile(file.fsPath, 'utf8').then((text) => (JSON.parse(text) as Flow).steps.length).catch(() => 0)), (count) => count > 4);
      const inFile = (await onDisk()).steps;
      assert.deepEqual(inFile.slice(4).map((step) => ('action' in step ? step.action.arguments : [])).filter((args) => args?.length), [['lin@example.com']]);
      // Left unfinished when the recording stops: the steps still waiting are kept in a file of their own.
      editor.typeInto(document, '{ "version": 1, "name": "half');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.waitForTimeout(800);
      rig.recording.stop();
      assert.equal(await recorded, inFile.length, 'steps written into the flow');
      const apart = editor.shown.find((shown) => shown.message.includes('could not go into edited.flow.json'))?.message ?? '';
      assert.match(apart, /^2 recorded steps could not go into edited\.flow\.json \(its unsaved edits are not a valid flow\): they are in edited\.recorded-\d{14}\.flow\.json\.$/);
      const kept = JSON.parse(await readFile(path.join(rig.root, /in (edited\.recorded-\d{14}\.flow\.json)/.exec(apart)![1]!), 'utf8')) as Flow;
      // The password field left as it was (a focus step), then the click.
      assert.deepEqual(kept.steps.map((step) => ('action' in step ? step.action.method : '')), ['focus', 'click']);
      assert.equal((await onDisk()).steps.length, inFile.length, 'the file keeps what it held');
    } finally {
      await person.close().catch(() => undefined);
    }
  });
});
