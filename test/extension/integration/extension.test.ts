import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { eventually } from '../../support/eventually';
import type { AgentStepItem } from '../../../src/extension/agent-run-view';
import type { Rehearse } from '../../../src/extension/rehearse';
import type { StaticSite } from '../../../src/cli/static-site';
import { agentPlan } from '../../support/agent-plan';
import { ScriptedModelServer } from '../../support/model-server';
import { FIXTURES_DIR, serveFolder } from '../../support/static-server';

function workspaceFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, name);
}

describe('Rehearse in VS Code (extension host)', () => {
  let rehearse: Rehearse;
  let site: StaticSite;
  let models: ScriptedModelServer;

  before(async function () {
    this.timeout(120_000);
    site = await serveFolder(FIXTURES_DIR);
    models = await ScriptedModelServer.start();
    const configuration = vscode.workspace.getConfiguration('rehearse');
    await configuration.update('model.name', 'openai/test-model', vscode.ConfigurationTarget.Global);
    await configuration.update('model.baseURL', models.url('/v1'), vscode.ConfigurationTarget.Global);
    await configuration.update('browser.headless', true, vscode.ConfigurationTarget.Global);
    const extension = vscode.extensions.getExtension<Rehearse>('rehearse.rehearse');
    assert.ok(extension, 'the extension is installed');
    rehearse = await extension.activate();
    assert.equal(await vscode.commands.executeCommand('rehearse.setModelApiKey', 'sk-test-0123456789'), true);
  });
  after(async () => {
    await rehearse?.engine.endSession();
    await Promise.all([site?.close(), models?.close()]);
  });

  it('contributes every command in the Rehearse category, with an icon, and activates without starting anything', async () => {
    const manifest = vscode.extensions.getExtension('rehearse.rehearse')!.packageJSON as { contributes: { commands: { command: string; title: string; category: string; icon: string }[] } };
    const titles = manifest.contributes.commands.map((command) => command.title);
    for (const title of ['Open Browser', 'Observe…', 'Act…', 'Pick and Save Actions', 'Record Manually', 'New Flow', 'Replay Flow', 'Replay to Here', 'Stop', 'Run Agent…', 'Save Agent Run as Flow', 'Choose Model', 'Set Model API Key', 'Choose Browser', 'Open Demo', 'Show Log']) {
      assert.ok(titles.includes(title), `command "${title}"`);
    }
    assert.ok(manifest.contributes.commands.every((command) => command.category === 'Rehearse' && /^\$\([\w-]+\)$/.test(command.icon)));
    console.log(`      (activation took ${rehearse.activationMs.toFixed(1)} ms)`);
    assert.equal(rehearse.engine.hasSession, false, 'no browser session until a command needs one');
    const registered = await vscode.commands.getCommands(true);
    for (const command of manifest.contributes.commands) assert.ok(registered.includes(command.command), `${command.command} is registered`);
  });

  it('runs the agent with the model: each step streams into the Agent Run view, usage in its description, saved as a flow', async () => {
    await vscode.commands.executeCommand('rehearse.openBrowser', `${site.origin}/login.html`);
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
    const result = await vscode.commands.executeCommand<{ completed: boolean; message: string }>('rehearse.runAgent', {
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
    await vscode.commands.executeCommand('rehearse.openScreenshot', (rows[0] as AgentStepItem).step.screenshotId);
    const tab = await eventually('the screenshot in an editor', () => vscode.window.tabGroups.activeTabGroup.activeTab?.input, (input) => (input as { uri?: vscode.Uri } | undefined)?.uri?.path.endsWith('.jpg') === true);
    const image = await readFile((tab as { uri: vscode.Uri }).uri.fsPath);
    assert.equal(image.subarray(0, 2).toString('hex'), 'ffd8', 'a JPEG');

    const target = workspaceFile('agent-run.flow.json');
    assert.equal((await vscode.commands.executeCommand<vscode.Uri>('rehearse.saveAgentRunAsFlow', target)).toString(), target.toString());
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

  it('a command run at once after Choose Model uses the new model: the session waits for the settings to be written', async () => {
    await vscode.commands.executeCommand('rehearse.openBrowser', `${site.origin}/login.html`);
    const other = await ScriptedModelServer.start();
    try {
      models.reset();
      const chosen = vscode.commands.executeCommand('rehearse.chooseModel', { provider: 'local', model: 'other-model', baseURL: other.url('/v1') });
      await vscode.commands.executeCommand('rehearse.observe', 'the email field');
      assert.equal(await chosen, 'openai/other-model');
      assert.equal(models.modelRequests().length, 0, 'the model chosen before was not asked');
      assert.ok(other.modelRequests().length > 0, 'the model just chosen was asked');
    } finally {
      const configuration = vscode.workspace.getConfiguration('rehearse');
      await configuration.update('model.name', 'openai/test-model', vscode.ConfigurationTarget.Global);
      await configuration.update('model.baseURL', models.url('/v1'), vscode.ConfigurationTarget.Global);
      await configuration.update('model.openaiEndpointFormat', undefined, vscode.ConfigurationTarget.Global);
      await rehearse.engine.endSession();
      await other.close();
    }
  });
});
