import * as vscode from 'vscode';
import { nodeAt } from '../flows/json-locations';
import { isFlowFile, readFlowOf, rangeOf } from './flow-files';
import type { StepStates, StepMark } from './step-states';
import { Owner } from './owner';

const COLOURS: Record<StepMark, string> = {
  running: 'editorInfo.foreground',
  passed: 'testing.iconPassed',
  failed: 'testing.iconFailed',
  healed: 'editorWarning.foreground',
  skipped: 'disabledForeground',
};
const SYMBOLS: Record<StepMark, string> = { running: '…', passed: '✓', failed: '✗', healed: '✓ healed', skipped: '–' };

/** Marks each step in an open flow file with its last replay status: a coloured ruler mark and the result after it. */
export class StepDecorations extends Owner {
  private readonly types = new Map<StepMark, vscode.TextEditorDecorationType>();

  constructor(private readonly states: StepStates) {
    super();
    for (const status of Object.keys(COLOURS) as StepMark[]) {
      const colour = new vscode.ThemeColor(COLOURS[status]);
      this.types.set(status, this.own(vscode.window.createTextEditorDecorationType({
        overviewRulerColor: colour, overviewRulerLane: vscode.OverviewRulerLane.Left, isWholeLine: false,
        after: { color: colour, margin: '0 0 0 2em' },
      })));
    }
    this.own(states.onDidChange((uri) => this.refresh(uri)));
    this.own(vscode.window.onDidChangeVisibleTextEditors(() => this.refreshAll()));
    this.own(vscode.workspace.onDidChangeTextDocument((event) => isFlowFile(event.document.uri) && this.refresh(event.document.uri)));
  }

  refreshAll(): void {
    for (const editor of vscode.window.visibleTextEditors) if (isFlowFile(editor.document.uri)) this.decorate(editor);
  }

  private refresh(uri: vscode.Uri): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document.uri.toString() === uri.toString()) this.decorate(editor);
  }

  private decorate(editor: vscode.TextEditor): void {
    const states = this.states.get(editor.document.uri);
    const parsed = readFlowOf(editor.document);
    const byStatus = new Map<StepMark, vscode.DecorationOptions[]>();
    for (const [index, state] of states ?? []) {
      if (index < 0 || !parsed.flow || index >= parsed.flow.steps.length) continue;
      const range = rangeOf(editor.document, parsed.locations, nodeAt(parsed.locations, `steps.${index}`));
      const line = editor.document.lineAt(range.start.line).range;
      const list = byStatus.get(state.status) ?? [];
      list.push({ range: line, hoverMessage: state.detail, renderOptions: { after: { contentText: `${SYMBOLS[state.status]} ${state.status === 'failed' ? state.detail.slice(0, 120) : state.detail}` } } });
      byStatus.set(state.status, list);
    }
    for (const [status, type] of this.types) editor.setDecorations(type, byStatus.get(status) ?? []);
  }
}
