import * as vscode from 'vscode';
import { isMissingFlowFile, loadFlow, saveFlow, withStepsInserted } from '../flows/format';
import type { RecordedStep } from '../service/client';
import { describeStep, FLOW_VERSION, RECORD_MODE_HINTS, RECORD_MODE_LABELS, RECORD_MODES, type Flow, type RecordMode } from '../schema';
import { chooseFlowFile, flowTarget } from './choose-flow';
import { changeFlowFile, FlowBeingEdited } from './flow-edits';
import type { EngineClient } from './engine-client';
import type { Log } from './log';
import { inUserTerms, showError } from './notify';
import { commandId } from './command-ids';
import { LiveViewPanel } from './live-view-panel';
import { showBesideBrowser } from './webview-assets';

/**
 * Record Manually: the browser, headed, records what the person does; each step is appended to the chosen flow file
 * as it happens (atomic writes, one at a time), with a status-bar item showing the count and stopping on click, and
 * one (Assert…) that sets what the next click in the browser does, as the toolbar in the page does.
 */
export class RecordingController implements vscode.Disposable {
  private readonly status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 1000);
  private readonly assertItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 999);
  private running: AbortController | undefined;

  constructor(private readonly engine: EngineClient, private readonly log: Log) {
    this.status.command = commandId('rehearse.stop');
    this.status.name = 'Rehearse recording';
    this.status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.assertItem.command = commandId('rehearse.assertWhileRecording');
    this.assertItem.name = 'Rehearse: assert while recording';
    this.assertItem.text = '$(pass) Assert…';
    this.assertItem.tooltip = 'Make the next click in the browser an expect step (visible, text, value, ARIA snapshot) or pick a locator';
  }

  /**
   * While recording: what the next click in the browser does (`mode`, or the one chosen from a list). Returns the mode
   * set, or undefined when none was (not recording, nothing chosen).
   */
  async assertMode(mode?: RecordMode): Promise<RecordMode | undefined> {
    const session = this.running ? await this.engine.openSession?.catch(() => undefined) : undefined;
    if (!session) {
      void vscode.window.showWarningMessage('Not recording: assertions are added while recording (Rehearse: Record Manually).');
      return undefined;
    }
    const chosen = mode ?? (await vscode.window.showQuickPick(RECORD_MODES.map((each) => ({ label: RECORD_MODE_LABELS[each], detail: RECORD_MODE_HINTS[each], mode: each })), {
      title: 'Assert while recording: what the next click in the browser does',
    }))?.mode;
    if (!chosen) return undefined;
    const set = await session.recordMode(chosen);
    this.log.info(`recording mode: ${RECORD_MODE_LABELS[set]}`);
    vscode.window.setStatusBarMessage(`Rehearse: ${RECORD_MODE_HINTS[set]}`, 8000);
    return set;
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  stop(): void {
    this.running?.abort();
  }

  /**
   * Records into `target` (or a chosen file) until Stop; resolves with the number of steps written. With `insertAt`,
   * the steps go in at that place of the flow instead of after its last, and with `onPage` the recording goes on from
   * the page the browser shows instead of opening the start URL (Record at Cursor replays up to there first).
   */
  async record(target?: vscode.Uri, startUrl?: string, where: { insertAt?: number; onPage?: boolean } = {}): Promise<number> {
    if (this.running) {
      void vscode.window.showWarningMessage('Already recording; click the recording item in the status bar to stop.');
      return 0;
    }
    const chosen = target ? flowTarget(target) : await chooseFlowFile('Record into a flow');
    if (!chosen) return 0;
    // A file that is there but invalid is reported now, before anything is recorded into it (it is never overwritten).
    const existing = await loadFlow(chosen.uri.fsPath).catch((error: unknown) => {
      if (isMissingFlowFile(error)) return undefined;
      throw error;
    });
    const url = where.onPage ? undefined : startUrl ?? existing?.startUrl ?? (await vscode.window.showInputBox({ title: 'Record Manually', prompt: 'The page to start on', placeHolder: 'http://127.0.0.1:4173/', value: LiveViewPanel.shownUrl() ?? '', ignoreFocusOut: true }));
    if (!url && !where.onPage) return 0;
    const controller = new AbortController();
    this.running = controller;
    let written = 0;
    let writes = Promise.resolve();
    const relative = vscode.workspace.asRelativePath(chosen.uri);
    const show = () => {
      this.status.text = `$(record) Recording ${relative}: ${written} step${written === 1 ? '' : 's'} — Stop`;
      this.status.tooltip = 'Rehearse is recording what you do in the browser. Click to stop.';
    };
    show();
    this.status.show();
    // Once the browser records: from then on an assertion can be asked for.
    const started = () => {
      this.assertItem.show();
      void vscode.commands.executeCommand('setContext', 'rehearse.recording', true);
      void vscode.window.showInformationMessage(`Recording into ${relative}: act in the browser. Its toolbar, or Assert…, adds checks as you go.`, 'Assert…', 'Stop').then((choice) => {
        if (choice === 'Assert…') void this.assertMode().catch((error: unknown) => showError(this.log, 'Assert while recording', error));
        if (choice === 'Stop' && this.running === controller) this.stop();
      });
    };
    // Steps the flow's open document could not take yet: its unsaved text is in the middle of an edit. They go in once it
    // is a flow again (each change of it is tried), or, at the end, into a file of their own: never dropped.
    let waiting: RecordedStep[] = [];
    let toldWaiting = false;
    /** Why they wait, as the person is told at Stop if they still do. */
    let whyWaiting = 'it is not a valid flow';
    const create: Flow = { version: FLOW_VERSION, name: chosen.name, ...(url ? { startUrl: url } : {}), steps: [] };
    const writeWaiting = async () => {
      // A copy: steps that arrive while this batch is written wait for the next.
      const batch = [...waiting];
      if (!batch.length) return;
      const at = where.insertAt === undefined ? undefined : where.insertAt + written;
      const variables = Object.assign({}, ...batch.map((recorded) => recorded.variables ?? {})) as Flow['variables'];
      try {
        await changeFlowFile(chosen.uri, (flow) => withStepsInserted(flow, at, batch.map((recorded) => recorded.step), variables), create);
      } catch (error) {
        if (!(error instanceof FlowBeingEdited)) {
          waiting = waiting.slice(batch.length);
          showError(this.log, `Recording into ${relative}`, error);
          return;
        }
        whyWaiting = error.unsaved ? 'its unsaved edits are not a valid flow' : 'it is not a valid flow';
        if (!toldWaiting) void vscode.window.showWarningMessage(`Recorded steps are waiting: ${error.message}. They go in as soon as it is.`);
        toldWaiting = true;
        return;
      }
      waiting = waiting.slice(batch.length);
      toldWaiting = false;
      written += batch.length;
      show();
      for (const recorded of batch) this.log.info(`recorded: ${describeStep(recorded.step).description}`);
    };
    const retry = vscode.workspace.onDidChangeTextDocument((event) => {
      if (waiting.length && event.document.uri.toString() === chosen.uri.toString()) writes = writes.then(writeWaiting);
    });
    try {
      await this.engine.withSession(async (session) => {
        if (url) await session.navigate(url);
        this.log.info(`recording into ${relative}${url ? ` from ${url}` : ''}${where.insertAt !== undefined ? ` at step ${where.insertAt + 1}` : ''}`);
        await session.record((recorded: RecordedStep) => {
          waiting.push(recorded);
          writes = writes.then(writeWaiting);
        }, controller.signal, {
          onStarted: started,
          onProblem: (problem) => {
            // Never dropped in silence: the person hears at once which gesture was not recorded, while it is fresh.
            this.log.warn(`not recorded: ${problem}`);
            void vscode.window.showWarningMessage(`Not recorded: ${problem}`);
          },
          onPicked: (picked) => {
            this.log.info(`locator picked: ${picked}`);
            void vscode.window.showInformationMessage(`Locator: ${picked}`, 'Copy').then((choice) => {
              if (choice) void vscode.env.clipboard.writeText(picked);
            });
          },
        });
      }, { headless: false, long: 'a recording' });
      await writes;
      await writeWaiting();
      if (waiting.length) await this.keepApart(chosen.uri, create, waiting, whyWaiting);
      this.log.info(`recording stopped: ${written} step(s) in ${relative}`);
      void vscode.window.showInformationMessage(`Recorded ${written} step${written === 1 ? '' : 's'} into ${relative}.`, 'Open').then((choice) => {
        if (choice) void showBesideBrowser(chosen.uri);
      });
      return written;
    } catch (error) {
      await writes;
      if (!written && !waiting.length) {
        showError(this.log, 'Recording failed', error);
        return written;
      }
      // Cut short (the service or the browser went away): what was recorded until then is in the file, and the person
      // can go on from its end.
      const failure = error instanceof Error ? error : new Error(String(error));
      if (waiting.length) await this.keepApart(chosen.uri, create, waiting, whyWaiting);
      this.log.error(`recording into ${relative} stopped`, failure);
      void vscode.window.showErrorMessage(this.log.clean(`The recording stopped: ${inUserTerms(failure)}. The ${written} step${written === 1 ? '' : 's'} recorded until then ${written === 1 ? 'is' : 'are'} in ${relative}.`), 'Record On', 'Show Log').then((choice) => {
        if (choice === 'Record On') void recordOnFromEnd(chosen.uri).catch((again: unknown) => showError(this.log, 'Record On', again));
        if (choice === 'Show Log') this.log.show();
      });
      return written;
    } finally {
      retry.dispose();
      this.running = undefined;
      this.status.hide();
      this.assertItem.hide();
      void vscode.commands.executeCommand('setContext', 'rehearse.recording', false);
    }
  }

  /** Steps the flow's document never took (its edit was left unfinished): a flow file of their own beside it. */
  private async keepApart(uri: vscode.Uri, create: Flow, steps: readonly RecordedStep[], why: string): Promise<void> {
    const apart = vscode.Uri.file(uri.fsPath.replace(/(\.flow)?\.json$/, `.recorded-${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}.flow.json`));
    const variables = Object.assign({}, ...steps.map((recorded) => recorded.variables ?? {})) as Flow['variables'];
    await saveFlow(apart.fsPath, withStepsInserted(create, undefined, steps.map((recorded) => recorded.step), variables));
    this.log.warn(`${steps.length} recorded step(s) kept in ${vscode.workspace.asRelativePath(apart)}: ${vscode.workspace.asRelativePath(uri)}: ${why} when the recording stopped`);
    void vscode.window.showWarningMessage(`${steps.length} recorded step${steps.length === 1 ? '' : 's'} could not go into ${vscode.workspace.asRelativePath(uri)} (${why}): they are in ${vscode.workspace.asRelativePath(apart)}.`, 'Open').then((choice) => {
      if (choice) void vscode.window.showTextDocument(apart);
    });
  }

  dispose(): void {
    this.stop();
    this.status.dispose();
    this.assertItem.dispose();
  }
}

/**
 * Goes on recording a flow from its end: the flow open with the cursor after its last step, then Record at Cursor,
 * which replays it up to there first, so the page is where the recording stopped.
 */
async function recordOnFromEnd(uri: vscode.Uri): Promise<void> {
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const end = editor.document.positionAt(editor.document.getText().lastIndexOf(']'));
  editor.selection = new vscode.Selection(end, end);
  await vscode.commands.executeCommand(commandId('rehearse.recordAtCursor'));
}
