import * as vscode from 'vscode';
import { saveFlow } from '../flows/format';
import { importRecording, parseRecording } from '../flows/import-devtools';
import type { Log } from './log';
import { showBesideBrowser } from './webview-assets';

/** Where an imported recording goes: beside it, `<name>.flow.json`. */
export function flowFileFor(recording: vscode.Uri): vscode.Uri {
  const name = recording.path.split('/').pop()!.replace(/\.json$/i, '');
  return vscode.Uri.joinPath(recording, '..', `${name}.flow.json`);
}

/**
 * Import as Flow: a Chrome DevTools Recorder recording (the open JSON file, or the one chosen in the Explorer) becomes a
 * flow file beside it, opened. What of the recording a flow cannot hold is said, step by step, in the log and a
 * notification; an existing flow file is never overwritten.
 */
export async function importRecordingCommand(log: Log, argument?: unknown): Promise<vscode.Uri | undefined> {
  const source = argument instanceof vscode.Uri ? argument : vscode.window.activeTextEditor?.document.uri;
  if (!source) {
    void vscode.window.showInformationMessage('Open a recording exported from Chrome DevTools\' Recorder panel (JSON), then run Import as Flow.');
    return undefined;
  }
  const name = vscode.workspace.asRelativePath(source);
  const recording = parseRecording((await vscode.workspace.openTextDocument(source)).getText(), name);
  const target = flowFileFor(source);
  if (await vscode.workspace.fs.stat(target).then(() => true, () => false)) {
    void vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(target)} exists: rename or remove it to import ${name} again.`);
    return undefined;
  }
  const { flow, problems } = importRecording(recording);
  await saveFlow(target.fsPath, flow);
  log.info(`imported ${name} as ${vscode.workspace.asRelativePath(target)}: ${flow.steps.length} steps`);
  for (const problem of problems) log.warn(`not imported from ${name}: ${problem}`);
  if (problems.length) {
    void vscode.window.showWarningMessage(`${problems.length} step${problems.length === 1 ? '' : 's'} of ${name} could not be imported: ${problems[0]}${problems.length > 1 ? ' (the others are in the log)' : ''}`, 'Show Log').then((choice) => {
      if (choice) log.show();
    });
  }
  await showBesideBrowser(target);
  return target;
}
