import { editor } from './vscode-fake';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { Log } from '../../src/extension/log';
import { inUserTerms, showError } from '../../src/extension/notify';

const missing = (message: string, field: string) => Object.assign(new Error(message), { name: 'MissingLLMConfigurationError', field });
const failing = (name: string, message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { name, ...extra });

/** How the extension tells a person what went wrong, and offers the one command that fixes it (plain Node, issue 32). */
describe('error notifications (the extension\'s logic, in plain Node)', () => {
  beforeEach(() => editor.reset(tmpdir()));

  it('says which piece of a model is missing, in VS Code\'s words, with the command that sets it', () => {
    const noKey = missing('No API key for openai/gpt-4.1-mini: set OPENAI_API_KEY, or pass apiKey in options.model.', 'options.model.apiKey');
    assert.equal(inUserTerms(noKey), 'No API key for openai/gpt-4.1-mini: set it with "Rehearse: Set Model API Key" (kept in VS Code\'s secret storage), or set OPENAI_API_KEY in the environment VS Code was started from.');
    assert.match(inUserTerms(missing('No model is configured for this call: pass options.model (for example "openai/gpt-4.1-mini") or give the session a default model.', 'options.model')), /^No model is set\./);
    assert.match(inUserTerms(missing('azure/x needs an endpoint: set options.model.providerOptions.azure.resourceName (or baseURL), or the AZURE_RESOURCE_NAME environment variable.', 'options.model.providerOptions.azure.resourceName')), /needs an endpoint.*"Rehearse: Choose Model" sets the model's base URL/);
    const noDisplay = failing('NoDisplayError', 'There is no display … (rehearse.browser.headless, or leave out --headed)');
    assert.doesNotMatch(inUserTerms(noDisplay), /--headed/);
    assert.match(inUserTerms(noDisplay), /Show in VS Code/);
    // A recording whose browser was killed: what happened to the browser, not the session's id.
    const gone = failing('SessionClosedError', 'The browser of session 4f1c2a9e-0b7d-4c55-9a43-0d3e2b1f6a77 went away (it crashed or was closed); start a new session.');
    assert.equal(`The recording stopped: ${inUserTerms(gone)}.`, 'The recording stopped: the browser closed (it crashed, or was closed or killed); the next command starts a new one.');
  });

  it('each fixable error offers its command, and choosing it runs that command; a cancelled call shows nothing', async () => {
    const log = new Log();
    const cases: [Error, string, string][] = [
      [failing('BrowserNotFoundError', 'No Chromium here.'), 'Choose Browser', 'rehearse.chooseBrowser'],
      [missing('No API key for openai/gpt-4.1-mini: set OPENAI_API_KEY.', 'options.model.apiKey'), 'Set Model API Key', 'rehearse.setModelApiKey'],
      [missing('No model is configured for this call.', 'options.model'), 'Choose Model', 'rehearse.chooseModel'],
      [failing('LLMResponseError', 'The provider refused the key.', { field: 'apiKey' }), 'Set Model API Key', 'rehearse.setModelApiKey'],
      [failing('NoDisplayError', 'There is no display.'), 'Show in VS Code', 'rehearse.showInVsCode'],
      [failing('MissingServiceKeyError', 'No key for the service.'), 'Set Service Key', 'rehearse.setServiceKey'],
      [failing('SettingsError', 'Setting rehearse.agent.maxSteps: expected a whole number'), 'Open Settings', 'rehearse.openSettings'],
    ];
    for (const [error, label, command] of cases) {
      editor.answer = (shown) => (shown.items.includes(label) ? label : undefined);
      editor.commands.length = 0;
      showError(log, 'Act', error);
      const shown = editor.shown.at(-1)!;
      assert.equal(shown.level, 'error');
      assert.deepEqual(shown.items, [label, 'Show Log'], error.name);
      assert.ok(shown.message.startsWith('Act: '), shown.message);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(editor.commands.map((call) => call.id), [command], `choosing ${label} runs ${command}`);
    }
    const before = editor.shown.length;
    showError(log, 'Replay', failing('ServiceCancelledError', 'The client went away.'));
    assert.equal(editor.shown.length, before, 'a call the person stopped is no error to them');
    assert.ok(editor.log.includes('info Replay: cancelled'));
  });

  it('a secret the extension knows never reaches a notification or the log, even inside an error message', () => {
    const log = new Log();
    log.addSecret('sk-live-0123456789abcdef');
    showError(log, 'Replay', new Error('The provider said: bad key sk-live-0123456789abcdef'));
    assert.doesNotMatch(editor.shown.at(-1)!.message, /sk-live-0123456789abcdef/);
    assert.match(editor.shown.at(-1)!.message, /^Replay: The provider said: bad key /);
    assert.ok(editor.log.length > 0 && editor.log.every((line) => !line.includes('sk-live-0123456789abcdef')));
  });
});
