import * as vscode from 'vscode';
import { describeStep, hasVariableReference, type Expectation, type FlowStep } from '../schema';
import type { EngineClient } from './engine-client';
import { readFlowDocument, readFlowOf, stepIndexAt } from './flow-files';
import { nodeAt } from '../flows/json-locations';
import type { ReplayController } from './replay-controller';
import { commandId } from './command-ids';

/** What could be true after a step: about its element, and about the page's address. */
function candidatesAfter(step: FlowStep, pageUrl: string | undefined): Expectation[] {
  const found: Expectation[] = [];
  if ('action' in step && step.action.selector.trim()) {
    const { selector, method = 'click', arguments: args = [] } = step.action;
    const value = args[0];
    const lower = method.toLowerCase();
    // A value typed from a variable is not a fact about the page; a secret never is.
    if ((lower === 'fill' || lower === 'type') && value !== undefined && !hasVariableReference(value)) found.push({ selector, value });
    if (lower === 'check') found.push({ selector, state: 'checked' });
    if (lower === 'uncheck') found.push({ selector, state: 'unchecked' });
    found.push({ selector, state: 'visible' }, { selector, state: 'hidden' });
  }
  if (pageUrl && URL.canParse(pageUrl)) {
    const { pathname, hash } = new URL(pageUrl);
    found.push({ url: pathname + hash });
  }
  return found;
}

function label(expectation: Expectation): string {
  return describeStep({ expect: expectation }).description;
}

/**
 * "Add expect": replays the flow to a step, then offers the expectations that hold on the page there (the field's value,
 * a checkbox's state, the element shown or gone, the address) and writes the one chosen after the step.
 */
export async function addExpect(engine: EngineClient, replays: ReplayController, uri: vscode.Uri, index: number, choose?: number): Promise<Expectation | undefined> {
  const result = await replays.replay(uri, index);
  if (!result) return undefined;
  if (result.status !== 'passed') {
    void vscode.window.showWarningMessage(`The replay to step ${index + 1} failed: an expect is added where the flow runs. Fix that step first.`);
    return undefined;
  }
  const parsed = await readFlowDocument(uri);
  const step = parsed.flow?.steps[index];
  if (!step) return undefined;
  const holding = await engine.withSession(async (session) => {
    const candidates = candidatesAfter(step, await session.pageUrl().catch(() => undefined));
    const checks: Expectation[] = [];
    for (const candidate of candidates) if ((await session.expect(candidate, { timeout: 1_000 })).passed) checks.push(candidate);
    // The part of the page around the step's element (its list, form, dialog…; else the main landmark) as it reads
    // now: an ARIA snapshot, matched partially, so the person can delete the lines that need not hold.
    const element = 'action' in step && step.action.selector.trim() ? step.action.selector : undefined;
    const region = await session.ariaRegion(element).catch(() => undefined);
    if (region) checks.push({ selector: region.selector, aria: region.aria });
    return checks;
  });
  if (!holding.length) {
    void vscode.window.showInformationMessage('Nothing about that step\'s element or the page\'s address could be checked there; write an { "expect": { "text": … } } by hand.');
    return undefined;
  }
  const chosen = choose !== undefined ? holding.at(choose)
    : (await vscode.window.showQuickPick(holding.map((expectation) => ({ label: label(expectation), expectation, ...('aria' in expectation ? { detail: expectation.aria.split('\n').map((line) => line.trim()).join('  ') } : {}) })), { title: `Add an expect after step ${index + 1}: what holds on the page now` }))?.expectation;
  if (!chosen) return undefined;
  await insertAfter(uri, index, { expect: chosen });
  return chosen;
}

/** Writes a step after another, indented like it, through the editor (undo works; the file is saved). */
async function insertAfter(uri: vscode.Uri, index: number, step: FlowStep): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  const parsed = readFlowOf(document);
  const node = nodeAt(parsed.locations, `steps.${index}`);
  if (!node) throw new Error(`step ${index + 1} is no longer in ${vscode.workspace.asRelativePath(uri)}`);
  const start = document.positionAt(node.start);
  const indent = document.lineAt(start.line).text.slice(0, start.character).match(/^\s*/)![0];
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, document.positionAt(node.end), `,\n${indent}${JSON.stringify(step).replace(/^\{/, '{ ').replace(/\}$/, ' }')}`);
  await vscode.workspace.applyEdit(edit);
  await document.save();
}

/** The light bulb on a step of a flow file: Add expect after it. */
export class AddExpectAction implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.Refactor.append('insert')];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] {
    const parsed = readFlowOf(document);
    const index = parsed.flow ? stepIndexAt(parsed.locations, document.offsetAt(range.start)) : undefined;
    if (index === undefined) return [];
    const action = new vscode.CodeAction(`Add expect after step ${index + 1} (replays to it, then offers what holds)`, vscode.CodeActionKind.Refactor.append('insert'));
    action.command = { command: commandId('rehearse.addExpect'), title: 'Add Expect', arguments: [document.uri, index] };
    return [action];
  }
}
