import * as v from 'valibot';
import * as vscode from 'vscode';
import { appendSteps } from '../flows/format';
import { InspectorRequestSchema, InspectorStateSchema, type Candidate, type InspectorRequest, type InspectorUpdate } from '../schema';
import type { ActionOutput } from '../schema';
import { chooseFlowFile } from './choose-flow';
import type { EngineClient } from './engine-client';
import type { Log } from './log';
import { inUserTerms, showError } from './notify';
import { INSPECTOR_BODY } from './webview-html';
import { onValidMessage, renderWebview, revealOrCreate, showBesideBrowser, webviewOptions } from './webview-assets';
import { Owner } from './owner';

export const INSPECTOR_VIEW_TYPE = 'rehearse.inspector';

/** The frame hops of a selector (`frame:#pay >>> …`), for display. */
function frameOf(selector: string): string | undefined {
  const hops = selector.split(' >>> ').slice(0, -1).filter((hop) => hop.startsWith('frame:'));
  return hops.length ? hops.join(' › ') : undefined;
}

function toCandidate(output: ActionOutput): Candidate {
  const frame = frameOf(output.selector);
  return { selector: output.selector, description: output.description, method: output.method ?? 'click', arguments: [...(output.arguments ?? [])], ...(frame ? { frame } : {}) };
}

/** The observe inspector (DESIGN.md §8): observe on the session's page, highlight on hover, save picks, act now. */
export class InspectorPanel extends Owner {
  private static current: InspectorPanel | undefined;
  private candidates: Candidate[] = [];
  /** What observe returned, kept here: the webview shows candidates with secret values masked. */
  private outputs: ActionOutput[] = [];
  private wantedOutline: { selector: string | undefined } | undefined;
  private outlining = false;
  private actionId: string | undefined;
  private instruction = '';
  private url = '';
  /** The status line last posted: said again to a page that loads after it was posted. */
  private status: InspectorUpdate | undefined;

  static show(extensionUri: vscode.Uri, engine: EngineClient, log: Log): InspectorPanel {
    return revealOrCreate(InspectorPanel.current, INSPECTOR_VIEW_TYPE, 'Rehearse: Observe', extensionUri, (panel) => new InspectorPanel(panel, extensionUri, engine, log));
  }

  /** Restores a panel VS Code kept across a reload, with the state its webview saved. */
  static revive(panel: vscode.WebviewPanel, state: unknown, extensionUri: vscode.Uri, engine: EngineClient, log: Log): InspectorPanel {
    panel.webview.options = webviewOptions(extensionUri);
    const inspector = new InspectorPanel(panel, extensionUri, engine, log);
    const saved = v.safeParse(InspectorStateSchema, state);
    if (saved.success) {
      // The candidates show again, but their observe call belongs to the browser session before the reload.
      inspector.candidates = saved.output.candidates;
      inspector.outputs = saved.output.candidates.map(({ selector, description, method, arguments: args }) => ({ selector, description, method, arguments: args }));
      inspector.instruction = saved.output.instruction;
      inspector.url = saved.output.url;
    }
    return inspector;
  }

  private constructor(readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, private readonly engine: EngineClient, private readonly log: Log) {
    super();
    InspectorPanel.current = this;
    panel.iconPath = new vscode.ThemeIcon('eye');
    panel.webview.html = renderWebview(panel.webview, extensionUri, 'observe', 'Rehearse: Observe', INSPECTOR_BODY);
    this.own(panel);
    this.own(panel.onDidDispose(() => this.dispose()));
    this.own(onValidMessage(panel.webview, InspectorRequestSchema, log, 'inspector', (message) => void this.handle(message)));
    this.own(engine.onDidReset(() => {
      this.actionId = undefined;
    }));
  }

  private post(update: InspectorUpdate): void {
    if (update.type === 'busy' || update.type === 'idle' || update.type === 'error') this.status = update;
    // The candidates message writes its own status line (how many there are).
    if (update.type === 'candidates') this.status = undefined;
    void this.panel.webview.postMessage(update);
  }

  /**
   * A page that loads late (its panel was just created, or shown again: it is not kept while hidden) missed what was
   * posted meanwhile: it gets the address, the candidates it does not have, and the latest status.
   */
  private catchUp(shownActionId: string | undefined): void {
    const status = this.status;
    if (this.url) this.post({ type: 'url', url: this.url });
    if (this.actionId && this.actionId !== shownActionId) this.post({ type: 'candidates', instruction: this.instruction, actionId: this.actionId, candidates: this.candidates });
    if (status) this.post(status);
  }

  /** Observe from a command (Observe… with its instruction): shows the candidates here, or why there are none. */
  async observe(instruction: string): Promise<void> {
    this.instruction = instruction;
    this.post({ type: 'busy', status: `Observing: ${instruction || 'everything actionable'}…` });
    let observed, url, shown;
    try {
      ({ observed, url, shown } = await this.engine.withSession(async (session) => {
        const result = await session.observe(instruction || undefined);
        return {
          observed: result,
          // The page may have been opened elsewhere (Open Browser, a click): its address starts a new flow saved from here.
          url: await session.pageUrl().catch(() => ''),
          // As they would be saved: a password the model proposed is shown as its %variable%, never as the value.
          shown: result.result.length ? (await session.pickSteps(result.actionId, result.result.map((_, index) => index))).steps : [],
        };
      }));
    } catch (error) {
      // The panel never stays busy: it says what went wrong (the command shows the fix as well).
      this.post({ type: 'error', message: this.log.clean(inUserTerms(error as Error)) });
      throw error;
    }
    this.outputs = observed.result;
    this.candidates = observed.result.map((output, index) => toCandidate({ ...output, arguments: shown[index]?.action.arguments ?? output.arguments ?? [] }));
    this.actionId = observed.actionId;
    if (/^https?:/.test(url) && url !== this.url) {
      this.url = url;
      this.post({ type: 'url', url });
    }
    this.post({ type: 'candidates', instruction, actionId: observed.actionId, candidates: this.candidates });
  }

  private async handle(message: InspectorRequest): Promise<void> {
    try {
      switch (message.type) {
        case 'ready':
          return this.catchUp(message.actionId);
        case 'navigate': {
          this.post({ type: 'busy', status: `Opening ${message.url}…` });
          const result = await this.engine.withSession((session) => session.navigate(message.url));
          this.url = result.url;
          this.post({ type: 'url', url: result.url });
          this.post({ type: 'idle', status: `Opened ${result.url}${result.status ? ` (HTTP ${result.status})` : ''}` });
          return;
        }
        case 'observe':
          return await this.observe(message.instruction);
        case 'highlight': {
          const candidate = message.index === null ? undefined : this.candidates[message.index];
          return await this.highlight(candidate?.selector);
        }
        case 'act': {
          const candidate = this.candidates[message.index];
          const output = this.outputs[message.index];
          if (!candidate || !output) return;
          this.post({ type: 'busy', status: `${candidate.method} ${candidate.description}…` });
          const outcome = await this.engine.withSession((session) => session.act({ selector: output.selector, description: output.description, method: output.method ?? 'click', arguments: output.arguments ?? [] }));
          this.post(outcome.success ? { type: 'idle', status: `Done: ${outcome.message}` } : { type: 'error', message: outcome.message });
          return;
        }
        case 'save':
          return await this.save(message.indexes);
      }
    } catch (error) {
      this.post({ type: 'error', message: this.log.clean(inUserTerms(error as Error)) });
      showError(this.log, `Observe inspector (${message.type})`, error);
    }
  }

  /**
   * Hovers come faster than the browser answers: only the latest is applied, after the call under way, so the outline
   * always ends where the pointer is (or nowhere). Only a hint: a failure is logged, not shown.
   */
  private async highlight(selector: string | undefined): Promise<void> {
    this.wantedOutline = { selector };
    if (this.outlining) return;
    this.outlining = true;
    try {
      while (this.wantedOutline) {
        const { selector: wanted } = this.wantedOutline;
        this.wantedOutline = undefined;
        await this.engine.whenOpen((session) => session.highlight(wanted)).catch((error: unknown) => this.log.warn(`highlight: ${(error as Error).message}`));
      }
    } finally {
      this.outlining = false;
    }
  }

  private async save(indexes: readonly number[]): Promise<void> {
    if (!this.actionId) {
      this.post({ type: 'error', message: 'These candidates are from an earlier browser session: observe again, then save.' });
      return;
    }
    const target = await chooseFlowFile(`Save ${indexes.length} step${indexes.length === 1 ? '' : 's'} to a flow`);
    if (!target) return;
    const actionId = this.actionId;
    const { steps, variables } = await this.engine.withSession((session) => session.pickSteps(actionId, indexes, this.instruction || undefined));
    const flow = await appendSteps(target.uri.fsPath, steps, { name: target.name, ...(this.url ? { startUrl: this.url } : {}) }, variables);
    const relative = vscode.workspace.asRelativePath(target.uri);
    this.log.info(`saved ${steps.length} step(s) to ${relative} (${flow.steps.length} in all)`);
    this.post({ type: 'idle', status: `Saved ${steps.length} step${steps.length === 1 ? '' : 's'} to ${relative}` });
    void vscode.window.showInformationMessage(`Saved ${steps.length} step${steps.length === 1 ? '' : 's'} to ${relative}.`, 'Open').then((choice) => {
      if (choice) void showBesideBrowser(target.uri);
    });
  }

  override dispose(): void {
    if (InspectorPanel.current === this) InspectorPanel.current = undefined;
    super.dispose();
  }
}
