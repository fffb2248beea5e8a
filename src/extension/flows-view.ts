import * as vscode from 'vscode';
import { describeStep } from '../schema';
import { findFlowFiles, isFlowFile, readFlowDocument } from './flow-files';
import type { StepState, StepStates, StepStatus } from './step-states';

export const STATUS_ICONS: Record<StepStatus, vscode.ThemeIcon> = {
  running: new vscode.ThemeIcon('loading~spin'),
  passed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  healed: new vscode.ThemeIcon('wand', new vscode.ThemeColor('testing.iconQueued')),
  skipped: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('testing.iconSkipped')),
};

export class FlowItem extends vscode.TreeItem {
  constructor(readonly uri: vscode.Uri, label: string, invalid: string | undefined, states: ReadonlyMap<number, StepState> | undefined) {
    super(label, invalid ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    this.id = uri.toString();
    this.resourceUri = uri;
    this.description = vscode.workspace.asRelativePath(uri);
    this.contextValue = invalid ? 'rehearse.flow.invalid' : 'rehearse.flow';
    const worst = states && ([...states.values()].find((state) => state.status === 'failed') ?? [...states.values()].find((state) => state.status === 'running'));
    this.iconPath = invalid ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground')) : worst ? STATUS_ICONS[worst.status] : states?.size ? STATUS_ICONS.passed : new vscode.ThemeIcon('play-circle');
    this.tooltip = invalid ?? undefined;
    this.command = { command: 'vscode.open', title: 'Open Flow', arguments: [uri] };
  }
}

export class StepItem extends vscode.TreeItem {
  constructor(readonly uri: vscode.Uri, readonly index: number, label: string, state: StepState | undefined) {
    super(`${index + 1}. ${label}`, vscode.TreeItemCollapsibleState.None);
    this.id = `${uri.toString()}#${index}`;
    this.contextValue = 'rehearse.step';
    this.iconPath = state ? STATUS_ICONS[state.status] : new vscode.ThemeIcon('circle-outline');
    this.description = state?.detail ?? '';
    this.tooltip = state?.detail;
    this.command = { command: 'rehearse.revealStep', title: 'Show Step', arguments: [uri, index] };
  }
}

/** The Flows view: every `*.flow.json` in the workspace, and under each its steps with the last replay's result. */
export class FlowsView implements vscode.TreeDataProvider<FlowItem | StepItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<FlowItem | StepItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly states: StepStates) {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.flow.json');
    this.disposables.push(
      watcher,
      watcher.onDidCreate(() => this.refresh()),
      watcher.onDidDelete(() => this.refresh()),
      watcher.onDidChange(() => this.refresh()),
      vscode.workspace.onDidSaveTextDocument((document) => isFlowFile(document.uri) && this.refresh()),
      states.onDidChange(() => this.refresh()),
    );
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(item: FlowItem | StepItem): vscode.TreeItem {
    return item;
  }

  async getChildren(parent?: FlowItem | StepItem): Promise<(FlowItem | StepItem)[]> {
    if (parent instanceof StepItem) return [];
    if (!parent) {
      const files = await findFlowFiles();
      return Promise.all(files.map(async (uri) => {
        const document = await readFlowDocument(uri).catch((error: Error) => ({ flow: undefined, error }));
        const name = document.flow?.name ?? uri.path.split('/').pop()!;
        return new FlowItem(uri, name, document.error ? `Invalid flow: ${document.error.message}` : undefined, this.states.get(uri));
      }));
    }
    const document = await readFlowDocument(parent.uri);
    const states = this.states.get(parent.uri);
    return (document.flow?.steps ?? []).map((step, index) => new StepItem(parent.uri, index, describeStep(step).description, states?.get(index)));
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.changed.dispose();
  }
}
