import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-icon/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { InspectorRequestSchema, InspectorStateSchema, InspectorUpdateSchema, type Candidate, type InspectorState } from '../schema/webview-messages';
import { byId, connect, textElement } from './bridge';

/** The observe inspector: a URL bar, an instruction, the candidate actions; hover highlights, checkboxes pick. */

const channel = connect({ send: InspectorRequestSchema, receive: InspectorUpdateSchema, state: InspectorStateSchema });
const url = byId<HTMLInputElement>('url');
const instruction = byId<HTMLTextAreaElement>('instruction');
const list = byId<HTMLUListElement>('candidates');
const status = byId<HTMLElement>('status');
const saveButton = byId<HTMLButtonElement>('save');
const busy = byId<HTMLElement>('busy');

let state: InspectorState = channel.state() ?? { url: '', instruction: '', candidates: [], picked: [] };

function remember(): void {
  state = { ...state, url: url.value, instruction: instruction.value };
  channel.saveState(state);
}

function say(text: string, kind: 'info' | 'error' = 'info'): void {
  status.textContent = text;
  status.dataset.kind = kind;
}

function candidateRow(candidate: Candidate, index: number): HTMLLIElement {
  const row = document.createElement('li');
  row.className = 'candidate';
  row.dataset.index = String(index);
  const pick = document.createElement('vscode-checkbox') as HTMLElement & { checked: boolean };
  pick.className = 'pick';
  pick.setAttribute('aria-label', `Pick: ${candidate.description}`);
  pick.checked = state.picked.includes(index);
  pick.addEventListener('change', () => {
    const picked = new Set(state.picked);
    if (pick.checked) picked.add(index);
    else picked.delete(index);
    state = { ...state, picked: [...picked].sort((a, b) => a - b) };
    channel.saveState(state);
    renderSaveButton();
  });
  const body = document.createElement('div');
  body.className = 'body';
  const heading = document.createElement('div');
  heading.className = 'heading';
  heading.append(textElement('span', 'method', candidate.method), textElement('span', 'description', candidate.description));
  if (candidate.arguments.length) heading.append(textElement('span', 'arguments', candidate.arguments.map((argument) => JSON.stringify(argument)).join(', ')));
  body.append(heading, textElement('code', 'selector', candidate.selector));
  if (candidate.frame) body.append(textElement('span', 'frame', `in ${candidate.frame}`));
  const act = document.createElement('vscode-button');
  act.className = 'act';
  act.setAttribute('secondary', '');
  act.setAttribute('icon', 'play');
  act.textContent = 'Act now';
  act.addEventListener('click', () => channel.send({ type: 'act', index }));
  row.append(pick, body, act);
  row.addEventListener('mouseenter', () => channel.send({ type: 'highlight', index }));
  row.addEventListener('mouseleave', () => channel.send({ type: 'highlight', index: null }));
  return row;
}

function renderSaveButton(): void {
  const count = state.picked.length;
  saveButton.toggleAttribute('disabled', count === 0);
  saveButton.textContent = count ? `Save ${count} to flow…` : 'Save to flow…';
}

function render(): void {
  url.value = state.url;
  instruction.value = state.instruction;
  list.replaceChildren(...state.candidates.map(candidateRow));
  if (!state.candidates.length && state.actionId) list.append(textElement('li', 'empty', 'Nothing on the page matches that instruction.'));
  renderSaveButton();
}

function observe(): void {
  remember();
  channel.send({ type: 'observe', instruction: instruction.value });
}

byId('go').addEventListener('click', () => {
  remember();
  if (url.value.trim()) channel.send({ type: 'navigate', url: url.value.trim() });
});
url.addEventListener('keydown', (event) => {
  if ((event).key === 'Enter') byId('go').click();
});
byId('observe').addEventListener('click', observe);
instruction.addEventListener('keydown', (event) => {
  const key = event;
  if (key.key === 'Enter' && (key.ctrlKey || key.metaKey)) observe();
});
saveButton.addEventListener('click', () => {
  if (state.picked.length) channel.send({ type: 'save', indexes: state.picked });
});

channel.onMessage((message) => {
  switch (message.type) {
    case 'busy':
      busy.hidden = false;
      say(message.status);
      break;
    case 'idle':
      busy.hidden = true;
      say(message.status);
      break;
    case 'error':
      busy.hidden = true;
      say(message.message, 'error');
      break;
    case 'url':
      state = { ...state, url: message.url };
      url.value = message.url;
      channel.saveState(state);
      break;
    case 'candidates':
      busy.hidden = true;
      state = { ...state, instruction: message.instruction, actionId: message.actionId, candidates: message.candidates, picked: [] };
      channel.saveState(state);
      render();
      say(`${message.candidates.length} candidate action${message.candidates.length === 1 ? '' : 's'}`);
      break;
    case 'restore':
      state = message.state;
      channel.saveState(state);
      render();
      break;
  }
});

render();
channel.send({ type: 'ready', ...(state.actionId ? { actionId: state.actionId } : {}) });
