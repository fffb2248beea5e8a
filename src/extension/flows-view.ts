import * as vscode from 'vscode';
import { describeStep } from '../schema';
import { findFlowFiles, isFlowFile, readFlowDocument } from './flow-files';
import type { StepStates, StepMark } from './step-states';
import { Owner } from './owner';
import { commandId } from './command-ids';

const STATUS_ICONS: Record<StepMark, vscode.ThemeIcon> = {
  running: new vscode.ThemeIcon('loading~spin'),
  passed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  healed: new vscode.ThemeIcon('wand', new vscode.ThemeColor('testing.iconQueued')),
  skipped: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('testing.iconSkipped')),
};

/** A flow file in the view. Nodes are data; their look is made in getTreeItem from the latest step states. */
export interface FlowNode {
  readonly kind: 'flow';
  readonly uri: vscode.Uri;
  readonly name: string;
  /** Why the file is not a valid flow, when it is not. */
  readonly invalid?: string;
}

export interface StepNode {
  readonly kind: 'step';
  readonly uri: vscode.Uri;
  readonly index: number;
  readonly description: string;
}

export type FlowsViewNode = FlowNode | StepNode;

/**
 * The Flows view: every `*.flow.json` in the workspace, and under each its steps with the last replay's result. A step
 * state change refreshes only that flow's node (one file read), not the whole tree.
 */
export class FlowsView extends Owner implements vscode.TreeDataProvider<FlowsViewNode> {
  private readonly changed = this.own(new vscode.EventEmitter<FlowsViewNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly flowNodes = new Map<string, FlowNode>();

  constructor(private readonly states: StepStates) {
    super();
    const watcher = this.own(vscode.workspace.createFileSystemWatcher('**/*.flow.json'));
    this.own(watcher.onDidCreate(() => this.refresh()));
    this.own(watcher.onDidDelete(() => this.refresh()));
    this.own(watcher.onDidChange(() => this.refresh()));
    this.own(vscode.workspace.onDidSaveTextDocument((document) => isFlowFile(document.uri) && this.refresh()));
    this.own(states.onDidChange((uri) => this.changed.fire(this.flowNodes.get(uri.toString()))));
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(node: FlowsViewNode): vscode.TreeItem {
    const states = this.states.get(node.uri);
    if (node.kind === 'step') {
      const state = states?.get(node.index);
      const item = new vscode.TreeItem(`${node.index + 1}. ${node.description}`, vscode.TreeItemCollapsibleState.None);
      item.id = `${node.uri.toString()}#${node.index}`;
      item.contextValue = 'rehearse.step';
      item.iconPath = state ? STATUS_ICONS[state.status] : new vscode.ThemeIcon('circle-outline');
      item.description = state?.detail ?? '';
      item.tooltip = state?.detail;
      item.command = { command: commandId('rehearse.revealStep'), title: 'Show Step', arguments: [node.uri, node.index] };
      return item;
    }
    const item = new vscode.TreeItem(node.name, node.invalid ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.uri.toString();
    item.resourceUri = node.uri;
    item.description = vscode.workspace.asRelativePath(node.uri);
    item.contextValue = node.invalid ? 'rehearse.flow.invalid' : 'rehearse.flow';
    const all = [...(states?.values() ?? [])];
    const worst = all.find((state) => state.status === 'failed') ?? all.find((state) => state.status === 'running');
    item.iconPath = node.invalid ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'))
      : worst ? STATUS_ICONS[worst.status] : all.length ? STATUS_ICONS.passed : new vscode.ThemeIcon('play-circle');
    item.tooltip = node.invalid;
    item.command = { command: 'vscode.open', title: 'Open Flow', arguments: [node.uri] };
    return item;
  }

  async getChildren(parent?: FlowsViewNode): Promise<FlowsViewNode[]> {
    if (parent?.kind === 'step') return [];
    if (!parent) {
      const files = await findFlowFiles();
      const nodes = await Promise.all(files.map(async (uri): Promise<FlowNode> => {
        const document = await readFlowDocument(uri).catch((error: Error) => ({ flow: undefined, error }));
        const name = document.flow?.name ?? uri.path.split('/').pop()!;
        return { kind: 'flow', uri, name, ...(document.error ? { invalid: `Invalid flow: ${document.error.message}` } : {}) };
      }));
      this.flowNodes.clear();
      for (const node of nodes) this.flowNodes.set(node.uri.toString(), node);
      return nodes;
    }
    const document = await readFlowDocument(parent.uri);
    return (document.flow?.steps ?? []).map((step, index): StepNode => ({ kind: 'step', uri: parent.uri, index, description: describeStep(step).description }));
  }
}
