import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-icon/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import * as v from 'valibot';
import type { LiveInputEvent } from '../schema/live-view';
import { LiveViewRequestSchema, LiveViewUpdateSchema } from '../schema/webview-messages';
import { byId, connect } from './bridge';

/**
 * The live view's page: frames of the session's page, and the person's pointer, wheel and keys over them sent back as
 * input events in the page's own CSS pixels (the frame is scaled to fit this view, so each point is scaled back).
 */

const channel = connect({ send: LiveViewRequestSchema, receive: LiveViewUpdateSchema, state: v.unknown() });
const screen = byId<HTMLDivElement>('screen');
const frame = byId<HTMLImageElement>('frame');
const address = byId<HTMLInputElement>('address');
const status = byId<HTMLElement>('status');
const size = byId<HTMLElement>('size');
const viewport = byId<HTMLSelectElement>('viewport');
const zoom = byId<HTMLSelectElement>('zoom');
const openButton = byId<HTMLButtonElement>('open');
/** The page's viewport in CSS pixels, as the last frame said. */
let page = { width: 0, height: 0 };
let fitting = false;
/** How the picture is drawn: scaled to fill the tab, keeping the page's aspect, or at the page's own size (scrolled). */
let drawing: 'fit' | 'actual' = 'fit';
const held = new Set<string>();

function input(...events: LiveInputEvent[]): void {
  // What went wrong with the last thing the person did stays until they do the next.
  if (status.dataset.kind === 'error') setStatus('', 'info');
  channel.send({ type: 'input', events });
}

/** Where a pointer event falls on the page, in its CSS pixels; outside the picture: nowhere. */
function pointOf(event: MouseEvent): { x: number; y: number } | undefined {
  const box = frame.getBoundingClientRect();
  if (!page.width || !box.width || !box.height) return undefined;
  const x = ((event.clientX - box.left) / box.width) * page.width;
  const y = ((event.clientY - box.top) / box.height) * page.height;
  if (x < 0 || y < 0 || x > page.width || y > page.height) return undefined;
  return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
}

const BUTTONS = ['left', 'middle', 'right'] as const;

function pointer(type: 'mouseDown' | 'mouseUp', event: MouseEvent): void {
  const at = pointOf(event);
  const button = BUTTONS[event.button];
  if (!at || !button) return;
  event.preventDefault();
  input({ type, ...at, button, clickCount: Math.min(3, Math.max(1, event.detail || 1)) });
}

frame.addEventListener('mousedown', (event) => {
  screen.focus();
  pointer('mouseDown', event);
});
// Released anywhere (the pointer may have left the picture while dragging): the page must hear the release.
window.addEventListener('mouseup', (event) => pointer('mouseUp', event));
frame.addEventListener('mousemove', (event) => {
  const at = pointOf(event);
  if (at) input({ type: 'mouseMove', ...at });
});
frame.addEventListener('contextmenu', (event) => event.preventDefault());
screen.addEventListener('wheel', (event) => {
  const at = pointOf(event);
  if (!at) return;
  event.preventDefault();
  // Lines and pages as pixels, as a browser scrolls them.
  const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? page.height : 1;
  input({ type: 'wheel', ...at, deltaX: event.deltaX * unit, deltaY: event.deltaY * unit });
}, { passive: false });

/** Keys VS Code keeps: its command palette and the like (Ctrl+Shift+…), and paste, which arrives as text. */
function staysInVsCode(event: KeyboardEvent): boolean {
  const command = event.ctrlKey || event.metaKey;
  return (command && event.shiftKey) || (command && event.key.toLowerCase() === 'v') || event.key === 'F1';
}

screen.addEventListener('keydown', (event) => {
  if (event.isComposing || ['Dead', 'Process', 'Unidentified'].includes(event.key) || staysInVsCode(event)) return;
  event.preventDefault();
  held.add(event.key);
  input({ type: 'keyDown', key: event.key });
});
screen.addEventListener('keyup', (event) => {
  if (!held.delete(event.key)) return;
  event.preventDefault();
  input({ type: 'keyUp', key: event.key });
});
screen.addEventListener('compositionend', (event) => {
  if (event.data) input({ type: 'insertText', text: event.data });
});
screen.addEventListener('paste', (event) => {
  const text = event.clipboardData?.getData('text/plain');
  event.preventDefault();
  if (text) input({ type: 'insertText', text: text.slice(0, 10_000) });
});
// Keys still down when the view loses the focus are let go, or the page would think Shift is held for ever.
screen.addEventListener('blur', () => {
  for (const key of held) input({ type: 'keyUp', key });
  held.clear();
});

byId('back').addEventListener('click', () => input({ type: 'history', action: 'back' }));
byId('forward').addEventListener('click', () => input({ type: 'history', action: 'forward' }));
byId('reload').addEventListener('click', () => input({ type: 'history', action: 'reload' }));
address.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || !address.value.trim()) return;
  const typed = address.value.trim();
  input({ type: 'navigate', url: /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `http://${typed}` });
  screen.focus();
});
openButton.addEventListener('click', () => channel.send({ type: 'open' }));

/** The view's free area in CSS pixels, for "Fit this view". */
function freeArea(): { width: number; height: number } {
  const box = screen.getBoundingClientRect();
  return { width: Math.max(200, Math.floor(box.width)), height: Math.max(200, Math.floor(window.innerHeight - box.top - 4)) };
}

function fit(): void {
  const area = freeArea();
  input({ type: 'viewport', width: Math.min(3840, area.width), height: Math.min(2160, area.height) });
}

viewport.addEventListener('change', () => {
  const chosen = viewport.value;
  fitting = chosen === 'fit';
  if (fitting) fit();
  else if (/^\d+x\d+$/.test(chosen)) {
    const [width, height] = chosen.split('x').map(Number) as [number, number];
    input({ type: 'viewport', width, height });
  }
});

/**
 * The size frames are asked for, in device pixels (sharp on a high-density screen): the tab's free area when the
 * picture fits it, the page's own size when it is drawn at 100 %.
 */
function viewSize(): { width: number; height: number } {
  const area = drawing === 'actual' && page.width ? page : freeArea();
  const ratio = window.devicePixelRatio || 1;
  return { width: Math.round(area.width * ratio), height: Math.round(area.height * ratio) };
}

/** Sizes the picture: the largest that fits the free area with the page's aspect, or the page's own CSS size. */
function layOut(): void {
  screen.classList.toggle('actual', drawing === 'actual');
  if (!page.width || !page.height) return;
  const area = freeArea();
  const scale = drawing === 'actual' ? 1 : Math.min(area.width / page.width, area.height / page.height);
  frame.style.width = `${Math.floor(page.width * scale)}px`;
  frame.style.height = `${Math.floor(page.height * scale)}px`;
}

zoom.addEventListener('change', () => {
  drawing = zoom.value === 'actual' ? 'actual' : 'fit';
  layOut();
  channel.send({ type: 'resized', ...viewSize() });
});

let resizing: ReturnType<typeof setTimeout> | undefined;
window.addEventListener('resize', () => {
  clearTimeout(resizing);
  layOut();
  resizing = setTimeout(() => {
    channel.send({ type: 'resized', ...viewSize() });
    if (fitting) fit();
  }, 250);
});

channel.onMessage((message) => {
  if (message.type === 'frame') {
    const resized = message.width !== page.width || message.height !== page.height;
    page = { width: message.width, height: message.height };
    if (resized) {
      layOut();
      // At 100 %, frames follow the page's size.
      if (drawing === 'actual') channel.send({ type: 'resized', ...viewSize() });
    }
    frame.src = `data:image/jpeg;base64,${message.data}`;
    frame.alt = `The page ${message.title || message.url}`;
    frame.hidden = false;
    openButton.hidden = true;
    size.textContent = `${Math.round(message.width)} × ${Math.round(message.height)}`;
    if (document.activeElement !== address) address.value = message.url;
    if (status.dataset.kind === 'closed') setStatus('', 'info');
  } else {
    setStatus(message.text, message.kind);
    if (message.kind === 'closed') {
      frame.hidden = true;
      openButton.hidden = false;
    }
  }
});

function setStatus(text: string, kind: string): void {
  status.textContent = text;
  status.dataset.kind = kind;
}

channel.send({ type: 'ready', ...viewSize() });
