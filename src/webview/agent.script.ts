import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { AgentDraftSchema, AgentRequestSchema, AgentUpdateSchema, type AgentDraft } from '../schema/webview-messages';
import { byId, connect } from './bridge';

/** The agent panel's form: AgentExecuteOptions and the AgentConfig choices. Steps stream into the Agent Run tree. */

const channel = connect({ send: AgentRequestSchema, receive: AgentUpdateSchema, state: AgentDraftSchema });
type Field = HTMLInputElement & { checked: boolean };
const field = (id: string) => byId<Field>(id);
const status = byId<HTMLElement>('status');
const runButton = byId<HTMLButtonElement>('run');
const stopButton = byId<HTMLButtonElement>('stop');
const busy = byId<HTMLElement>('busy');
const TEXT_FIELDS = ['instruction', 'context', 'model', 'instructions', 'integrations'] as const;

function draft(): AgentDraft {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((id) => [id, field(id).value])),
    maxSteps: Number(field('maxSteps').value),
    waitBetweenActions: Number(field('waitBetweenActions').value),
    autoScreenshot: field('autoScreenshot').checked,
  };
}

function restore(saved: AgentDraft): void {
  for (const id of TEXT_FIELDS) if (saved[id] !== undefined) field(id).value = saved[id]!;
  if (saved.maxSteps !== undefined) field('maxSteps').value = String(saved.maxSteps);
  if (saved.waitBetweenActions !== undefined) field('waitBetweenActions').value = String(saved.waitBetweenActions);
  if (saved.autoScreenshot !== undefined) field('autoScreenshot').checked = saved.autoScreenshot;
}

function say(text: string, kind: 'info' | 'error' = 'info'): void {
  status.textContent = text;
  status.dataset.kind = kind;
}

function setRunning(running: boolean): void {
  runButton.toggleAttribute('disabled', running);
  stopButton.toggleAttribute('disabled', !running);
  busy.hidden = !running;
}

function run(): void {
  const values = draft();
  channel.saveState(values);
  const instruction = (values.instruction ?? '').trim();
  if (!instruction) return say('Say what the agent should do first.', 'error');
  if (!Number.isInteger(values.maxSteps) || values.maxSteps! < 1 || values.maxSteps! > 200) return say('Max steps: expected a whole number from 1 to 200.', 'error');
  if (!Number.isFinite(values.waitBetweenActions) || values.waitBetweenActions! < 0) return say('Wait between actions: expected milliseconds, 0 or more.', 'error');
  const optional = (text: string | undefined) => (text && text.trim() ? text.trim() : undefined);
  const integrations = (values.integrations ?? '').split(/[\s,]+/).filter(Boolean);
  channel.send({
    type: 'run',
    form: {
      instruction, maxSteps: values.maxSteps!, autoScreenshot: values.autoScreenshot ?? true, waitBetweenActions: values.waitBetweenActions!,
      ...(optional(values.context) ? { context: optional(values.context) } : {}),
      ...(optional(values.model) ? { model: optional(values.model) } : {}),
      ...(optional(values.instructions) ? { instructions: optional(values.instructions) } : {}),
      ...(integrations.length ? { integrations } : {}),
    },
  });
}

runButton.addEventListener('click', run);
stopButton.addEventListener('click', () => channel.send({ type: 'stop' }));
for (const id of [...TEXT_FIELDS, 'maxSteps', 'waitBetweenActions']) field(id).addEventListener('input', () => channel.saveState(draft()));
field('autoScreenshot').addEventListener('change', () => channel.saveState(draft()));

channel.onMessage((message) => {
  switch (message.type) {
    case 'defaults': {
      const saved = channel.state();
      if (!saved?.maxSteps) field('maxSteps').value = String(message.maxSteps);
      field('model').setAttribute('placeholder', message.model || 'the rehearse.model.name setting');
      break;
    }
    case 'running':
      setRunning(message.running);
      if (message.running) say('Running: steps appear in the Agent Run view as they happen.');
      break;
    case 'finished':
      setRunning(false);
      say(`${message.completed ? 'Done' : 'Stopped'} after ${message.steps} step${message.steps === 1 ? '' : 's'}: ${message.message}`);
      break;
    case 'error':
      setRunning(false);
      say(message.message, 'error');
      break;
  }
});

const saved = channel.state();
if (saved) restore(saved);
setRunning(false);
channel.send({ type: 'ready' });
