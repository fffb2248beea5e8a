import * as vscode from 'vscode';
import { loadFlow, rebaseFlow, saveFlow } from '../flows/format';
import type { EngineClient } from './engine-client';
import type { Log } from './log';
import { readSettings } from './settings';
import { showBesideBrowser } from './webview-assets';

/** Where the bundled example flow expects the demo site (the port `rehearse serve --demo` asks for first). */
const EXAMPLE_ORIGIN = 'http://127.0.0.1:4173';
/** The demo site's origin the workspace copy was last pointed at (workspace state). */
const POINTED_AT = 'rehearse.demoFlowOrigin';
const FILE_NAME = 'rehearse-demo.flow.json';

/**
 * The demo flow copied into the workspace (Open Demo), kept pointing at the demo site the local service serves now.
 * That site is on port 4173 unless another program has it (Vite's preview server's default, or a second service), and
 * then on any free port, which changes with each start of the service: a copy pointing at the last one would fail.
 */
export class DemoFlow {
  constructor(private readonly engine: EngineClient, private readonly extensionUri: vscode.Uri, private readonly state: vscode.Memento, private readonly log: Log) {}

  private copyUri(): vscode.Uri | undefined {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    return root && vscode.Uri.joinPath(root, FILE_NAME);
  }

  /** Open Demo: copies the example flow into the workspace (or keeps the copy there), pointing at the site, and opens both. */
  async open(): Promise<vscode.Uri> {
    const origin = await this.engine.demoUrl();
    const target = this.copyUri();
    if (!target) throw new Error('Open a folder first: the demo flow is copied into the workspace.');
    const example = await loadFlow(vscode.Uri.joinPath(this.extensionUri, 'media', 'demo', 'example.flow.json').fsPath);
    const existing = await loadFlow(target.fsPath).catch(() => undefined);
    // The bundled file's $schema is relative to the extension; in the workspace the extension's own schema applies
    // (jsonValidation for *.flow.json), so the copy needs none.
    const { $schema: _relativeToExtension, ...copy } = existing ?? example;
    await saveFlow(target.fsPath, rebaseFlow(copy, origin));
    await this.state.update(POINTED_AT, origin);
    await showBesideBrowser(target);
    await this.engine.withSession((session) => session.navigate(`${origin}/index.html`));
    return target;
  }

  /**
   * Before the copy replays: if it still points at a demo site it was given (by Open Demo, or the example's own
   * address) and the site is now elsewhere, it is pointed at the site again. A copy the person pointed elsewhere is
   * theirs, and is left alone; so is any other flow.
   */
  async follow(uri: vscode.Uri): Promise<void> {
    const copy = this.copyUri();
    if (!copy || uri.toString() !== copy.toString() || readSettings()['service.url']) return;
    const flow = await loadFlow(copy.fsPath).catch(() => undefined);
    const from = flow?.startUrl && /^https?:\/\//i.test(flow.startUrl) ? new URL(flow.startUrl).origin : undefined;
    if (!flow || !from || (from !== EXAMPLE_ORIGIN && from !== this.state.get<string>(POINTED_AT))) return;
    const origin = await this.engine.demoUrl();
    if (origin === from) return;
    await saveFlow(copy.fsPath, rebaseFlow(flow, origin));
    await this.state.update(POINTED_AT, origin);
    this.log.info(`${FILE_NAME} now points at the demo site on ${origin} (it was on ${from})`);
  }
}
