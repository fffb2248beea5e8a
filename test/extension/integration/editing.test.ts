import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { eventually } from '../../support/eventually';
import type { StaticSite } from '../../../src/cli/static-site';
import type { Rehearse } from '../../../src/extension/rehearse';
import { FIXTURES_DIR, serveFolder } from '../../support/static-server';

function workspaceFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, name);
}

const labels = (list: vscode.CompletionList | undefined) => (list?.items ?? []).map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
const hoverText = (hovers: vscode.Hover[] | undefined) => (hovers ?? []).flatMap((hover) => hover.contents.map((part) => (typeof part === 'string' ? part : 'value' in part ? part.value : ''))).join('\n');

/** Issue 16: editing flow files by hand, an expect added where a step leaves the page, and a replay slowed down to watch. */
describe('editing flows in VS Code (extension host)', () => {
  let rehearse: Rehearse;
  let site: StaticSite;

  before(async function () {
    this.timeout(60_000);
    site = await serveFolder(FIXTURES_DIR);
    await vscode.workspace.getConfiguration('rehearse').update('browser.headless', true, vscode.ConfigurationTarget.Global);
    rehearse = await vscode.extensions.getExtension<Rehearse>('rehearse.rehearse')!.activate();
  });
  after(async () => {
    await vscode.workspace.getConfiguration('rehearse').update('replay.slowMo', undefined, vscode.ConfigurationTarget.Global);
    await rehearse?.engine.endSession();
    await site?.close();
  });

  it('offers step methods from the schema and the flow\'s variables after %, and says what a variable is on hover', async () => {
    const file = workspaceFile('editing.flow.json');
    const text = [
      '{',
      '  "version": 1,',
      '  "name": "Editing",',
      '  "variables": { "password": { "secret": true, "description": "the account password" }, "email": { "default": "ada@example.com" } },',
      '  "steps": [',
      '    { "action": { "selector": "css=#password", "description": "Password", "method": "fill", "arguments": ["%password%"] } },',
      '    { "action": { "selector": "css=#email", "description": "Email", "method": "", "arguments": ["%"] } }',
      '  ]',
      '}',
      '',
    ].join('\n');
    await writeFile(file.fsPath, text);
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const lines = text.split('\n');
    const stepLine = lines.findIndex((line) => line.includes('"arguments": ["%"]'));
    const afterPercent = new vscode.Position(stepLine, lines[stepLine]!.indexOf('["%') + 3);
    const variables = await eventually('variable completions', () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', file, afterPercent, '%'), (list) => labels(list).includes('%password%'));
    assert.ok(labels(variables).includes('%email%'), labels(variables).join(', '));
    const inMethod = new vscode.Position(stepLine, lines[stepLine]!.indexOf('"method": "') + '"method": "'.length);
    await eventually('method completions from the schema', () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', file, inMethod), (list) => labels(list).some((label) => label.replace(/"/g, '') === 'doubleClick'));
    const passwordLine = lines.findIndex((line) => line.includes('"%password%"'));
    const onVariable = new vscode.Position(passwordLine, lines[passwordLine]!.indexOf('%password%') + 3);
    const hover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', file, onVariable));
    assert.match(hover, /%password%\*\*: the account password/);
    assert.match(hover, /Secret: its value is never in the file/);
  });

  it('Add Expect replays to a step and writes after it what holds on the page there', async () => {
    const file = workspaceFile('add-expect.flow.json');
    await writeFile(file.fsPath, `${JSON.stringify({
      version: 1, name: 'Add expect', startUrl: `${site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['grace@example.com'] } },
        { action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password?', method: 'click', arguments: [] } },
      ],
    }, null, 2)}\n`);
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', file, new vscode.Range(document.positionAt(document.getText().indexOf('css=#email')), document.positionAt(document.getText().indexOf('css=#email'))));
    assert.ok(actions.some((action) => action.title.startsWith('Add expect after step 1')), actions.map((action) => action.title).join(' | '));
    const added = await vscode.commands.executeCommand('rehearse.addExpect', file, 0, 0);
    assert.deepEqual(added, { selector: 'css=#email', value: 'grace@example.com' });
    const flow = JSON.parse(await readFile(file.fsPath, 'utf8')) as { steps: object[] };
    assert.deepEqual(flow.steps[1], { expect: { selector: 'css=#email', value: 'grace@example.com' } }, 'written right after the step');
    assert.equal(flow.steps.length, 3);
    // The last of what holds: the ARIA snapshot of the region around the step's element (the form of the button).
    const region = await vscode.commands.executeCommand<{ selector: string; aria: string }>('rehearse.addExpect', file, 2, -1);
    assert.match(region.aria, /- button "Forgot password\?"/, JSON.stringify(region));
    const withRegion = JSON.parse(await readFile(file.fsPath, 'utf8')) as { steps: object[] };
    assert.deepEqual(withRegion.steps[3], { expect: region });
    const result = await vscode.commands.executeCommand<{ status: string }>('rehearse.replayFlow', file);
    assert.equal(result.status, 'passed', 'the flow still replays with them');
  });
});
