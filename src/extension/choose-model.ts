import * as vscode from 'vscode';
import type { EngineClient } from './engine-client';
import type { Log } from './log';
import type { Secrets } from './secrets';
import { updateSetting } from './settings';

interface ProviderChoice {
  readonly id: 'openai' | 'anthropic' | 'google' | 'local' | 'other';
  readonly label: string;
  readonly detail: string;
  /** What model names look like, offered as the default. */
  readonly model?: string;
}

const PROVIDERS: readonly ProviderChoice[] = [
  { id: 'openai', label: '$(sparkle) OpenAI', detail: 'GPT models with an OpenAI API key', model: 'gpt-4.1-mini' },
  { id: 'anthropic', label: '$(sparkle) Anthropic', detail: 'Claude models with an Anthropic API key', model: 'claude-sonnet-4-5' },
  { id: 'google', label: '$(sparkle) Google', detail: 'Gemini models with a Google AI Studio key', model: 'gemini-2.5-flash' },
  { id: 'local', label: '$(server) A local or OpenAI-compatible server', detail: 'Ollama, LM Studio, vLLM, llama.cpp… at a base URL; a key only if it asks for one', model: 'llama3.1' },
  { id: 'other', label: '$(settings-gear) Azure, Vertex AI, Bedrock…', detail: 'Set rehearse.model.* in Settings (see the README, "Models")' },
];

/** What a test or another extension may pass instead of answering the prompts. */
export interface ModelChoice {
  readonly provider: ProviderChoice['id'];
  readonly model: string;
  readonly baseURL?: string;
  readonly apiKey?: string;
}

/**
 * Choose Model: the provider, the model's name, a base URL for a local server, then the key (kept in secret storage).
 * The settings it writes are the ones a person could write by hand; the browser session restarts with the new model.
 * Returns the model name set, or undefined when the person stopped.
 */
export async function chooseModel(engine: EngineClient, secrets: Secrets, log: Log, given?: ModelChoice): Promise<string | undefined> {
  const choice = given ?? await askModel(await secrets.modelKey() !== undefined);
  if (!choice) return undefined;
  if (choice.provider === 'other') {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'rehearse.model');
    return undefined;
  }
  const local = choice.provider === 'local';
  // A local server speaks OpenAI's wire format: the model is named openai/<its name> and reached at its base URL.
  const name = `${local ? 'openai' : choice.provider}/${choice.model.replace(/^(openai|anthropic|google)\//, '')}`;
  await engine.reconfigure(async () => {
    await updateSetting('model.name', name);
    await updateSetting('model.baseURL', local ? choice.baseURL : undefined);
    await updateSetting('model.openaiEndpointFormat', local ? 'chat' : undefined);
    if (choice.apiKey) await secrets.setModelKey(choice.apiKey);
  });
  log.info(`model set to ${name}${local ? ` at ${choice.baseURL}` : ''}`);
  void vscode.window.showInformationMessage(`Rehearse now uses ${name}${local ? ` at ${choice.baseURL}` : ''}.`);
  return name;
}

async function askModel(hasKey: boolean): Promise<ModelChoice | undefined> {
  const provider = await vscode.window.showQuickPick(PROVIDERS, { title: 'Choose Model: the provider', ignoreFocusOut: true, matchOnDetail: true });
  if (!provider) return undefined;
  if (provider.id === 'other') return { provider: 'other', model: '' };
  const steps = provider.id === 'local' ? 4 : 3;
  const model = await vscode.window.showInputBox({
    title: `Choose Model (2/${steps}): the model`, prompt: provider.id === 'local' ? 'The model name the server knows (as in its model list)' : `The ${provider.label.replace(/^\$\([^)]*\) /, '')} model name`,
    ...(provider.model !== undefined ? { value: provider.model } : {}), ignoreFocusOut: true, validateInput: (value) => (value.trim() ? undefined : 'Enter a model name'),
  });
  if (!model) return undefined;
  let baseURL: string | undefined;
  if (provider.id === 'local') {
    baseURL = await vscode.window.showInputBox({
      title: 'Choose Model (3/4): the server', prompt: 'The server\'s OpenAI-compatible base URL', value: 'http://127.0.0.1:11434/v1', ignoreFocusOut: true,
      validateInput: (value) => (/^https?:\/\/[^/\s]+/.test(value.trim()) ? undefined : 'Enter an http(s) URL, such as http://127.0.0.1:11434/v1'),
    });
    if (!baseURL) return undefined;
  }
  const apiKey = await vscode.window.showInputBox({
    title: `Choose Model (${steps}/${steps}): the API key`,
    prompt: provider.id === 'local' ? 'The server\'s API key, if it asks for one (leave empty if not); kept in secret storage'
      : `Your API key${hasKey ? ' (leave empty to keep the saved one)' : ''}; kept in VS Code secret storage, never in a file`,
    password: true, ignoreFocusOut: true,
  });
  if (apiKey === undefined) return undefined;
  return { provider: provider.id, model: model.trim(), ...(baseURL ? { baseURL: baseURL.trim() } : {}), ...(apiKey ? { apiKey } : {}) };
}
