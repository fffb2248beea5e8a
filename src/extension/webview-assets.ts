import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import * as vscode from 'vscode';
import type { Log } from './log';
import { webviewHtml } from './webview-html';

/** Webview options that let it load only the extension's own built scripts and styles. */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/** The page of a webview: its script (dist/webview/<script>.script.js), styles and codicons, with a fresh nonce. */
export function renderWebview(webview: vscode.Webview, extensionUri: vscode.Uri, script: string, title: string, body: string): string {
  const uri = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString();
  return webviewHtml(title, body, {
    cspSource: webview.cspSource,
    nonce: randomBytes(16).toString('base64'),
    scriptUri: uri('dist', 'webview', `${script}.script.js`),
    styleUri: uri('media', 'webview.css'),
    codiconsUri: uri('dist', 'webview', 'codicons', 'codicon.css'),
  });
}

/** The Browser tab's view type (live-view-panel.ts): other panels keep out of its group while it shows. */
export const LIVE_VIEW_TYPE = 'rehearse.liveView';

/**
 * Beside the active editor, but never over the Browser tab where it shows: the inspector's outlines and the agent's
 * steps are to be watched there, next to the panel that makes them.
 */
function besideNotOverBrowser(): vscode.ViewColumn {
  const browserColumn = shownBrowserColumn();
  const active = vscode.window.tabGroups.activeTabGroup.viewColumn;
  if (browserColumn === undefined) return vscode.ViewColumn.Beside;
  return active + 1 === browserColumn || active === browserColumn ? browserColumn + 1 : active + 1;
}

/** The editor group where the Browser tab is the tab showing, if it is. */
function shownBrowserColumn(): vscode.ViewColumn | undefined {
  return vscode.window.tabGroups.all.find((group) => {
    const input = group.activeTab?.input;
    return input instanceof vscode.TabInputWebview && input.viewType.endsWith(LIVE_VIEW_TYPE);
  })?.viewColumn;
}

/**
 * Opens a file the person is to read beside the Browser tab, never over it (a flow just recorded, a step to reveal):
 * where it already shows, else in another group, else in a new one beside. Without a Browser tab showing, as usual.
 */
export function showBesideBrowser(uri: vscode.Uri): Thenable<vscode.TextEditor> {
  const browserColumn = shownBrowserColumn();
  if (browserColumn === undefined) return vscode.window.showTextDocument(uri);
  const shown = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === uri.toString() && editor.viewColumn !== browserColumn);
  const other = vscode.window.tabGroups.all.find((group) => group.viewColumn !== browserColumn)?.viewColumn;
  const column = shown?.viewColumn ?? other ?? (browserColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
  return vscode.window.showTextDocument(uri, { viewColumn: column });
}

/** One panel of a kind: reveals the open one, or creates its webview panel beside the editor and wraps it. */
export function revealOrCreate<T extends { readonly panel: vscode.WebviewPanel }>(open: T | undefined, viewType: string, title: string, extensionUri: vscode.Uri, wrap: (panel: vscode.WebviewPanel) => T): T {
  if (open) {
    open.panel.reveal();
    return open;
  }
  return wrap(vscode.window.createWebviewPanel(viewType, title, besideNotOverBrowser(), webviewOptions(extensionUri)));
}

/** Messages from a webview that fit its schema; any other is logged and dropped (a webview is a web page). */
export function onValidMessage<S extends v.GenericSchema>(webview: vscode.Webview, schema: S, log: Log, panelName: string, handle: (message: v.InferOutput<S>) => void): vscode.Disposable {
  return webview.onDidReceiveMessage((raw: unknown) => {
    const checked = v.safeParse(schema, raw);
    if (checked.success) handle(checked.output);
    else log.warn(`${panelName}: dropped a malformed message (${checked.issues[0]?.message})`);
  });
}
