import * as vscode from 'vscode';
import { nodeAt } from '../flows/json-locations';
import { readFlowOf, rangeOf } from './flow-files';
import { Owner } from './owner';
import type { StepStates } from './step-states';
import { commandId } from './command-ids';

/** "Replay" above a flow, "Replay to here" above each of its steps (with the last result beside it). */
export class FlowCodeLens extends Owner implements vscode.CodeLensProvider {
  private readonly changed = this.own(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly states: StepStates) {
    super();
    this.own(states.onDidChange(() => this.changed.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const parsed = readFlowOf(document);
    if (!parsed.flow || !parsed.locations) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses = [new vscode.CodeLens(top, { title: '$(play) Replay', command: commandId('rehearse.replayFlow'), arguments: [document.uri] })];
    const states = this.states.get(document.uri);
    parsed.flow.steps.forEach((_step, index) => {
      const range = rangeOf(document, parsed.locations, nodeAt(parsed.locations, `steps.${index}`));
      lenses.push(new vscode.CodeLens(range, { title: '$(debug-step-over) Replay to here', command: commandId('rehearse.replayToHere'), arguments: [document.uri, index] }));
      const state = states?.get(index);
      if (state) lenses.push(new vscode.CodeLens(range, { title: `${state.status}: ${state.detail}`, command: '' }));
    });
    return lenses;
  }
}
