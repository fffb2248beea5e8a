import * as vscode from 'vscode';
import { FlowFileError, isMissingFlowFile, loadFlow, parseFlow, saveFlow, serializeFlow } from '../flows/format';
import type { Flow } from '../schema';

/**
 * A flow file that is not a valid flow just now: unsaved text in the editor in the middle of an edit, or a file saved
 * half-edited. A change to it waits: writing it would mean overwriting what the person is writing.
 */
export class FlowBeingEdited extends Error {
  constructor(readonly uri: vscode.Uri, readonly reason: string, readonly unsaved: boolean) {
    super(`${vscode.workspace.asRelativePath(uri)} ${unsaved ? 'has unsaved edits that are not' : 'is not'} a valid flow yet (${reason})`);
    this.name = 'FlowBeingEdited';
  }
}

const firstLine = (error: unknown) => (error as Error).message.split('\n')[0] ?? 'it does not parse';

/**
 * Changes a flow file as the person may have it: open in the editor, the change is an edit of the document, then saved,
 * so their unsaved edits and the change both survive (writing the disk under an open, edited document would lose one
 * or the other on the next save); not open, the file is rewritten atomically. `create` is the flow a missing file
 * starts as. Throws FlowBeingEdited when the document or the file is not a flow just now: the caller keeps its change.
 */
export async function changeFlowFile(uri: vscode.Uri, change: (flow: Flow) => Flow, create?: Flow): Promise<Flow> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  const fromDisk = () => loadFlow(uri.fsPath).catch((error: unknown) => {
    if (isMissingFlowFile(error)) {
      if (create) return create;
      throw error;
    }
    throw error instanceof FlowFileError ? new FlowBeingEdited(uri, firstLine(error).replace(`${uri.fsPath}: `, ''), false) : error;
  });
  if (!open) {
    const changed = change(await fromDisk());
    await saveFlow(uri.fsPath, changed);
    return changed;
  }
  // Unsaved, the document is what the person has; saved, the disk is (the editor shows a change on disk a moment late).
  let flow: Flow;
  if (!open.isDirty) flow = await fromDisk();
  else {
    try {
      flow = parseFlow(open.getText(), uri.fsPath);
    } catch (error) {
      throw new FlowBeingEdited(uri, firstLine(error).replace(`${uri.fsPath}: `, ''), true);
    }
  }
  const changed = change(flow);
  const before = open.getText();
  const after = serializeFlow(changed);
  // Only the text that differs is replaced: the person's cursor and what they see stay where they were.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(open.positionAt(start), open.positionAt(before.length - end)), after.slice(start, after.length - end));
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`${vscode.workspace.asRelativePath(uri)}: the editor refused the change`);
  await open.save();
  return changed;
}
