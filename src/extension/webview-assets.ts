import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
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
