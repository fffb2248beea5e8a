import * as vscode from 'vscode';
import { isFlowFile, readFlowOf } from './flow-files';
import { insertionIndexAt } from '../flows/json-locations';
import type { Log } from './log';
import { showError } from './notify';
import type { RecordingController } from './recording';
import type { ReplayController } from './replay-controller';

/**
 * Record at Cursor: the flow in the active editor is replayed up to the step before the cursor, so the page is where
 * the flow is there, then what the person does is recorded into the flow at the cursor. Resolves with the steps written.
 */
export async function recordAtCursor(replays: ReplayController, recording: RecordingController, log: Log): Promise<number> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isFlowFile(editor.document.uri)) {
    void vscode.window.showInformationMessage('Open a flow file (*.flow.json) and put the cursor where the new steps go.');
    return 0;
  }
  const { document } = editor;
  if (document.isDirty) await document.save();
  const parsed = readFlowOf(document);
  if (!parsed.flow) {
    showError(log, 'Cannot record into this flow', parsed.error);
    return 0;
  }
  const at = insertionIndexAt(parsed.locations, document.offsetAt(editor.selection.active));
  if (at > 0) {
    const prepared = await replays.prepare(document.uri);
    if (!prepared) return 0;
    try {
      // Headed, as the recording is: the same browser goes on from the replayed page.
      const { result } = await replays.execute(prepared, { upTo: at - 1, headless: false });
      if (result.status === 'failed') {
        const failed = result.steps.find((step) => step.status === 'failed');
        void vscode.window.showErrorMessage(log.clean(`Record at Cursor: the flow fails before the cursor (${failed?.description ?? 'a step'}: ${failed?.error?.message ?? 'failed'}); fix that step first.`));
        return 0;
      }
    } catch (error) {
      showError(log, 'Record at Cursor could not replay up to the cursor', error);
      return 0;
    }
  }
  return recording.record(document.uri, parsed.flow.startUrl, at > 0 ? { insertAt: at, onPage: true } : { insertAt: 0 });
}
