import * as vscode from 'vscode';
import { withStepsInserted } from '../flows/format';
import { changeFlowFile } from './flow-edits';
import type { ActionStep, PickedElement } from '../schema';
import type { EngineClient } from './engine-client';
import { isFlowFile, readFlowOf, stepIndexAt } from './flow-files';
import { insertionIndexAt } from '../flows/json-locations';
import type { Log } from './log';
import { showError } from './notify';

/**
 * Pick Locator: the person clicks an element in the browser (outlined under the pointer; the click does nothing on the
 * page). Its selector goes to the clipboard and, in a flow file, to the cursor: the step the cursor is in gets the new
 * selector, fallbacks and target; elsewhere a click step on the element is inserted there.
 */
export async function pickLocator(engine: EngineClient, log: Log): Promise<PickedElement | undefined> {
  let picked: PickedElement;
  const controller = new AbortController();
  try {
    picked = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Pick Locator: click an element in the browser', cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        return engine.withSession((session) => session.pickLocator(controller.signal), { headless: false, long: 'picking an element' });
      },
    );
  } catch (error) {
    if (!controller.signal.aborted) showError(log, 'Pick Locator', error);
    return undefined;
  }
  await vscode.env.clipboard.writeText(picked.selector);
  log.info(`picked ${picked.target.role} "${picked.target.name}": ${picked.selector}`);
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isFlowFile(editor.document.uri)) {
    void vscode.window.showInformationMessage(`Copied ${picked.selector}`);
    return picked;
  }
  try {
    await writeAtCursor(editor, picked);
  } catch (error) {
    showError(log, 'Pick Locator could not write the step', error);
  }
  return picked;
}

async function writeAtCursor(editor: vscode.TextEditor, picked: PickedElement): Promise<void> {
  const { document } = editor;
  const parsed = readFlowOf(document);
  if (!parsed.flow) throw parsed.error ?? new Error('the flow file is not valid');
  const offset = document.offsetAt(editor.selection.active);
  const inStep = stepIndexAt(parsed.locations, offset);
  const fields = { ...(picked.fallbacks.length ? { fallbacks: [...picked.fallbacks] } : {}), target: picked.target };
  const current = inStep === undefined ? undefined : parsed.flow.steps[inStep];
  if (current && 'action' in current) {
    // The step the cursor is in now finds the picked element; its method and arguments stay.
    // Through the editor: the person's unsaved edits of the flow stay.
    await changeFlowFile(document.uri, (flow) => ({ ...flow, steps: flow.steps.map((step, index) => (index === inStep && 'action' in step ? { ...step, action: { ...step.action, selector: picked.selector }, ...fields } : step)) }));
    void vscode.window.showInformationMessage(`Step ${inStep! + 1} now finds ${picked.target.role} "${picked.target.name}" (${picked.selector}); the selector is copied too.`);
    return;
  }
  const step: ActionStep = { action: { selector: picked.selector, description: `${picked.target.name || picked.target.role}`, method: 'click', arguments: [] }, ...fields };
  const at = insertionIndexAt(parsed.locations, offset);
  await changeFlowFile(document.uri, (flow) => withStepsInserted(flow, at, [step]));
  void vscode.window.showInformationMessage(`Added step ${at + 1}: click ${picked.target.role} "${picked.target.name}"; the selector is copied too.`);
}
