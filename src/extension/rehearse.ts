import * as vscode from 'vscode';
import { AgentController } from './agent-controller';
import { AgentRunView } from './agent-run-view';
import { DemoFlow } from './demo-flow';
import { EngineClient } from './engine-client';
import { AddExpectAction } from './add-expect';
import { FlowCodeLens } from './flow-codelens';
import { FlowVariablesAssist } from './flow-variables-assist';
import { FlowDiagnostics } from './flow-diagnostics';
import { FlowsView } from './flows-view';
import { FlowTests } from './flow-tests';
import { TraceViewer } from './trace-viewer';
import { LiveViewPanel } from './live-view-panel';
import { Log } from './log';
import { RecordingController } from './recording';
import { ReplayController } from './replay-controller';
import { Secrets } from './secrets';
import { StepDecorations } from './step-decorations';
import { StepStates } from './step-states';
import { VariableValues } from './variables-prompt';

/** The extension's parts, made once at activation (cheap: nothing starts until a command needs it). */
export class Rehearse implements vscode.Disposable {
  readonly log = new Log();
  readonly secrets: Secrets;
  readonly engine: EngineClient;
  readonly states = new StepStates();
  readonly flowsView: FlowsView;
  /** Flow files in the Testing view. */
  readonly flowTests: FlowTests;
  readonly traceViewer: TraceViewer;
  readonly agentRunView = new AgentRunView();
  /** The demo flow copied into the workspace. */
  readonly demo: DemoFlow;
  readonly replays: ReplayController;
  readonly agent: AgentController;
  readonly recording: RecordingController;
  readonly extensionUri: vscode.Uri;
  /** How long activate() took (the target is ≤ 100 ms; it does no I/O). */
  activationMs = 0;
  private readonly parts: vscode.Disposable[];

  constructor(context: vscode.ExtensionContext) {
    this.extensionUri = context.extensionUri;
    this.secrets = new Secrets(context.secrets, this.log);
    this.engine = new EngineClient(context.asAbsolutePath('dist/cli.js'), this.log, this.secrets);
    this.flowsView = new FlowsView(this.states);
    this.demo = new DemoFlow(this.engine, this.extensionUri, context.workspaceState, this.log);
    this.replays = new ReplayController(this.engine, this.states, new VariableValues(this.secrets), this.log, this.demo);
    this.agent = new AgentController(this.engine, this.agentRunView, this.log);
    this.recording = new RecordingController(this.engine, this.log);
    const storage = context.storageUri ?? context.globalStorageUri;
    this.flowTests = new FlowTests(this.replays, this.log, storage);
    this.traceViewer = new TraceViewer(context.asAbsolutePath('dist/cli.js'), vscode.Uri.joinPath(storage, 'traces'), this.log);
    const codeLens = new FlowCodeLens(this.states);
    const assist = new FlowVariablesAssist();
    this.parts = [
      this.states, this.flowsView, this.flowTests, this.traceViewer, this.agentRunView, this.agent, this.recording, codeLens,
      new StepDecorations(this.states), new FlowDiagnostics(),
      vscode.window.registerTreeDataProvider('rehearse.flows', this.flowsView),
      vscode.languages.registerCodeLensProvider({ pattern: '**/*.flow.json' }, codeLens),
      vscode.languages.registerCompletionItemProvider({ pattern: '**/*.flow.json' }, assist, '%'),
      vscode.languages.registerHoverProvider({ pattern: '**/*.flow.json' }, assist),
      vscode.languages.registerCodeActionsProvider({ pattern: '**/*.flow.json' }, new AddExpectAction(), { providedCodeActionKinds: AddExpectAction.kinds }),
      // Where the browser has no window of its own, its page shows in VS Code without the person asking.
      this.engine.onDidWantView(({ reason, reveal }) => void LiveViewPanel.show(this.extensionUri, this.engine, this.log, {
        reveal,
        note: reason === 'no display'
          ? 'There is no display here, so the browser runs headless and shows in this tab: click, scroll and type in it as in a browser window (setting: rehearse.browser.show).'
          : 'The browser has no window of its own: click and type in this tab (setting: rehearse.browser.show).',
      })),
      this.agent.onDidChangeRunning((running) => void vscode.commands.executeCommand('setContext', 'rehearse.agentRunning', running)),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('rehearse.browser') || event.affectsConfiguration('rehearse.model') || event.affectsConfiguration('rehearse.service')) void this.engine.settingsChanged();
        if (event.affectsConfiguration('rehearse.flows')) {
          this.flowsView.refresh();
          void this.flowTests.discover();
        }
      }),
    ];
  }

  async dispose(): Promise<void> {
    for (const part of this.parts) part.dispose();
    await this.engine.dispose();
    this.log.dispose();
  }
}
