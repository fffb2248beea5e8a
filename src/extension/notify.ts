import * as vscode from 'vscode';
import type { Log } from './log';
import { commandId } from './command-ids';

/** Errors the user can fix with one command: the notification offers it. */
const REMEDIES: readonly { test: (error: Error) => boolean; label: string; command: string }[] = [
  { test: (error) => error.name === 'BrowserNotFoundError', label: 'Choose Browser', command: commandId('rehearse.chooseBrowser') },
  { test: (error) => error.name === 'MissingLLMConfigurationError' && missingPiece(error) === 'key', label: 'Set Model API Key', command: commandId('rehearse.setModelApiKey') },
  { test: (error) => error.name === 'MissingLLMConfigurationError', label: 'Choose Model', command: commandId('rehearse.chooseModel') },
  { test: (error) => error.name === 'LLMResponseError' && (error as { field?: unknown }).field === 'apiKey', label: 'Set Model API Key', command: commandId('rehearse.setModelApiKey') },
  { test: (error) => error.name === 'NoDisplayError', label: 'Show in VS Code', command: commandId('rehearse.showInVsCode') },
  { test: (error) => error.name === 'MissingServiceKeyError', label: 'Set Service Key', command: commandId('rehearse.setServiceKey') },
  { test: (error) => error.name === 'SettingsError', label: 'Open Settings', command: commandId('rehearse.openSettings') },
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

/** Which piece of a model configuration an error says is missing: the key, the endpoint, or the model itself. */
function missingPiece(error: Error): 'key' | 'endpoint' | 'model' {
  const field = String((error as { field?: unknown }).field ?? '');
  if (field.endsWith('.apiKey') || /^No API key for /.test(error.message)) return 'key';
  if (/providerOptions|baseURL|needs a region|needs an endpoint/.test(`${field} ${error.message}`)) return 'endpoint';
  return 'model';
}

/** The engine speaks to programs ("pass options.model", "--headed"); here the fix is a command or a setting. */
export function inUserTerms(error: Error): string {
  if (error.name === 'MissingLLMConfigurationError') {
    switch (missingPiece(error)) {
      case 'key': {
        const model = /^No API key for ([^:]+):/.exec(error.message)?.[1] ?? 'this model';
        const variable = /: set ([A-Z_][A-Z0-9_]*)/.exec(error.message)?.[1];
        return `No API key for ${model}: set it with "Rehearse: Set Model API Key" (kept in VS Code's secret storage)${variable ? `, or set ${variable} in the environment VS Code was started from` : ''}.`;
      }
      case 'endpoint': return `${error.message} In VS Code: "Rehearse: Choose Model" sets the model's base URL.`;
      case 'model': return 'No model is set. Choose a provider and model (or a local server) and its key with "Rehearse: Choose Model". Replaying flows needs no model.';
    }
  }
  // Node's fetch says only "terminated" or "fetch failed" when the service's connection closes under it.
  if (/^(terminated|fetch failed|other side closed)$/i.test(error.message) || ['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET'].includes(String((error.cause as { code?: unknown } | undefined)?.code))) {
    return 'the connection to the Rehearse service closed (the service stopped, or could not be reached)';
  }
  // A session's id says nothing to a person; what happened to their browser does.
  if (error.name === 'SessionClosedError' && /went away/.test(error.message)) return 'the browser closed (it crashed, or was closed or killed); the next command starts a new one';
  if (error.name === 'NoDisplayError') return 'There is no display to show a browser window on here (a server, a container, a remote session). Show the browser in VS Code instead: "Show in VS Code" below, or the setting rehearse.browser.show.';
  return error.message;
}
