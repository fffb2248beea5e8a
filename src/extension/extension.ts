import * as vscode from 'vscode';
import { AgentPanel, AGENT_VIEW_TYPE } from './agent-panel';
import { registerCommands } from './commands';
import { InspectorPanel, INSPECTOR_VIEW_TYPE } from './inspector-panel';
import { Rehearse } from './rehearse';
import { LiveViewPanel, LIVE_VIEW_TYPE } from './live-view-panel';

let rehearse: Rehearse | undefined;

/** Activation does no I/O: the service and the browser start with the first command that needs them. */
export function activate(context: vscode.ExtensionContext): Rehearse {
  const started = performance.now();
  rehearse = new Rehearse(context);
  const current = rehearse;
  context.subscriptions.push(
    ...registerCommands(current),
    vscode.window.registerWebviewPanelSerializer(INSPECTOR_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state) => void InspectorPanel.revive(panel, state, current.extensionUri, current.engine, current.log),
    }),
    vscode.window.registerWebviewPanelSerializer(AGENT_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel) => void AgentPanel.revive(panel, current.extensionUri, current.agent, current.log),
    }),
    vscode.window.registerWebviewPanelSerializer(LIVE_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel) => void LiveViewPanel.revive(panel, current.extensionUri, current.engine, current.log),
    }),
  );
  current.activationMs = performance.now() - started;
  current.log.info(`activated in ${current.activationMs.toFixed(1)} ms`);
  return current;
}

export async function deactivate(): Promise<void> {
  await rehearse?.dispose();
  rehearse = undefined;
}
