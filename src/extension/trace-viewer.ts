import path from 'node:path';
import * as vscode from 'vscode';
import { startTraceViewer, type LocalTraceViewer } from '../service/client';
import type { Log } from './log';

/**
 * Playwright's trace viewer for a trace the Testing view kept: `rehearse show-trace` in a child process (served on
 * 127.0.0.1 from the bundled playwright-core, no download), shown in VS Code's Simple Browser. One at a time.
 */
export class TraceViewer implements vscode.Disposable {
  private current: LocalTraceViewer | undefined;

  constructor(private readonly cliPath: string, private readonly tracesFolder: vscode.Uri, private readonly log: Log) {}

  /** Opens a kept trace; resolves with the viewer's address. */
  async open(trace: vscode.Uri): Promise<string> {
    // Only the traces a run kept (the link in a test message carries a path): not another file, not a sibling folder.
    if (path.dirname(trace.fsPath) !== this.tracesFolder.fsPath || !trace.fsPath.endsWith('.zip')) throw new Error(`${trace.fsPath} is not a trace Rehearse kept`);
    this.current?.stop();
    // In desktop VS Code process.execPath is Electron: ELECTRON_RUN_AS_NODE makes it plain Node for the child.
    this.current = await startTraceViewer({ cliPath: this.cliPath, trace: trace.fsPath, env: { ELECTRON_RUN_AS_NODE: '1' } });
    this.log.info(`trace viewer: ${this.current.url}`);
    await vscode.commands.executeCommand('simpleBrowser.show', this.current.url).then(undefined, async () => {
      // Without the Simple Browser (a trimmed VS Code), the system browser shows it.
      await vscode.env.openExternal(vscode.Uri.parse(this.current!.url));
    });
    return this.current.url;
  }

  dispose(): void {
    this.current?.stop();
  }
}
