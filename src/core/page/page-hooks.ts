import { isElementNode } from './node-kinds';
/**
 * Installed in every frame before the page's own scripts run (context.addInitScript):
 *  - remembers closed shadow roots, so Rehearse selectors can reach inside them (Playwright cannot);
 *  - tracks the time of the last DOM change and the number of fetch/XHR requests in flight, so the engine can wait for
 *    a page to settle without a fixed sleep;
 *  - counts changes a snapshot would see (DOM mutations, typed values, scrolling, resizing, hover, focus, finished
 *    animations and loads), so a snapshot of an unchanged page is reused instead of captured again;
 *  - tells the engine of a window.open call, or of a click on a link or form that opens another window (through a
 *    binding it names, taken from the page before any page script runs), so an action that opens a tab is followed
 *    into it, at no cost otherwise: the engine need not ask the page after each click.
 * Everything lives under one non-enumerable symbol-keyed property of window: nothing a page enumerates.
 */
export interface PageHooks {
  readonly closedRoots: WeakMap<Element, ShadowRoot>;
  lastMutation: number;
  inflight: number;
  /** Goes up whenever what a snapshot shows may have changed. */
  generation: number;
}


/** `setup`: the key of the hooks, or with it the name of the binding that hears of window.open calls. */
export function installPageHooks(setup: string | { key: string; windowOpened?: string }): void {
  const { key, windowOpened } = typeof setup === 'string' ? { key: setup, windowOpened: undefined } : setup;
  const win = window as unknown as Record<string, unknown>;
  const opened = windowOpened ? win[windowOpened] as (() => Promise<void>) | undefined : undefined;
  if (windowOpened) delete win[windowOpened];
  const symbol = Symbol.for(key);
  if ((window as unknown as Record<symbol, unknown>)[symbol]) return;
  const hooks: PageHooks = { closedRoots: new WeakMap<Element, ShadowRoot>(), lastMutation: performance.now(), inflight: 0, generation: 0 };
  Object.defineProperty(window, symbol, { value: hooks, enumerable: false });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init);
    if (init && init.mode === 'closed') hooks.closedRoots.set(this, root);
    return root;
  };
  const touch = () => {
    hooks.lastMutation = performance.now();
    hooks.generation++;
  };
  const changed = () => {
    hooks.generation++;
  };
  // Events after which the page may look different without a DOM mutation. (Inside: this function runs in the page.)
  // Scroll events come a frame late: the window's scroll position is part of the state itself (below), and the
  // keys and wheel that scroll a box count at once.
  for (const type of ['input', 'change', 'scroll', 'resize', 'focusin', 'focusout', 'pointerover', 'pointerout', 'transitionend', 'animationend', 'toggle', 'wheel', 'keydown']) {
    window.addEventListener(type, changed, { capture: true, passive: true });
  }
  const observe = () => {
    new MutationObserver(touch).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // An image or frame that loads changes the layout; load events do not reach the window.
    document.addEventListener('load', changed, { capture: true, passive: true });
  };
  if (document.documentElement) observe();
  // On the window: a tab opened by window.open keeps this window for the page it then loads, whose document is new.
  window.addEventListener('DOMContentLoaded', observe);
  // Capture phase, before the page's own listeners: what the click would open is known whatever they do after.
  window.addEventListener('click', (event) => {
    if (opensAnotherWindow(event)) void opened?.();
  }, { capture: true, passive: true });
  const open = window.open;
  window.open = function (...args: Parameters<typeof window.open>) {
    void opened?.();
    return open.apply(this, args);
  };
  const originalFetch = window.fetch;
  window.fetch = function (...args: Parameters<typeof fetch>) {
    hooks.inflight++;
    return originalFetch.apply(this, args).finally(() => {
      hooks.inflight--;
      touch();
    });
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    hooks.inflight++;
    this.addEventListener('loadend', () => {
      hooks.inflight--;
      touch();
    }, { once: true });
    return send.apply(this, args);
  };
}

/** Targets that stay in this window (a frame's `_parent` and `_top` too); anything else names another window. */
const THIS_WINDOW = new Set(['', '_self', '_parent', '_top']);

/**
 * Whether a click goes to a link (or image-map area) or a form submit button whose target is another window: its own
 * `target`/`formtarget`, else the form's, else the document's `<base target>`.
 */
function opensAnotherWindow(event: Event): boolean {
  for (const node of event.composedPath()) {
    if (!(isElementNode(node))) continue;
    const name = node.localName;
    if ((name === 'a' || name === 'area') && node.hasAttribute('href')) return !THIS_WINDOW.has(targetOf(node, node.getAttribute('target')));
    const submits = (name === 'button' && (node as HTMLButtonElement).type === 'submit') || (name === 'input' && /^(submit|image)$/i.test((node as HTMLInputElement).type));
    if (submits) {
      const form = (node as HTMLButtonElement | HTMLInputElement).form;
      if (!form) return false;
      return !THIS_WINDOW.has(targetOf(node, node.getAttribute('formtarget') ?? form.getAttribute('target')));
    }
  }
  return false;
}

function targetOf(element: Element, own: string | null): string {
  return (own ?? element.ownerDocument.querySelector('base[target]')?.getAttribute('target') ?? '').trim().toLowerCase();
}

export interface QuietPage {
  readonly quiet: boolean;
  /** This document, its change count and scroll position when the wait ended (none without hooks: never reused). */
  readonly generation?: string;
}

/** Runs in a frame: its document and change count, as waitForQuiet says them. */
export function readGeneration(key: string): string | undefined {
  const hooks = (window as unknown as Record<symbol, PageHooks | undefined>)[Symbol.for(key)];
  return hooks ? `${performance.timeOrigin}:${hooks.generation}:${scrollX},${scrollY}` : undefined;
}

/**
 * Runs in the page: resolves once no request is in flight and the DOM has been quiet for `quietMs`, or after `capMs`.
 * A loaded page whose DOM has not changed since its load event ended is quiet at once: nothing is rendering.
 */
export function waitForQuiet({ key, quietMs, capMs }: { key: string; quietMs: number; capMs: number }): Promise<QuietPage> {
  const hooks = (window as unknown as Record<symbol, PageHooks | undefined>)[Symbol.for(key)];
  const started = performance.now();
  const loadEnded = () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd || Infinity;
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const stillSinceLoad = (current: PageHooks) => document.readyState === 'complete' && current.lastMutation <= loadEnded();
      const quiet = hooks ? hooks.inflight === 0 && (now - hooks.lastMutation >= quietMs || stillSinceLoad(hooks)) : document.readyState === 'complete';
      const generation = hooks ? { generation: `${performance.timeOrigin}:${hooks.generation}:${scrollX},${scrollY}` } : {};
      if (quiet) resolve({ quiet: true, ...generation });
      else if (now - started >= capMs) resolve({ quiet: false, ...generation });
      else setTimeout(check, Math.min(quietMs, 50));
    };
    check();
  });
}
