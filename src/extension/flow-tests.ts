import * as vscode from 'vscode';
import { describeStep } from '../schema';
import type { StepEvent } from '../service/client';
import { FLOW_GLOB, findFlowFiles, flowsFolder, isFlowFile, readFlowOf, readFlowText, type FlowDocument } from './flow-files';
import { nodeAt } from '../flows/json-locations';
import type { Log } from './log';
import { inUserTerms } from './notify';
import { Owner } from './owner';
import type { ReplayController } from './replay-controller';
import { readSettings } from './settings';
import { commandId } from './command-ids';

/** What the Testing view last showed for an item, kept for whoever asks (the tests read it as the view shows it). */
export interface TestOutcome {
  readonly status: 'passed' | 'failed' | 'skipped' | 'errored';
  readonly message?: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly line?: number;
  readonly ms?: number;
  /** A picture of the page when the step failed (a file in the extension's storage). */
  readonly screenshot?: vscode.Uri;
  /** The Playwright trace of the failed run (Debug, or rehearse.replay.traceOnFailure). */
  readonly trace?: vscode.Uri;
}

/** Screenshots and traces of failures kept in the extension's storage, each kind; older ones are removed. */
const KEPT_FILES = 20;

const STEP_SEPARATOR = '#step-';
const EDIT_PAUSE_MS = 250;

/**
 * Flow files as tests in VS Code's Testing view: a test per `*.flow.json` (in `rehearse.flows.folder` when set) with a
 * child per step at its place in the file, kept current as files are created, edited and deleted. Run replays headless
 * (unless rehearse.browser.headless is off), Debug shows the browser, and a continuous run replays a flow each time it
 * is saved. Each step is marked passed, failed or skipped with its time; a failure is a message at the step's line.
 */
export class FlowTests extends Owner {
  readonly controller = this.own(vscode.tests.createTestController('rehearse.flows', 'Rehearse flows'));
  readonly outcomes = new Map<string, TestOutcome>();
  readonly runProfile: vscode.TestRunProfile;
  readonly debugProfile: vscode.TestRunProfile;
  private readonly continuous = new Map<string, { readonly request: vscode.TestRunRequest; readonly debug: boolean }>();
  /** Edits being typed: the items follow once typing pauses, not on every key (a long flow has thousands of steps). */
  private readonly pendingEdits = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly replays: ReplayController, private readonly log: Log, private readonly storage: vscode.Uri) {
    super();
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
    };
    this.controller.refreshHandler = () => this.discover();
    this.runProfile = this.own(this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, (request, token) => this.run(request, token, false), true, undefined, true));
    this.debugProfile = this.own(this.controller.createRunProfile('Debug (browser shown, trace kept)', vscode.TestRunProfileKind.Debug, (request, token) => this.run(request, token, true), true, undefined, true));
    const watcher = this.own(vscode.workspace.createFileSystemWatcher(FLOW_GLOB));
    this.own(watcher.onDidCreate((uri) => void this.updateFromDisk(uri)));
    this.own(watcher.onDidChange((uri) => void this.updateFromDisk(uri)));
    this.own(watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString())));
    this.own(vscode.workspace.onDidChangeTextDocument((event) => isFlowFile(event.document.uri) && this.updateSoon(event.document)));
    this.own({ dispose: () => this.pendingEdits.forEach((timer) => clearTimeout(timer)) });
    this.own(vscode.workspace.onDidSaveTextDocument((document) => isFlowFile(document.uri) && this.rerunContinuous(document.uri)));
  }

  /** Every flow file of the workspace as a test (files no longer there are dropped). */
  async discover(): Promise<void> {
    const files = await findFlowFiles();
    const ids = new Set(files.map((uri) => uri.toString()));
    this.controller.items.forEach((item) => {
      if (!ids.has(item.id)) this.controller.items.delete(item.id);
    });
    await Promise.all(files.map((uri) => this.updateFromDisk(uri)));
  }

  private async updateFromDisk(uri: vscode.Uri): Promise<void> {
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    if (open) {
      this.update(readFlowOf(open));
      return;
    }
    const bytes = await vscode.workspace.fs.readFile(uri).then(undefined, () => undefined);
    if (bytes) this.update(readFlowText(uri, new TextDecoder().decode(bytes)));
  }

  private updateSoon(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.pendingEdits.get(key));
    this.pendingEdits.set(key, setTimeout(() => {
      this.pendingEdits.delete(key);
      this.update(readFlowOf(document));
    }, EDIT_PAUSE_MS));
  }

  private update(document: FlowDocument): void {
    if (!inFlowsFolder(document.uri)) return;
    const { uri, flow, locations, text } = document;
    const item = this.controller.items.get(uri.toString()) ?? this.controller.createTestItem(uri.toString(), labelOf(uri), uri);
    item.label = flow?.name ?? labelOf(uri);
    item.description = vscode.workspace.asRelativePath(uri);
    item.error = document.error ? new vscode.MarkdownString().appendText(document.error.message) : undefined;
    item.range = new vscode.Range(0, 0, 0, 0);
    const lines = lineStarts(text);
    item.children.replace((flow?.steps ?? []).map((step, index) => {
      const child = this.controller.createTestItem(`${uri.toString()}${STEP_SEPARATOR}${index}`, `${index + 1}. ${describeStep(step).description}`, uri);
      const node = nodeAt(locations, `steps.${index}`);
      if (node) child.range = new vscode.Range(positionAt(lines, node.start), positionAt(lines, node.end));
      return child;
    }));
    this.controller.items.add(item);
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken, debug: boolean): Promise<void> {
    if (request.continuous) {
      for (const flow of this.flowsOf(request)) this.continuous.set(flow.item.id, { request, debug });
      token.onCancellationRequested(() => {
        for (const [id, entry] of this.continuous) if (entry.request === request) this.continuous.delete(id);
      });
      return;
    }
    const run = this.controller.createTestRun(request);
    try {
      for (const { item, upTo } of this.flowsOf(request)) {
        if (token.isCancellationRequested) break;
        await this.runFlow(run, item, upTo, token, debug);
      }
    } finally {
      run.end();
    }
  }

  /** A saved flow that a continuous run watches is replayed again, in a run of its own. */
  private rerunContinuous(uri: vscode.Uri): void {
    const entry = this.continuous.get(uri.toString());
    const item = this.controller.items.get(uri.toString());
    if (!entry || !item) return;
    const source = new vscode.CancellationTokenSource();
    void this.run(new vscode.TestRunRequest([item], undefined, entry.request.profile), source.token, entry.debug).finally(() => source.dispose());
  }

  /** The flows a request names: a step stands for its flow replayed up to that step; excluded items are left out. */
  private flowsOf(request: vscode.TestRunRequest): { item: vscode.TestItem; upTo?: number }[] {
    const excluded = new Set((request.exclude ?? []).map((item) => item.id));
    const chosen = new Map<string, { item: vscode.TestItem; upTo?: number }>();
    const included: vscode.TestItem[] = [];
    if (request.include) included.push(...request.include);
    else this.controller.items.forEach((item) => included.push(item));
    for (const item of included) {
      if (excluded.has(item.id)) continue;
      const index = stepIndexOf(item.id);
      if (index === undefined) {
        chosen.set(item.id, { item });
        continue;
      }
      const flow = this.controller.items.get(item.id.slice(0, item.id.indexOf(STEP_SEPARATOR)));
      const known = flow && chosen.get(flow.id);
      if (flow && (!known || (known.upTo !== undefined && known.upTo < index))) chosen.set(flow.id, { item: flow, upTo: index });
    }
    return [...chosen.values()];
  }

  private async runFlow(run: vscode.TestRun, item: vscode.TestItem, upTo: number | undefined, token: vscode.CancellationToken, debug: boolean): Promise<void> {
    const uri = item.uri!;
    const steps = new Map<number, vscode.TestItem>();
    item.children.forEach((child) => steps.set(stepIndexOf(child.id)!, child));
    const inRun = [...steps].filter(([index]) => upTo === undefined || index <= upTo);
    run.enqueued(item);
    for (const [, child] of inRun) run.enqueued(child);
    const prepared = await this.replays.prepare(uri);
    if (!prepared) {
      this.mark(run, item, { status: 'skipped' });
      for (const [, child] of inRun) this.mark(run, child, { status: 'skipped' });
      return;
    }
    run.started(item);
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    const say = (line: string, child?: vscode.TestItem) => run.appendOutput(`${this.log.clean(line)}\r\n`, child?.range ? new vscode.Location(uri, child.range) : undefined, child ?? item);
    say(`▶ ${prepared.flow.name}${debug ? ' (browser shown)' : ''}`);
    // A failed step is marked once the replay is over, with the screenshot taken then.
    let pending: { child: vscode.TestItem; outcome: TestOutcome } | undefined;
    try {
      const { result, healedFlow, screenshot, trace, traceNote } = await this.replays.execute(prepared, {
        ...(upTo !== undefined ? { upTo } : {}), signal: controller.signal, ...(debug ? { headless: false } : {}), screenshotOnFailure: true,
        traceOnFailure: debug || readSettings()['replay.traceOnFailure'],
        onStep: (event) => {
          const failure = this.onStep(run, steps.get(event.index), event, say);
          if (failure) pending = failure;
        },
      });
      const failed = result.steps.find((step) => step.status === 'failed');
      if (healedFlow) this.offerHealedSelectors(uri, prepared.flow.name, result.steps.filter((step) => step.healed).length);
      const picture = failed && screenshot ? await this.keep('failures', prepared.flow.name, screenshot.mimeType.includes('png') ? 'png' : 'jpeg', Buffer.from(screenshot.base64, 'base64')) : undefined;
      const traced = failed && trace ? await this.keep('traces', prepared.flow.name, 'zip', trace) : undefined;
      if (traceNote) say(`  ${traceNote}`);
      if (pending) {
        if (picture) say(`  screenshot of the page at the failure: ${picture.fsPath}`, pending.child);
        if (traced) say(`  trace of the failure: ${traced.fsPath} (Open the trace, in the failure's message)`, pending.child);
        this.mark(run, pending.child, { ...pending.outcome, ...(picture ? { screenshot: picture } : {}), ...(traced ? { trace: traced } : {}) });
        pending = undefined;
      }
      say(`${result.status === 'passed' ? '✓' : '✗'} ${prepared.flow.name} ${result.status} in ${result.ms} ms`);
      if (!failed) this.mark(run, item, { status: 'passed', ms: result.ms });
      else this.mark(run, item, { status: 'failed', ms: result.ms, message: `${failed.index >= 0 ? `step ${failed.index + 1} (${failed.description})` : 'opening the start URL'}: ${this.log.clean(failed.error?.message ?? 'failed')}`, ...(failed.index >= 0 && steps.get(failed.index)?.range ? { line: steps.get(failed.index)!.range!.start.line } : {}) });
    } catch (error) {
      if (controller.signal.aborted) {
        say('■ stopped');
        this.mark(run, item, { status: 'skipped' });
      } else {
        const message = this.log.clean(inUserTerms(error as Error));
        say(`✗ ${message}`);
        this.mark(run, item, { status: 'errored', message });
      }
    } finally {
      if (pending) this.mark(run, pending.child, pending.outcome);
      cancel.dispose();
    }
  }

  /** Marks a step as it starts, passes or is skipped; a failure is returned, to be marked when the replay is over. */
  private onStep(run: vscode.TestRun, child: vscode.TestItem | undefined, event: StepEvent, say: (line: string, child?: vscode.TestItem) => void): { child: vscode.TestItem; outcome: TestOutcome } | undefined {
    if (!child) {
      if (event.status === 'failed') say(`✗ ${event.description}: ${event.error?.message ?? 'failed'}`);
      return undefined;
    }
    if (!event.status) {
      run.started(child);
      return undefined;
    }
    const healed = event.healed ? ` (healed: ${event.healed.to} found by ${event.healed.by}, not ${event.healed.from})` : '';
    say(`  ${event.status === 'passed' ? '✓' : event.status === 'failed' ? '✗' : '–'} ${event.index + 1}. ${event.description}${event.ms !== undefined ? ` (${event.ms} ms)` : ''}${healed}`, child);
    if (event.status === 'passed') this.mark(run, child, { status: 'passed', ...(event.ms !== undefined ? { ms: event.ms } : {}) });
    else if (event.status === 'skipped') this.mark(run, child, { status: 'skipped' });
    else {
      const error = event.error;
      return {
        child,
        outcome: {
          status: 'failed', message: this.log.clean(error?.message ?? 'failed'), ...(event.ms !== undefined ? { ms: event.ms } : {}),
          ...(error?.expected !== undefined && error.actual !== undefined ? { expected: error.expected, actual: error.actual } : {}),
          ...(child.range ? { line: child.range.start.line } : {}),
        },
      };
    }
    return undefined;
  }

  /** Keeps a file of a failure in the extension's storage (`failures` for screenshots, `traces`), the newest only. */
  private async keep(kind: 'failures' | 'traces', name: string, extension: string, bytes: Uint8Array): Promise<vscode.Uri | undefined> {
    try {
      const folder = vscode.Uri.joinPath(this.storage, kind);
      await vscode.workspace.fs.createDirectory(folder);
      const file = vscode.Uri.joinPath(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${name.replace(/[^\w-]+/g, '-').slice(0, 60)}.${extension}`);
      await vscode.workspace.fs.writeFile(file, bytes);
      const kept = (await vscode.workspace.fs.readDirectory(folder)).map(([entry]) => entry).sort();
      for (const old of kept.slice(0, Math.max(0, kept.length - KEPT_FILES))) await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, old));
      return file;
    } catch (error) {
      this.log.info(`could not keep the ${kind === 'traces' ? 'trace' : 'screenshot'} of the failure: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** The quick fix for healed steps: write the selectors that worked into the file (the command checks it is unchanged). */
  private offerHealedSelectors(uri: vscode.Uri, name: string, count: number): void {
    void vscode.window.showInformationMessage(`${name}: ${count} step${count === 1 ? '' : 's'} found ${count === 1 ? 'its element' : 'their elements'} by another selector. Write the working selectors into the file?`, 'Update selectors').then((choice) => {
      if (choice) void vscode.commands.executeCommand(commandId('rehearse.updateSelectors'), uri);
    });
  }

  /** Tells the run, and keeps what it was told. */
  private mark(run: vscode.TestRun, item: vscode.TestItem, outcome: TestOutcome): void {
    this.outcomes.set(item.id, outcome);
    if (outcome.status === 'passed') run.passed(item, outcome.ms);
    else if (outcome.status === 'skipped') run.skipped(item);
    else {
      const text = outcome.message ?? 'failed';
      const links = [
        ...(outcome.screenshot ? [`[Screenshot of the page at the failure](${outcome.screenshot.toString()})`] : []),
        ...(outcome.trace ? [`[Open the trace](command:rehearse.openTrace?${encodeURIComponent(JSON.stringify([outcome.trace.toString()]))})`] : []),
      ];
      const markdown = new vscode.MarkdownString().appendText(text).appendMarkdown(`\n\n${links.join(' · ')}`);
      markdown.isTrusted = { enabledCommands: [commandId('rehearse.openTrace')] };
      const body = links.length ? markdown : text;
      const message = outcome.expected !== undefined && outcome.actual !== undefined
        ? vscode.TestMessage.diff(body, outcome.expected, outcome.actual)
        : new vscode.TestMessage(body);
      if (item.uri && outcome.line !== undefined) message.location = new vscode.Location(item.uri, new vscode.Position(outcome.line, 0));
      if (outcome.status === 'failed') run.failed(item, message, outcome.ms);
      else run.errored(item, message, outcome.ms);
    }
  }
}

/** A step item's index in its flow (its id is the flow's, then `#step-N`); undefined for a flow's item. */
function stepIndexOf(id: string): number | undefined {
  const separator = id.indexOf(STEP_SEPARATOR);
  return separator < 0 ? undefined : Number(id.slice(separator + STEP_SEPARATOR.length));
}

function labelOf(uri: vscode.Uri): string {
  return uri.path.split('/').pop()!.replace(/\.flow\.json$/, '');
}

function inFlowsFolder(uri: vscode.Uri): boolean {
  const folder = flowsFolder();
  return !folder || vscode.workspace.asRelativePath(uri).startsWith(`${folder}/`);
}

/** Offsets where each line of a text starts, to place JSON offsets without opening the file in an editor. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) if (text[index] === '\n') starts.push(index + 1);
  return starts;
}

function positionAt(starts: readonly number[], offset: number): vscode.Position {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return new vscode.Position(low, offset - starts[low]!);
}
