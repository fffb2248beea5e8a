import * as vscode from 'vscode';
import type { AgentResult } from '../schema';
import type { AgentStepEvent } from '../service/client';
import { commandId } from './command-ids';

/** An agent step as the service streams it (DESIGN.md §4): running, then done or failed. */
export type AgentStep = AgentStepEvent;

const ICONS = {
  running: new vscode.ThemeIcon('loading~spin'),
  done: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
};

export class AgentStepItem extends vscode.TreeItem {
  constructor(readonly step: AgentStep, runId: number) {
    super(`${step.index + 1}. ${step.action ?? step.tool}`, AgentStepItem.hasDetails(step) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    this.id = `run${runId}-step${step.index}`;
    this.iconPath = ICONS[step.status];
    this.description = [step.selector, step.text && `"${step.text.slice(0, 60)}"`, step.ms !== undefined && `${step.ms} ms`].filter(Boolean).join(' · ');
    this.tooltip = [step.reasoning, step.error && `Error: ${step.error}`].filter(Boolean).join('\n\n') || undefined;
    this.contextValue = step.screenshotId ? 'rehearse.agentStep.screenshot' : 'rehearse.agentStep';
  }

  static hasDetails(step: AgentStep): boolean {
    return Boolean(step.selector || step.text || step.error || step.usage || step.screenshotId || step.reasoning);
  }
}

export class AgentDetailItem extends vscode.TreeItem {
  constructor(label: string, value: string, icon: string, command?: vscode.Command) {
    super(label, vscode.TreeItemCollapsibleState.None);
    this.description = value;
    this.tooltip = value;
    this.iconPath = new vscode.ThemeIcon(icon);
    if (command) this.command = command;
  }
}

function tokens(usage: { input_tokens: number; output_tokens: number }): string {
  return `${usage.input_tokens.toLocaleString('en')} in · ${usage.output_tokens.toLocaleString('en')} out`;
}

/** The Agent Run view: each step the moment it happens (spinner while running), its details below it. */
export class AgentRunView implements vscode.TreeDataProvider<AgentStepItem | AgentDetailItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<AgentStepItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly items = new Map<number, AgentStepItem>();
  private runId = 0;
  readonly treeView: vscode.TreeView<AgentStepItem | AgentDetailItem>;

  constructor() {
    this.treeView = vscode.window.createTreeView('rehearse.agentRun', { treeDataProvider: this });
  }

  start(instruction: string): void {
    this.runId++;
    this.items.clear();
    this.treeView.description = 'running…';
    this.treeView.message = `Agent: ${instruction}`;
    this.changed.fire(undefined);
  }

  step(step: AgentStep): void {
    const item = new AgentStepItem(step, this.runId);
    const isNew = !this.items.has(step.index);
    this.items.set(step.index, item);
    // A new step changes the list; an update only its row.
    this.changed.fire(undefined);
    if (isNew) void this.treeView.reveal(item, { select: false, focus: false }).then(undefined, () => undefined);
  }

  finish(result: AgentResult | undefined, note: string): void {
    const usage = result?.usage;
    this.treeView.description = `${note}${usage ? ` · ${tokens(usage)} tokens` : ''}`;
    this.treeView.message = result ? result.message : note;
    this.changed.fire(undefined);
  }

  getTreeItem(item: AgentStepItem | AgentDetailItem): vscode.TreeItem {
    return item;
  }

  getParent(): undefined {
    return undefined;
  }

  getChildren(parent?: AgentStepItem | AgentDetailItem): (AgentStepItem | AgentDetailItem)[] {
    if (!parent) return [...this.items.values()].sort((a, b) => a.step.index - b.step.index);
    if (!(parent instanceof AgentStepItem)) return [];
    const step = parent.step;
    return [
      step.selector && new AgentDetailItem('selector', step.selector, 'symbol-field'),
      step.text && new AgentDetailItem('text', step.text, 'quote'),
      step.error && new AgentDetailItem('error', step.error, 'error'),
      step.reasoning && new AgentDetailItem('reasoning', step.reasoning, 'comment'),
      step.usage && new AgentDetailItem('tokens', tokens(step.usage), 'dashboard'),
      step.screenshotId && new AgentDetailItem('screenshot', 'open', 'device-camera', { command: commandId('rehearse.openScreenshot'), title: 'Open Screenshot', arguments: [step.screenshotId] }),
    ].filter((item): item is AgentDetailItem => Boolean(item));
  }

  dispose(): void {
    this.treeView.dispose();
    this.changed.dispose();
  }
}
