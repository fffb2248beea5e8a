import * as vscode from 'vscode';
import { FLOW_VERSION, RECORD_MODES, type AgentForm, type RecordMode } from '../schema';
import { loadFlow, saveFlow } from '../flows/format';
import { addExpect } from './add-expect';
import { AgentPanel } from './agent-panel';
import { askNewFlowFile } from './choose-flow';
import { chooseModel, type ModelChoice } from './choose-model';
import { findFlowFiles, isFlowFile, readFlowDocument, rangeOf, stepIndexAt } from './flow-files';
import { InspectorPanel } from './inspector-panel';
import { LiveViewPanel } from './live-view-panel';
import { nodeAt } from '../flows/json-locations';
import { showError } from './notify';
import { readSettings, updateSetting } from './settings';
import { showingFor } from './browser-display';
import type { Rehearse } from './rehearse';
import { recordAtCursor } from './record-at-cursor';
import { pickLocator } from './pick-locator';
import { importRecordingCommand } from './import-recording';
import { COMMAND_IDS, type CommandId } from './command-ids';
import { showBesideBrowser } from './webview-assets';

/** The flow a command is about: its argument, the active flow editor, or one picked from the workspace. */
async function flowUri(argument: unknown): Promise<vscode.Uri | undefined> {
  if (argument instanceof vscode.Uri) return argument;
  const fromTree = (argument as { uri?: unknown } | undefined)?.uri;
  if (fromTree instanceof vscode.Uri) return fromTree;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && isFlowFile(active)) return active;
  const files = await findFlowFiles();
  const picked = await vscode.window.showQuickPick(files.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })), { title: 'Replay which flow?' });
  return picked?.uri;
}

/** The step under the cursor of the active flow editor. */
async function stepAtCursor(uri: vscode.Uri): Promise<number | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.toString() !== uri.toString()) return undefined;
  const parsed = await readFlowDocument(uri);
  return stepIndexAt(parsed.locations, editor.document.offsetAt(editor.selection.active));
}

async function ask(title: string, prompt: string, value?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({ title, prompt, ...(value !== undefined ? { value } : {}), ignoreFocusOut: true });
}

/**
 * Every command of the manifest, each by its id in COMMAND_IDS: a command without a handler here, or a handler for an
 * id not in the list, does not compile. Commands return what they did, so tests (and other extensions) can use them.
 */
export function registerCommands(rehearse: Rehearse): vscode.Disposable[] {
  const { engine, log, secrets, replays, agent, recording, extensionUri } = rehearse;
  const handlers: { readonly [Id in CommandId]: (...args: unknown[]) => unknown } = {
    'rehearse.importRecording': (argument?: unknown) => importRecordingCommand(log, argument),
    'rehearse.openBrowser': async (url?: unknown) => {
      const target = typeof url === 'string' ? url : await ask('Open Browser', 'The page to open', 'http://127.0.0.1:4173/');
      if (!target) return undefined;
      return engine.withSession((session) => session.navigate(target));
    },
    'rehearse.observe': async (instruction?: unknown) => {
      const text = typeof instruction === 'string' ? instruction : await ask('Observe', 'What do you want to do on the page? (empty: everything actionable)');
      if (text === undefined) return undefined;
      const panel = InspectorPanel.show(extensionUri, engine, log);
      await panel.observe(text);
      return panel;
    },
    'rehearse.pickAndSave': () => InspectorPanel.show(extensionUri, engine, log),
    'rehearse.act': async (instruction?: unknown) => {
      const text = typeof instruction === 'string' ? instruction : await ask('Act', 'One action, e.g. click Sign in, or type hello into the search box');
      if (!text) return undefined;
      const outcome = await engine.withSession((session) => session.act(text));
      log.info(`act "${text}": ${outcome.success ? 'done' : 'failed'}: ${outcome.message}`);
      void (outcome.success ? vscode.window.showInformationMessage(`Done: ${outcome.message}`) : vscode.window.showErrorMessage(log.clean(`Could not ${text}: ${outcome.message}`)));
      return outcome;
    },
    'rehearse.recordManually': (target?: unknown, startUrl?: unknown) => recording.record(target instanceof vscode.Uri ? target : undefined, typeof startUrl === 'string' ? startUrl : undefined),
    'rehearse.recordAtCursor': () => recordAtCursor(replays, recording, log),
    'rehearse.assertWhileRecording': (mode?: unknown) => recording.assertMode((RECORD_MODES as readonly unknown[]).includes(mode) ? mode as RecordMode : undefined),
    'rehearse.pickLocator': () => pickLocator(engine, log),
    'rehearse.openTrace': (argument?: unknown) => {
      const trace = argument instanceof vscode.Uri ? argument : typeof argument === 'string' ? vscode.Uri.parse(argument) : undefined;
      return trace ? rehearse.traceViewer.open(trace) : undefined;
    },
    'rehearse.toggleShowBrowser': async () => {
      const headless = !vscode.workspace.getConfiguration('rehearse').get<boolean>('browser.headless', false);
      await engine.reconfigure(() => updateSetting('browser.headless', headless));
      // Said as it will be on this host: without a display (code-server, SSH, a container) the browser shows in the tab.
      const showing = showingFor(readSettings(), {});
      void vscode.window.showInformationMessage(headless ? 'Rehearse runs the browser headless (not shown).'
        : showing === 'view' ? 'Rehearse shows the browser in its Browser tab (this host has no display for a window).' : 'Rehearse shows the browser (the next session opens a window).');
      return !headless;
    },
    'rehearse.newFlow': async () => {
      const target = await askNewFlowFile();
      if (!target) return undefined;
      if (await loadFlow(target.uri.fsPath).then(() => true, () => false)) {
        void vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(target.uri)} already exists; it is left as it is.`);
      } else {
        const startUrl = await ask('New flow', 'The page the flow starts on (optional)', 'http://127.0.0.1:4173/');
        await saveFlow(target.uri.fsPath, { version: FLOW_VERSION, name: target.name, ...(startUrl ? { startUrl } : {}), steps: [] });
      }
      await showBesideBrowser(target.uri);
      rehearse.flowsView.refresh();
      return target.uri;
    },
    'rehearse.replayFlow': async (argument?: unknown) => {
      const uri = await flowUri(argument);
      return uri && replays.replay(uri);
    },
    'rehearse.replayToHere': async (argument?: unknown, index?: unknown) => {
      const uri = await flowUri(argument);
      if (!uri) return undefined;
      const step = typeof index === 'number' ? index : (argument as { index?: number } | undefined)?.index ?? (await stepAtCursor(uri));
      if (step === undefined) {
        void vscode.window.showInformationMessage('Put the cursor in a step of the flow (or use the "Replay to here" CodeLens above it).');
        return undefined;
      }
      return replays.replay(uri, step);
    },
    'rehearse.addExpect': async (argument?: unknown, index?: unknown, choose?: unknown) => {
      const uri = await flowUri(argument);
      if (!uri) return undefined;
      const step = typeof index === 'number' ? index : await stepAtCursor(uri);
      if (step === undefined) {
        void vscode.window.showInformationMessage('Put the cursor in a step of the flow: the expect is added after it.');
        return undefined;
      }
      return addExpect(engine, replays, uri, step, typeof choose === 'number' ? choose : undefined);
    },
    'rehearse.updateSelectors': async (argument?: unknown) => {
      const uri = await flowUri(argument);
      return uri && replays.updateSelectors(uri);
    },
    'rehearse.stop': () => {
      const stopped = [agent.isRunning && 'agent run', replays.isRunning && 'replay', recording.isRunning && 'recording'].filter(Boolean);
      agent.stop();
      replays.stop();
      recording.stop();
      if (!stopped.length) void vscode.window.showInformationMessage('Nothing is running.');
      return stopped;
    },
    'rehearse.runAgent': async (form?: unknown) => {
      if (form && typeof form === 'object') return agent.run(form as AgentForm);
      return AgentPanel.show(extensionUri, agent, log);
    },
    'rehearse.saveAgentRunAsFlow': (target?: unknown) => agent.saveAsFlow(target instanceof vscode.Uri ? target : undefined),
    'rehearse.openScreenshot': (id?: unknown) => (typeof id === 'string' ? agent.openScreenshot(id) : undefined),
    'rehearse.chooseModel': (given?: unknown) => chooseModel(engine, secrets, log, given && typeof given === 'object' ? given as ModelChoice : undefined),
    'rehearse.setModelApiKey': async (value?: unknown) => {
      const key = typeof value === 'string' ? value : await vscode.window.showInputBox({ title: 'Model API key', prompt: 'Kept in VS Code secret storage; sent to the service with each request, never written to a file', password: true, ignoreFocusOut: true });
      if (!key) return false;
      await engine.reconfigure(() => secrets.setModelKey(key));
      log.info('model API key saved in secret storage');
      return true;
    },
    'rehearse.setServiceKey': async (value?: unknown) => {
      const key = typeof value === 'string' ? value : await vscode.window.showInputBox({ title: 'Service key', prompt: 'The x-svc-api-key of the service in rehearse.service.url (kept in secret storage)', password: true, ignoreFocusOut: true });
      if (!key) return false;
      await engine.reconfigure(() => secrets.setServiceKey(key));
      return true;
    },
    // Offered when a browser window was asked for where there is no display (rehearse.browser.show is "window").
    'rehearse.showInVsCode': async () => {
      await engine.reconfigure(() => updateSetting('browser.show', 'view'));
      void vscode.window.showInformationMessage('The browser now shows in VS Code (rehearse.browser.show): run the command again.');
      return true;
    },
    'rehearse.showBrowser': async () => {
      const view = LiveViewPanel.show(extensionUri, engine, log);
      await engine.session();
      return view;
    },
    'rehearse.chooseBrowser': async () => {
      const choice = await vscode.window.showQuickPick([
        { label: '$(file-binary) Choose a Chromium or Chrome executable…', id: 'file' },
        { label: '$(plug) Attach to a running browser (CDP URL)…', id: 'cdp' },
        { label: '$(discard) Use the default (find Chromium or Chrome on this machine)', id: 'default' },
      ], { title: 'Choose Browser' });
      if (!choice) return undefined;
      if (choice.id === 'file') {
        const picked = await vscode.window.showOpenDialog({ title: 'Chromium or Chrome executable', canSelectMany: false, openLabel: 'Use this browser' });
        if (!picked?.[0]) return undefined;
        await engine.reconfigure(async () => {
          await updateSetting('browser.executablePath', picked[0]!.fsPath);
          await updateSetting('browser.cdpUrl', undefined);
        });
      } else if (choice.id === 'cdp') {
        const url = await ask('Attach to a browser', 'Its DevTools URL (started with --remote-debugging-port)', 'http://127.0.0.1:9222');
        if (!url) return undefined;
        await engine.reconfigure(() => updateSetting('browser.cdpUrl', url));
      } else {
        await engine.reconfigure(async () => {
          await updateSetting('browser.executablePath', undefined);
          await updateSetting('browser.cdpUrl', undefined);
        });
      }
      return choice.id;
    },
    'rehearse.openDemo': async () => {
      const target = await rehearse.demo.open();
      rehearse.flowsView.refresh();
      void vscode.window.showInformationMessage('The demo site is open in the browser. Click "Replay" above the flow to run it (any password works).');
      return target;
    },
    'rehearse.showLog': () => log.show(),
    'rehearse.openSettings': () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:rehearse.rehearse'),
    'rehearse.refreshFlows': () => rehearse.flowsView.refresh(),
    'rehearse.revealStep': async (uri?: unknown, index?: unknown) => {
      if (!(uri instanceof vscode.Uri) || typeof index !== 'number') return;
      const editor = await showBesideBrowser(uri);
      const parsed = await readFlowDocument(uri);
      const range = rangeOf(editor.document, parsed.locations, nodeAt(parsed.locations, `steps.${index}`));
      editor.selection = new vscode.Selection(range.start, range.start);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    },
  };
  return COMMAND_IDS.map((id) => vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handlers[id](...args);
    } catch (error) {
      showError(log, vscode.l10n.t('Rehearse: {0}', id.replace('rehearse.', '')), error);
      return undefined;
    }
  }));
}
