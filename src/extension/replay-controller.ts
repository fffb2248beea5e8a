import * as vscode from 'vscode';
import { loadFlow, saveFlow } from '../flows/format';
import { collectUploads, type FlowResult, type StepEvent } from '../service/client';
import { describeStep, type Flow } from '../schema';
import type { DemoFlow } from './demo-flow';
import type { EngineClient } from './engine-client';
import { readFlowDocument } from './flow-files';
import type { Log } from './log';
import { showError } from './notify';
import { readSettings } from './settings';
import { stateOf, type StepStates } from './step-states';
import type { VariableValues } from './variables-prompt';
import { commandId } from './command-ids';

/** A flow ready to replay: its file, the flow, the text it was read from, its variables' values. */
export interface PreparedReplay {
  readonly uri: vscode.Uri;
  readonly flow: Flow;
  readonly text: string;
  readonly values: Record<string, string>;
}

export interface ExecuteOptions {
  /** The last step to run (Replay to Here). */
  readonly upTo?: number;
  readonly signal?: AbortSignal;
  /** Each step as it starts and as it ends. */
  readonly onStep?: (event: StepEvent) => void;
  /** Overrides rehearse.browser.headless for this replay (a Debug run shows the browser). */
  readonly headless?: boolean;
  /** When a step fails, a picture of the page as it was then. */
  readonly screenshotOnFailure?: boolean;
  /** When the replay fails, its Playwright trace. */
  readonly traceOnFailure?: boolean;
}

export interface ReplayOutcome {
  readonly result: FlowResult;
  readonly healedFlow?: Flow;
  readonly screenshot?: { readonly mimeType: string; readonly base64: string };
  readonly trace?: Uint8Array;
  /** Why a failed replay kept no trace. */
  readonly traceNote?: string;
}

/** Replay Flow and Replay to Here: cancellable progress per step, step states for the views, "Update selectors" after healing. */
export class ReplayController {
  private readonly healed = new Map<string, { flow: Flow; text: string }>();
  private running: AbortController | undefined;

  constructor(
    private readonly engine: EngineClient, private readonly states: StepStates, private readonly variables: VariableValues, private readonly log: Log,
    private readonly demo?: Pick<DemoFlow, 'follow'>,
  ) {}

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  stop(): void {
    this.running?.abort();
  }

  /**
   * Everything a replay of a workspace flow needs before it starts, shared by the commands and the Testing view: a
   * trusted workspace, no other replay running, the file saved and valid, and its variables' values (asked once).
   */
  async prepare(uri: vscode.Uri): Promise<PreparedReplay | undefined> {
    if (!vscode.workspace.isTrusted) {
      const choice = await vscode.window.showWarningMessage('Rehearse replays workspace flows only in a trusted workspace: a flow drives a browser with your session.', 'Manage Workspace Trust');
      if (choice) await vscode.commands.executeCommand('workbench.trust.manage');
      return undefined;
    }
    if (this.running) {
      void vscode.window.showWarningMessage('A replay is already running; stop it first (Rehearse: Stop).');
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.isDirty) await document.save();
    await this.demo?.follow(uri);
    const parsed = await readFlowDocument(uri);
    if (!parsed.flow) {
      showError(this.log, 'Cannot replay', parsed.error);
      return undefined;
    }
    const values = await this.variables.resolve(parsed.flow);
    return values ? { uri, flow: parsed.flow, text: parsed.text, values } : undefined;
  }

  /**
   * Replays a prepared flow on the extension's session: step states for the views, healed selectors kept for "Update
   * selectors". Throws when it cannot run; `signal` stops it at once.
   */
  async execute(prepared: PreparedReplay, options: ExecuteOptions): Promise<ReplayOutcome> {
    const { uri, flow, values } = prepared;
    const controller = new AbortController();
    const stop = () => controller.abort();
    options.signal?.addEventListener('abort', stop);
    this.running = controller;
    this.states.clear(uri);
    this.log.info(`replaying ${vscode.workspace.asRelativePath(uri)}${options.upTo !== undefined ? ` up to step ${options.upTo + 1}` : ''}`);
    try {
      const folder = vscode.Uri.joinPath(uri, '..');
      const slowMoMs = readSettings()['replay.slowMo'];
      const files = await collectUploads(flow, async (relativePath) => vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, ...relativePath.split('/'))));
      const outcome = await this.engine.withSession(async (session): Promise<ReplayOutcome> => {
        const replayed = await session.replayFlow(flow, {
          // The person watches the replay in the browser: each element acted on is outlined as its step runs.
          variables: values, files, outline: true, ...(slowMoMs ? { slowMoMs } : {}), ...(options.upTo !== undefined ? { upTo: options.upTo } : {}), signal: controller.signal,
          ...(options.traceOnFailure ? { traceOnFailure: true } : {}),
          onStep: (event) => {
            this.states.set(uri, event.index, stateOf(event));
            if (event.status) this.log.info(`  step ${event.index + 1} ${event.status}${event.ms !== undefined ? ` (${event.ms} ms)` : ''}: ${event.description}${event.error ? ` — ${event.error.message}` : ''}`);
            options.onStep?.(event);
          },
        });
        if (replayed.result.status !== 'failed' || !options.screenshotOnFailure) return replayed;
        const screenshot = await session.screenshot().catch(() => undefined);
        return { ...replayed, ...(screenshot ? { screenshot } : {}) };
      }, { long: `the replay of ${flow.name}`, watch: true, ...(options.headless !== undefined ? { headless: options.headless } : {}) });
      if (outcome.healedFlow) this.healed.set(uri.toString(), { flow: outcome.healedFlow, text: prepared.text });
      return outcome;
    } finally {
      options.signal?.removeEventListener('abort', stop);
      this.running = undefined;
    }
  }

  /** Replay Flow and Replay to Here: a cancellable notification with each step, then the outcome. */
  async replay(uri: vscode.Uri, upTo?: number): Promise<FlowResult | undefined> {
    const prepared = await this.prepare(uri);
    if (!prepared) return undefined;
    const { flow } = prepared;
    const total = upTo === undefined ? flow.steps.length : Math.min(upTo + 1, flow.steps.length);
    const controller = new AbortController();
    try {
      const outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Replaying ${flow.name}`, cancellable: true },
        (progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          return this.execute(prepared, {
            ...(upTo !== undefined ? { upTo } : {}), signal: controller.signal,
            onStep: (event) => {
              if (!event.status && event.index >= 0) progress.report({ message: `step ${event.index + 1} of ${total}: ${event.description}`, increment: 100 / Math.max(total, 1) });
            },
          });
        },
      );
      this.report(uri, flow, outcome.result, outcome.healedFlow);
      return outcome.result;
    } catch (error) {
      if (controller.signal.aborted) {
        this.log.info('replay stopped');
        void vscode.window.showInformationMessage(`Replay of ${flow.name} stopped.`);
        return undefined;
      }
      showError(this.log, `Replay of ${flow.name} failed`, error);
      return undefined;
    }
  }

  private report(uri: vscode.Uri, flow: Flow, result: FlowResult, healedFlow: Flow | undefined): void {
    const ran = result.steps.filter((step) => step.index >= 0 && step.status !== 'skipped').length;
    this.log.info(`${flow.name}: ${result.status} (${ran} steps, ${result.ms} ms)`);
    const healedCount = result.steps.filter((step) => step.healed).length;
    if (result.status === 'failed') {
      const failed = result.steps.find((step) => step.status === 'failed')!;
      const where = failed.index >= 0 ? `step ${failed.index + 1} (${describeStep(flow.steps[failed.index]!).description})` : 'opening the start URL';
      void vscode.window.showErrorMessage(this.log.clean(`${flow.name} failed at ${where}: ${failed.error?.message ?? 'failed'}`), 'Show Step', 'Show Log').then((choice) => {
        if (choice === 'Show Step' && failed.index >= 0) void vscode.commands.executeCommand(commandId('rehearse.revealStep'), uri, failed.index);
        if (choice === 'Show Log') this.log.show();
      });
      return;
    }
    const message = `${flow.name} passed: ${ran} ${ran === 1 ? 'step' : 'steps'} in ${(result.ms / 1000).toFixed(1)} s${healedCount ? `; ${healedCount} healed` : ''}.`;
    if (!healedFlow) {
      void vscode.window.showInformationMessage(message);
      return;
    }
    void vscode.window.showInformationMessage(`${message} Write the working selectors into the file?`, 'Update selectors').then((choice) => {
      if (choice) void this.updateSelectors(uri);
    });
  }

  /** Writes the healed selectors of the last replay into the file (atomically), unless the file changed since. */
  async updateSelectors(uri: vscode.Uri): Promise<boolean> {
    const healed = this.healed.get(uri.toString());
    if (!healed) {
      void vscode.window.showInformationMessage('No healed selectors to write: replay the flow first.');
      return false;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.isDirty || (await readFlowDocument(uri)).text !== healed.text) {
      void vscode.window.showWarningMessage('The flow file changed since the replay; replay it again before updating its selectors.');
      return false;
    }
    await loadFlow(uri.fsPath);
    await saveFlow(uri.fsPath, healed.flow);
    this.healed.delete(uri.toString());
    this.log.info(`updated the healed selectors in ${vscode.workspace.asRelativePath(uri)}`);
    return true;
  }
}
