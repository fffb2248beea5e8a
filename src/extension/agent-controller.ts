import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { appendSteps } from '../flows/format';
import type { AgentConfig, AgentExecuteInput, AgentForm, AgentResult } from '../schema';
import type { AgentEvent } from '../service/client';
import type { AgentRunView } from './agent-run-view';
import { chooseFlowFile, flowTarget } from './choose-flow';
import type { EngineClient } from './engine-client';
import type { Log } from './log';
import { showError } from './notify';
import { readSettings } from './settings';
import { showBesideBrowser } from './webview-assets';

/** Runs the agent on the session's browser, streams its steps into the Agent Run view, stops it, saves it as a flow. */
export class AgentController {
  private running: AbortController | undefined;
  private last: AgentResult | undefined;
  /** The run the Agent Run view shows: the one Save Agent Run as Flow saves (a stopped run has no result, only its steps). */
  private shown: { readonly ended: 'completed'; readonly result: AgentResult } | { readonly ended: 'stopped' | 'failed' } | undefined;
  /** Where the last run started: the saved flow opens it first. */
  private lastStartUrl: string | undefined;
  /** Page actions of the latest run, finished or stopped. */
  private actionsOfLastRun = 0;
  private readonly stateChanged = new vscode.EventEmitter<boolean>();
  /** true when a run starts, false when it ends. */
  readonly onDidChangeRunning = this.stateChanged.event;

  constructor(private readonly engine: EngineClient, private readonly view: AgentRunView, private readonly log: Log) {}

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  get lastResult(): AgentResult | undefined {
    return this.last;
  }

  get lastRunSteps(): number {
    return this.actionsOfLastRun;
  }

  stop(): void {
    if (!this.running) return;
    this.log.info('agent: stop requested');
    this.running.abort();
  }

  async run(form: AgentForm): Promise<AgentResult | undefined> {
    if (this.running) {
      void vscode.window.showWarningMessage('The agent is already running; stop it first.');
      return undefined;
    }
    const settings = readSettings();
    const config: AgentConfig = {
      ...(form.model ? { model: form.model } : {}),
      ...(form.instructions ? { instructions: form.instructions } : {}),
      ...(form.integrations?.length ? { integrations: form.integrations } : {}),
    };
    const execute: AgentExecuteInput = {
      instruction: form.instruction, maxSteps: form.maxSteps, autoScreenshot: form.autoScreenshot, waitBetweenActions: form.waitBetweenActions,
      ...(form.context ? { context: form.context } : {}),
    };
    const controller = new AbortController();
    this.running = controller;
    this.shown = undefined;
    this.stateChanged.fire(true);
    this.view.start(form.instruction);
    await vscode.commands.executeCommand('rehearse.agentRun.focus');
    this.log.info(`agent: ${form.instruction} (max ${form.maxSteps} steps)`);
    let steps = 0;
    let startUrl: string | undefined;
    try {
      const onEvent = (event: AgentEvent) => {
        if (event.type !== 'step') return;
        if (event.status !== 'running' && event.tool !== 'done') steps++;
        this.log.info(`agent step ${event.index + 1} ${event.status}: ${event.action ?? event.tool}${event.selector ? ` ${event.selector}` : ''}${event.error ? ` — ${event.error}` : ''}`);
        this.view.step(event);
      };
      const allowedOrigins = settings['agent.allowedOrigins'];
      const result = await this.engine.withSession(async (session) => {
        startUrl = await session.pageUrl().catch(() => undefined);
        return session.agentExecute(config, execute, { signal: controller.signal, onEvent, ...(allowedOrigins.length ? { allowedOrigins } : {}) });
      }, { long: 'an agent run' });
      this.last = result;
      this.shown = { ended: 'completed', result };
      this.lastStartUrl = startUrl && /^https?:/.test(startUrl) ? startUrl : undefined;
      // Steps are page actions (what maxSteps counts), not the closing "done".
      const actions = typeof result.metadata?.steps === 'number' ? result.metadata.steps : steps;
      this.actionsOfLastRun = actions;
      this.view.finish(result, `${result.completed ? 'completed' : 'not completed'} · ${actions} step${actions === 1 ? '' : 's'}`);
      this.log.info(`agent: ${result.completed ? 'completed' : 'not completed'}: ${result.message}`);
      return result;
    } catch (error) {
      this.actionsOfLastRun = steps;
      this.shown = { ended: controller.signal.aborted ? 'stopped' : 'failed' };
      this.lastStartUrl = startUrl && /^https?:/.test(startUrl) ? startUrl : undefined;
      if (controller.signal.aborted) {
        this.view.finish(undefined, `stopped after ${steps} step${steps === 1 ? '' : 's'}`);
        this.log.info('agent: stopped');
        return undefined;
      }
      this.view.finish(undefined, 'failed');
      showError(this.log, 'Agent run failed', error);
      throw error;
    } finally {
      this.running = undefined;
      this.stateChanged.fire(false);
    }
  }

  /** The run shown in the Agent Run view (completed, or its steps up to a stop) as a flow that replays with no model. */
  async saveAsFlow(into?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const shown = this.shown;
    if (!shown) {
      void vscode.window.showInformationMessage(this.running ? 'The agent is still running: stop it or let it finish, then save its steps.' : 'Run the agent first: the run in the Agent Run view is what gets saved.');
      return undefined;
    }
    const target = into ? flowTarget(into) : await chooseFlowFile(`Save the ${shown.ended} agent run as a flow`);
    if (!target) return undefined;
    const startUrl = this.lastStartUrl;
    // A stopped run's steps are still in the browser session that ran it.
    const actions = shown.ended === 'completed' ? shown.result.actions : 'last run' as const;
    const flow = await this.engine.withSession((session) => session.agentFlow(actions, { name: target.name, ...(startUrl ? { startUrl } : {}) }));
    if (!flow.steps.length) {
      void vscode.window.showWarningMessage(`The ${shown.ended} agent run did no page actions to save.`);
      return undefined;
    }
    await appendSteps(target.uri.fsPath, flow.steps, { name: target.name, ...(flow.startUrl ? { startUrl: flow.startUrl } : {}) }, flow.variables);
    this.log.info(`saved the agent run (${flow.steps.length} steps) to ${vscode.workspace.asRelativePath(target.uri)}`);
    await showBesideBrowser(target.uri);
    return target.uri;
  }

  /** Opens a step's screenshot in an editor. */
  async openScreenshot(screenshotId: string): Promise<void> {
    const shot = await this.engine.withSession((session) => session.screenshot(screenshotId));
    const folder = path.join(tmpdir(), 'rehearse-screenshots');
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${screenshotId.replace(/[^\w-]/g, '_')}.jpg`);
    await writeFile(file, Buffer.from(shot.base64, 'base64'));
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
  }

  dispose(): void {
    this.stop();
    this.stateChanged.dispose();
  }
}
