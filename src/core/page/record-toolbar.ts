import { RECORD_MODE_HINTS, RECORD_MODE_LABELS, RECORD_MODES, type RecordMode } from '../../schema/record-modes';
import { HOOKS_KEY, RECORDER_HOST } from './keys';
import { isHtmlElement } from './node-kinds';

/** The toolbar, the outline of the element an assert mode aims at, or both: drawn where the page cannot reach. */
export interface RecorderOverlay {
  /** Whether an event is about the overlay (its host, as the page sees it): the page and the recorder never hear it. */
  owns(event: Event): boolean;
  /** The toolbar's mode button at a point, if there is one there; a press on Move moves the toolbar. */
  pressAt(x: number, y: number): RecordMode | undefined;
  showMode(mode: RecordMode): void;
  /** A line under the buttons: a picked locator, a problem. */
  say(text: string): void;
  outline(element: Element | null): void;
  remove(): void;
}

/** The host's own style, each property `!important` inline: no rule of the page outranks it. */
const HOST_STYLE: readonly [string, string][] = [
  ['all', 'initial'], ['position', 'fixed'], ['inset', '0'], ['z-index', '2147483647'], ['pointer-events', 'none'], ['display', 'block'],
  ['margin', '0'], ['padding', '0'], ['border', '0'], ['background', 'none'], ['overflow', 'visible'], ['visibility', 'visible'], ['opacity', '1'],
];

const STYLE = `
  .bar { position: fixed; bottom: 8px; left: 50%; transform: translateX(-50%); pointer-events: auto; display: flex; flex-direction: column; gap: 4px;
    font: 12px/1.4 system-ui, sans-serif; color: #f4f4f5; background: #18181b; border: 1px solid #52525b; border-radius: 8px; padding: 6px 8px;
    box-shadow: 0 4px 14px rgba(0,0,0,.35); max-width: calc(100vw - 32px); }
  .bar.top { bottom: auto; top: 8px; }
  .modes { display: flex; gap: 4px; flex-wrap: wrap; }
  button { all: unset; cursor: pointer; padding: 3px 8px; border-radius: 5px; background: #27272a; color: inherit; white-space: nowrap; }
  button[aria-pressed="true"] { background: #2563eb; }
  button[data-mode="record"][aria-pressed="true"] { background: #dc2626; }
  .line { color: #d4d4d8; overflow-wrap: anywhere; user-select: text; }
  .outline { position: fixed; pointer-events: none; outline: 2px solid #2563eb; background: rgba(37,99,235,.12); display: none; }
`;

/**
 * Runs in the page: the recorder's overlay, in a closed shadow root whose host is styled inline with !important, so the
 * page's scripts cannot reach into it and its styles cannot change it. Styles go through the CSS object model (an
 * adopted style sheet, style properties), which a page's Content-Security-Policy does not block as it blocks `<style>`
 * elements and style attributes. The root is taken out of the page hooks' list
 * of closed roots (which the engine's selectors use), so nothing reaches it through them either. A page that removes
 * the host gets it back. With `toolbar` (the top frame), the mode buttons; in every frame, the outline.
 */
export function installOverlay(toolbar: boolean): RecorderOverlay {
  const host = document.createElement(RECORDER_HOST);
  const styleHost = () => {
    for (const [property, value] of HOST_STYLE) host.style.setProperty(property, value, 'important');
    return host.style.cssText;
  };
  const hostStyle = styleHost();
  // Not part of the page a person or a snapshot reads.
  host.setAttribute('aria-hidden', 'true');
  const root = host.attachShadow({ mode: 'closed' });
  (window as unknown as Record<symbol, { closedRoots?: WeakMap<Element, ShadowRoot> } | undefined>)[Symbol.for(HOOKS_KEY)]?.closedRoots?.delete(host);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLE);
  root.adoptedStyleSheets = [sheet];
  const box = document.createElement('div');
  box.className = 'outline';
  root.append(box);
  const buttons = new Map<RecordMode, HTMLButtonElement>();
  const line = document.createElement('div');
  const bar = document.createElement('div');
  // The toolbar sits at the bottom, or at the top when what the person needs is under it.
  const move = document.createElement('button');
  move.textContent = 'Move';
  move.title = 'Move the toolbar to the other edge';
  move.tabIndex = -1;
  if (toolbar) {
    bar.className = 'bar';
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', 'Rehearse recorder');
    const modes = document.createElement('div');
    modes.className = 'modes';
    for (const mode of RECORD_MODES) {
      const button = document.createElement('button');
      button.textContent = RECORD_MODE_LABELS[mode];
      button.dataset.mode = mode;
      // Out of the page's Tab order: tabbing through the page never lands here.
      button.tabIndex = -1;
      buttons.set(mode, button);
      modes.append(button);
    }
    modes.append(move);
    line.className = 'line';
    bar.append(modes, line);
    root.append(bar);
  }
  // A modal dialog makes everything outside it inert, the toolbar too: while one is open, the toolbar is inside it.
  const attach = () => {
    const modals = document.querySelectorAll('dialog:modal');
    const place = modals[modals.length - 1] ?? document.documentElement;
    if (place && host.parentNode !== place) place.append(host);
  };
  attach();
  // Put back when the page removes it or changes its style or attributes.
  const keeper = new MutationObserver(() => {
    if (host.style.cssText !== hostStyle) {
      host.style.cssText = '';
      styleHost();
    }
    if (host.getAttribute('aria-hidden') !== 'true') host.setAttribute('aria-hidden', 'true');
    attach();
  });
  keeper.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
  keeper.observe(host, { attributes: true });
  const overlay: RecorderOverlay = {
    owns: (event) => event.target === host || event.composedPath().includes(host),
    pressAt: (x, y) => {
      const hit = root.elementFromPoint(x, y);
      const button = isHtmlElement(hit) ? hit.closest('button') : null;
      if (button === move) bar.classList.toggle('top');
      const mode = button?.dataset.mode;
      return (RECORD_MODES as readonly string[]).includes(mode ?? '') ? (mode as RecordMode) : undefined;
    },
    showMode: (mode) => {
      for (const [each, button] of buttons) button.setAttribute('aria-pressed', String(each === mode));
      line.textContent = RECORD_MODE_HINTS[mode];
      if (mode === 'record') overlay.outline(null);
    },
    say: (text) => {
      line.textContent = text;
    },
    outline: (element) => {
      if (!element) {
        if (box.style.display !== 'none') box.style.display = 'none';
        return;
      }
      const rect = element.getBoundingClientRect();
      Object.assign(box.style, { display: 'block', left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    },
    remove: () => {
      keeper.disconnect();
      host.remove();
    },
  };
  overlay.showMode('record');
  return overlay;
}
