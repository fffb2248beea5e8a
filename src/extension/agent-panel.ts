import * as vscode from 'vscode';
import { AgentRequestSchema, type AgentUpdate } from '../schema';
import type { AgentController } from './agent-controller';
import type { Log } from './log';
import { inUserTerms } from './notify';
import { readSettings } from './settings';
import { AGENT_BODY } from './webview-html';
import { onValidMessage, renderWebview, revealOrCreate, webviewOptions } from './webview-assets';
import { Owner } from './owner';

export const AGENT_VIEW_TYPE = 'rehearse.agentPanel';

/** The agent panel: the AgentExecuteOptions form; the run itself streams into the Agent Run view. */
export class AgentPanel extends Owner {
  private static current: AgentPanel | undefined;

  static show(extensionUri: vscode.Uri, agent: AgentController, log: Log): AgentPanel {
    return revealOrCreate(AgentPanel.current, AGENT_VIEW_TYPE, 'Rehearse: Agent', extensionUri, (panel) => new AgentPanel(panel, extensionUri, agent, log));
  }

  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, agent: AgentController, log: Log): AgentPanel {
    panel.webview.options = webviewOptions(extensionUri);
    return new AgentPanel(panel, extensionUri, agent, log);
  }

  private constructor(readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, private readonly agent: AgentController, private readonly log: Log) {
    super();
    AgentPanel.current = this;
    panel.iconPath = new vscode.ThemeIcon('hubot');
    panel.webview.html = renderWebview(panel.webview, extensionUri, 'agent', 'Rehearse: Agent', AGENT_BODY);
    this.own(panel);
    this.own(panel.onDidDispose(() => this.dispose()));
    this.own(agent.onDidChangeRunning((running) => this.post({ type: 'running', running })));
    this.own(onValidMessage(panel.webview, AgentRequestSchema, log, 'agent panel', (message) => {
        if (message.type === 'ready') {
          let settings;
          try {
            settings = readSettings();
          } catch {
            return;
          }
          this.post({ type: 'defaults', maxSteps: settings['agent.maxSteps'], model: settings['model.name'] });
          this.post({ type: 'running', running: agent.isRunning });
        } else if (message.type === 'stop') agent.stop();
        else void this.run(message.form);
      }));
  }

  private post(update: AgentUpdate): void {
    void this.panel.webview.postMessage(update);
  }

  private async run(form: Parameters<AgentController['run']>[0]): Promise<void> {
    try {
      const result = await this.agent.run(form);
      const steps = this.agent.lastRunSteps;
      if (result) this.post({ type: 'finished', message: result.message, completed: result.completed, steps });
      else if (!this.agent.isRunning) this.post({ type: 'finished', message: 'stopped by you', completed: false, steps });
    } catch (error) {
      this.post({ type: 'error', message: this.log.clean(inUserTerms(error as Error)) });
    }
  }

  override dispose(): void {
    if (AgentPanel.current === this) AgentPanel.current = undefined;
    super.dispose();
  }
}
