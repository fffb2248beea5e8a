import { api, editor, TextDocument } from './vscode-fake';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import type { StaticSite } from '../../src/cli/static-site';
import type { AgentStepItem } from '../../src/extension/agent-run-view';
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

  it('runs the agent with the model: each step streams into the Agent Run view, usage in its description, saved as a flow', async () => {
    await api.commands.executeCommand('rehearse.openBrowser', `${site.origin}/login.html`);
    models.answerWith(agentPlan([
      { tool: 'act', find: 'textbox "Email"', method: 'fill', args: ['ada@example.com'], usage: { input: 1200, output: 30 } },
      { tool: 'act', find: 'textbox "Password"', method: 'fill', args: ['agent-typed-secret'] },
      { tool: 'act', find: 'button "Forgot password?"', method: 'click', usage: { input: 1300, output: 25 } },
      { tool: 'done', input: { summary: 'Asked for a new password.', completed: true } },
    ]));
    const seen: string[] = [];
    const subscription = rehearse.agentRunView.onDidChangeTreeData(() => {
      for (const item of rehearse.agentRunView.getChildren()) seen.push(`${String(item.label)}:${(item.iconPath as vscode.ThemeIcon).id}`);
    });
    const result = await api.commands.executeCommand<{ completed: boolean; message: string }>('rehearse.runAgent', {
      instruction: 'ask for a new password for ada@example.com', maxSteps: 5, autoScreenshot: true, waitBetweenActions: 0,
    });
    subscription.dispose();
    assert.equal(result.completed, true);
    assert.ok(seen.includes('1. act:loading~spin'), `a running step showed a spinner: ${seen.join(', ')}`);
    const rows = rehearse.agentRunView.getChildren();
    assert.deepEqual(rows.map((row) => `${String(row.label)}:${(row.iconPath as vscode.ThemeIcon).id}`), ['1. fill:pass', '2. fill:pass', '3. click:pass', '4. done:pass']);
    assert.match(String(rehearse.agentRunView.treeView.description), /completed · 3 steps · [\d,]+ in · [\d,]+ out tokens/);
    // What the agent typed into the password field is not shown: the view says that something was typed.
    const typedPassword = [rows[1]!, ...rehearse.agentRunView.getChildren(rows[1])].map((item) => `${String(item.label)} ${String(item.description ?? '')}`).join(' | ');
    assert.equal(typedPassword.includes('agent-typed-secret'), false, typedPassword);
    const details = rehearse.agentRunView.getChildren(rows[0]);
    assert.ok(details.some((detail) => detail.label === 'selector'));
    assert.ok(details.some((detail) => detail.label === 'screenshot'), 'autoScreenshot: the step has a screenshot to open');
    await api.commands.executeCommand('rehearse.openScreenshot', (rows[0] as AgentStepItem).step.screenshotId);
    // Opened with VS Code's own command for files: a JPEG, in an editor.
    const opened = editor.commands.filter((call) => call.id === 'vscode.open').at(-1)?.args[0] as vscode.Uri | undefined;
    assert.ok(opened?.path.endsWith('.jpg'), String(opened));
    const image = await readFile(opened!.fsPath);
    assert.equal(image.subarray(0, 2).toString('hex'), 'ffd8', 'a JPEG');

    const target = api.Uri.file(path.join(root, 'agent-run.flow.json'));
    assert.equal(String(await api.commands.executeCommand<vscode.Uri>('rehearse.saveAgentRunAsFlow', target)), target.toString());
    const text = await readFile(target.fsPath, 'utf8');
    const flow = JSON.parse(text) as { startUrl?: string; variables?: Record<string, { secret?: boolean }>; steps: { action: { method: string; arguments: string[] }; target?: unknown }[] };
    assert.equal(flow.startUrl, `${site.origin}/login.html`, 'the flow opens the page the run started on');
    assert.deepEqual(flow.steps.map((step) => step.action.method), ['fill', 'fill', 'click']);
    assert.deepEqual(flow.steps[0]!.action.arguments, ['ada@example.com']);
    // The password the agent typed is a secret variable in the file, its value nowhere.
    assert.deepEqual(flow.steps[1]!.action.arguments, ['%password%']);
    assert.equal(flow.variables?.password?.secret, true);
    assert.equal(text.includes('agent-typed-secret'), false);
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
