import { api, editor, TextDocument } from './vscode-fake';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import type { StaticSite } from '../../src/cli/static-site';
import type { Rehearse } from '../../src/extension/rehearse';
import { agentPlan } from '../support/agent-plan';
import { eventually } from '../support/eventually';
import { ScriptedModelServer } from '../support/model-server';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';
import { activateExtension, deactivateExtension } from './local-engine';

/** Commands as the palette runs them, on the extension activated in plain Node (its local service, a real Chromium). */
describe('commands (the extension activated in plain Node)', function () {
  this.timeout(120_000);
  let root: string;
  let site: StaticSite;
  let models: ScriptedModelServer;
  let rehearse: Rehearse;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rehearse-commands-'));
    editor.reset(root);
    // The browser unseen: its live view is a webview, which needs the workbench (test/extension has those tests).
    editor.setting('browser.headless', true);
    site = await serveFolder(FIXTURES_DIR);
    models = await ScriptedModelServer.start();
    editor.setting('model.name', 'openai/test-model');
    editor.setting('model.baseURL', models.url('/v1'));
    rehearse = activateExtension(path.join(root, '.storage'));
    assert.equal(await api.commands.executeCommand('rehearse.setModelApiKey', 'sk-test-0123456789'), true);
  });
  after(async () => {
    await deactivateExtension();
    await Promise.all([site?.close(), models?.close()]);
    await rm(root, { recursive: true, force: true });
  });

  it('Act… does one action on the open page (a plain instruction needs no model), and says what it did', async () => {
    await api.commands.executeCommand('rehearse.openBrowser', `${site.origin}/login.html`);
    const outcome = await api.commands.executeCommand<{ success: boolean; planner?: string; message: string }>('rehearse.act', 'click Forgot password?');
    assert.equal(outcome.success, true);
    assert.match(outcome.message, /^Clicked /, 'said as a sentence, not "click done on"');
    assert.equal(outcome.planner, 'local');
    assert.match(editor.shown.at(-1)?.message ?? '', /^Done: Clicked /);
  });

  it('a command that fails says so in a notification naming the command, never as a thrown error', async () => {
    const outcome = await api.commands.executeCommand('rehearse.openBrowser', 'file:///etc/passwd');
    assert.equal(outcome, undefined);
    assert.match(editor.shown.at(-1)?.message ?? '', /^Rehearse: openBrowser: .*file/);
  });

  it('Stop cancels an agent run for real: no model call and no page action after it; what ran is saved as a flow', async () => {
    await api.commands.executeCommand('rehearse.openBrowser', `${site.origin}/login.html`);
    models.reset();
    models.answerWith(agentPlan([
      { tool: 'act', find: 'button "Forgot password?"', method: 'click' },
      { tool: 'act', find: 'button "Forgot password?"', method: 'click', delayMs: 2_500 },
      { tool: 'act', find: 'button "Forgot password?"', method: 'click' },
    ]));
    const run = api.commands.executeCommand('rehearse.runAgent', { instruction: 'click forgot password three times', maxSteps: 5, autoScreenshot: false, waitBetweenActions: 0 });
    await eventually('first step done', () => rehearse.agentRunView.getChildren().map((row) => (row.iconPath as vscode.ThemeIcon).id), (ids) => ids[0] === 'pass');
    await eventually('second model call', () => models.modelRequests().length, (count) => count >= 2);
    // While the agent has the browser, another command is refused at once (it says why), not queued or failed as busy.
    const started = Date.now();
    assert.equal(await api.commands.executeCommand('rehearse.act', 'click Forgot password?'), undefined);
    assert.ok(Date.now() - started < 2_000);
    assert.match(editor.shown.at(-1)?.message ?? '', /The browser is busy: .*agent.* is running/);
    assert.equal(rehearse.agent.isRunning, true);
    assert.deepEqual(await api.commands.executeCommand('rehearse.stop'), ['agent run']);
    assert.equal(await run, undefined);
    const calls = models.modelRequests().length;
    // Past the moment the held answer would have come, and the next call after it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    assert.equal(models.modelRequests().length, calls, 'no model call after Stop');
    assert.match(String(rehearse.agentRunView.treeView.description), /^stopped after 1 step/);
    // Saving now saves the run on screen, up to the stop: one click, not the three steps of the run before.
    const target = api.Uri.file(path.join(root, 'stopped-run.flow.json'));
    assert.equal(String(await api.commands.executeCommand('rehearse.saveAgentRunAsFlow', target)), target.toString());
    const flow = JSON.parse(await readFile(target.fsPath, 'utf8')) as { steps: { action: { method: string } }[] };
    assert.deepEqual(flow.steps.map((step) => step.action.method), ['click']);
  });

  it('Replay Flow returns each step; the CodeLens show Replay, Replay to here and each result; the Flows view marks them', async () => {
    const file = api.Uri.file(path.join(root, 'login.flow.json'));
    const text = JSON.stringify({
      version: 1, name: 'Forgot password', startUrl: `${site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['ada@example.com'] } },
        { action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password?', method: 'click', arguments: [] } },
        { expect: { text: 'forgot clicked' } },
      ],
    }, null, 2);
    await writeFile(file.fsPath, text);
    const result = await api.commands.executeCommand<{ status: string; steps: { index: number; status: string }[] }>('rehearse.replayFlow', file);
    assert.equal(result.status, 'passed');
    assert.deepEqual(result.steps.map((step) => `${step.index}:${step.status}`), ['-1:passed', '0:passed', '1:passed', '2:passed']);
    const [lensProvider] = editor.providers<vscode.CodeLensProvider>('codeLens');
    const lenses = (await lensProvider!.provideCodeLenses(new TextDocument(file, text) as never, new api.CancellationTokenSource().token)) ?? [];
    const titles = lenses.map((lens) => lens.command?.title ?? '');
    assert.equal(titles.filter((title) => title.includes('Replay to here')).length, 3);
    assert.ok(titles.some((title) => title.endsWith('Replay')));
    assert.equal(titles.filter((title) => /^passed: \d+ ms$/.test(title)).length, 3, titles.join(' | '));
    const view = rehearse.flowsView;
    const flows = await view.getChildren();
    const node = flows.find((flow) => view.getTreeItem(flow).label === 'Forgot password');
    assert.ok(node, `the Flows view lists the flow (has ${flows.map((flow) => view.getTreeItem(flow).label).join(', ')})`);
    assert.equal((view.getTreeItem(node).iconPath as vscode.ThemeIcon).id, 'pass');
    const steps = (await view.getChildren(node)).map((child) => view.getTreeItem(child));
    assert.deepEqual(steps.map((step) => step.label), ['1. fill Email', '2. click Forgot password?', '3. expect text "forgot clicked"']);
    assert.ok(steps.every((step) => (step.iconPath as vscode.ThemeIcon).id === 'pass'));
  });

  it('Show Browser toggles headless mode for the next session', async () => {
    const setting = () => api.workspace.getConfiguration('rehearse').get<boolean>('browser.headless');
    const before = setting();
    assert.equal(await api.commands.executeCommand('rehearse.toggleShowBrowser'), before === true);
    assert.equal(setting(), !before);
    assert.match(editor.shown.at(-1)?.message ?? '', before ? /shows the browser/ : /headless/);
    await api.commands.executeCommand('rehearse.toggleShowBrowser');
    assert.equal(setting(), before);
  });
});
