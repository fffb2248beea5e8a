import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Rehearse } from '../../../src/extension/rehearse';
import type { StaticSite } from '../../../src/cli/static-site';
import { ScriptedModelServer } from '../../support/model-server';
import { FIXTURES_DIR, serveFolder } from '../../support/static-server';

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
