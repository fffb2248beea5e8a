import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { eventually } from '../../support/eventually';
import type { Rehearse } from '../../../src/extension/rehearse';

function workspaceFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, name);
}

const labels = (list: vscode.CompletionList | undefined) => (list?.items ?? []).map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
const hoverText = (hovers: vscode.Hover[] | undefined) => (hovers ?? []).flatMap((hover) => hover.contents.map((part) => (typeof part === 'string' ? part : 'value' in part ? part.value : ''))).join('\n');

/**
 * Issue 16: editing flow files by hand, with VS Code's JSON language service and the extension's completions and
 * hovers together (the workbench's own). Add Expect, Record at Cursor and Pick Locator are in test/editor/at-cursor.test.ts.
 */
describe('editing flows in VS Code (extension host)', () => {
  before(async function () {
    this.timeout(60_000);
    await vscode.extensions.getExtension<Rehearse>('rehearse.rehearse')!.activate();
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
});
