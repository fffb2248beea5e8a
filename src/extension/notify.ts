import * as vscode from 'vscode';
import type { Log } from './log';

/** Errors the user can fix with one command: the notification offers it. */
const REMEDIES: readonly { test: (error: Error) => boolean; label: string; command: string }[] = [
  { test: (error) => error.name === 'BrowserNotFoundError', label: 'Choose Browser', command: 'rehearse.chooseBrowser' },
  { test: (error) => error.name === 'MissingLLMConfigurationError', label: 'Choose Model', command: 'rehearse.chooseModel' },
  { test: (error) => error.name === 'LLMResponseError' && (error as { field?: unknown }).field === 'apiKey', label: 'Set Model API Key', command: 'rehearse.setModelApiKey' },
  { test: (error) => error.name === 'NoDisplayError', label: 'Run Headless', command: 'rehearse.runHeadless' },
  { test: (error) => error.name === 'MissingServiceKeyError', label: 'Set Service Key', command: 'rehearse.setServiceKey' },
  { test: (error) => error.name === 'SettingsError', label: 'Open Settings', command: 'rehearse.openSettings' },
];

/**
 * Shows an error as a notification (secrets removed), with the command that fixes it where there is one, and logs it.
 * Returns once shown: the person's answer is handled whenever it comes, so no command waits on a notification.
 */
export function showError(log: Log, what: string, error: unknown): void {
  const failure = error instanceof Error ? error : new Error(String(error));
  if (failure.name === 'ServiceCancelledError' || failure.name === 'AbortError') {
    log.info(`${what}: cancelled`);
    return;
  }
  log.error(what, failure);
  const remedy = REMEDIES.find((candidate) => candidate.test(failure));
  void vscode.window.showErrorMessage(log.clean(`${what}: ${inUserTerms(failure)}`), ...(remedy ? [remedy.label] : []), 'Show Log').then((choice) => {
    if (choice === 'Show Log') log.show();
    else if (choice && remedy) void vscode.commands.executeCommand(remedy.command);
  });
}

/** The engine speaks to programs ("pass options.model"); here the fix is a command or a setting. */
export function inUserTerms(error: Error): string {
  if (error.name === 'MissingLLMConfigurationError') return 'No model is set. Choose a provider and model (or a local server) and its key with "Rehearse: Choose Model". Replaying flows needs no model.';
  return error.message;
}
