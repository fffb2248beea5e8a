import * as vscode from 'vscode';
import { findFlowFiles } from './flow-files';
import { readSettings } from './settings';

export interface FlowTarget {
  readonly uri: vscode.Uri;
  /** The name a new file gets (from its file name). */
  readonly name: string;
}

const NEW_FILE = '$(new-file) New flow file…';

/** A flow file and the name a new one gets (its file name without `.flow.json`). */
export function flowTarget(uri: vscode.Uri): FlowTarget {
  return { uri, name: uri.path.split('/').pop()!.replace(/\.flow\.json$/, '') };
}

/** Asks for a new flow file's location, in the flows folder by default; `.flow.json` is added when missing. */
export async function askNewFlowFile(suggested = 'new'): Promise<FlowTarget | undefined> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!root) {
    void vscode.window.showWarningMessage('Open a folder first: flow files live in the workspace.');
    return undefined;
  }
  const folder = readSettings()['flows.folder'];
  const name = await vscode.window.showInputBox({
    title: 'New flow file',
    prompt: `File name, in ${folder || 'the workspace root'} (".flow.json" is added)`,
    value: suggested,
    // Asked after a click in a webview (Save in the inspector), which can take the focus back a moment later.
    ignoreFocusOut: true,
    validateInput: (value) => (/^[\w .-]+(\/[\w .-]+)*$/.test(value.trim()) ? undefined : 'Letters, digits, spaces, "-", "_", "." and "/" only'),
  });
  if (!name) return undefined;
  const relative = `${folder ? `${folder.replace(/\/+$/, '')}/` : ''}${name.trim().replace(/\.flow\.json$|\.json$/, '')}.flow.json`;
  const uri = vscode.Uri.joinPath(root, relative);
  return flowTarget(uri);
}

/** The flow file to save into: one of the workspace's, or a new one. */
export async function chooseFlowFile(title: string): Promise<FlowTarget | undefined> {
  const files = await findFlowFiles();
  const items = [{ label: NEW_FILE, uri: undefined }, ...files.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri }))];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'Choose the flow file to append the steps to', ignoreFocusOut: true });
  if (!picked) return undefined;
  if (!picked.uri) return askNewFlowFile();
  return flowTarget(picked.uri);
}
