import * as vscode from 'vscode';
import type { StepEvent } from '../service/client';

/** How the editor marks a step: a replay's StepStatus, plus running and healed. */
export type StepMark = 'running' | 'passed' | 'failed' | 'healed' | 'skipped';

export interface StepState {
  readonly status: StepMark;
  /** What to show beside it: the time, the error, or how it healed. */
  readonly detail: string;
}

/** The state of a step from a replay event. Step -1 is the flow's start URL. */
export function stateOf(event: StepEvent): StepState {
  if (!event.status) return { status: 'running', detail: 'running…' };
  if (event.status === 'failed') return { status: 'failed', detail: event.error ? `${event.error.name}: ${event.error.message}` : 'failed' };
  if (event.status === 'skipped') return { status: 'skipped', detail: 'skipped after a failure' };
  if (event.healed) return { status: 'healed', detail: `healed by ${event.healed.by}: ${event.healed.to} (was ${event.healed.from}), ${event.ms ?? 0} ms` };
  return { status: 'passed', detail: `${event.ms ?? 0} ms` };
}

/** The last replay's result per flow file and step: the Flows view, the decorations and the CodeLens read it. */
export class StepStates implements vscode.Disposable {
  private readonly byFile = new Map<string, Map<number, StepState>>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  get(uri: vscode.Uri): ReadonlyMap<number, StepState> | undefined {
    return this.byFile.get(uri.toString());
  }

  clear(uri: vscode.Uri): void {
    this.byFile.set(uri.toString(), new Map());
    this.changed.fire(uri);
  }

  set(uri: vscode.Uri, index: number, state: StepState): void {
    let states = this.byFile.get(uri.toString());
    if (!states) this.byFile.set(uri.toString(), (states = new Map()));
    states.set(index, state);
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
