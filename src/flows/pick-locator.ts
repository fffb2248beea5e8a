import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { EngineSession } from '../core/engine-session';
import { HOOKS_KEY } from '../core/browser/page-hooks';
import { abortReason, ServiceElementNotFoundError } from '../core/errors';
import { describeElementByAttribute } from '../core/snapshot/describe-element';
import type { PickedElement } from '../schema';

const MARK_ATTRIBUTE = 'data-rehearse-picked';
let pickers = 0;

/**
 * One binding per browser context, whatever the number of picks: Playwright cannot take a binding back, and each one is
 * set up again in every document the context loads. A pick waits under its own unguessable token.
 */
const bindings = new WeakMap<BrowserContext, { readonly name: string; readonly waiting: Map<string, () => void> }>();

async function pickBinding(context: BrowserContext): Promise<{ readonly name: string; readonly waiting: Map<string, () => void> }> {
  let known = bindings.get(context);
  if (!known) {
    // Unguessable: a page can neither find the binding nor fake a pick.
    const entry = { name: `__rehearsePick${++pickers}_${randomBytes(8).toString('hex')}`, waiting: new Map<string, () => void>() };
    bindings.set(context, entry);
    await context.exposeBinding(entry.name, (_source, payload: { token?: unknown }) => {
      if (typeof payload?.token === 'string') entry.waiting.get(payload.token)?.();
    });
    known = entry;
  }
  return known;
}

/**
 * Runs in every frame: outlines the element under the pointer; the next click picks it instead of doing anything on
 * the page (the click, and the presses around it, go no further). The pick marks the element and calls the binding.
 */
export function installPicker(binding: string, mark: string, token: string, hooksKey: string): void {
  const key = Symbol.for(`rehearse.picker.${token}`);
  const win = window as unknown as Record<symbol, (() => void) | undefined>;
  if (win[key]) return;
  const call = (window as unknown as Record<string, ((payload: { token: string }) => void) | undefined>)[binding];
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;outline:2px solid #e5484d;background:rgba(229,72,77,.12);display:none';
  const closedRoots = (window as unknown as Record<symbol, { closedRoots: WeakMap<Element, ShadowRoot> } | undefined>)[Symbol.for(hooksKey)]?.closedRoots;
  /** The element under the pointer, inside shadow roots too (a closed one's inside is not in the event's path). */
  const target = (event: Event) => {
    const first = event.composedPath()[0];
    let element = first instanceof Element ? first : null;
    if (!(event instanceof MouseEvent)) return element;
    for (let depth = 0; element && depth < 20; depth++) {
      const root = element.shadowRoot ?? closedRoots?.get(element);
      const inner = root?.elementFromPoint(event.clientX, event.clientY);
      if (!inner || inner === element) break;
      element = inner;
    }
    return element;
  };
  const hover = (event: Event) => {
    const element = target(event);
    if (!element) return;
    const rect = element.getBoundingClientRect();
    Object.assign(box.style, { display: 'block', left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    if (!box.isConnected) document.documentElement.appendChild(box);
  };
  const swallow = (event: Event) => {
    if (!event.isTrusted) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const pick = (event: Event) => {
    swallow(event);
    const element = target(event);
    if (!event.isTrusted || !element || element === box) return;
    element.setAttribute(mark, token);
    call?.({ token });
  };
  const pressTypes = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'dblclick', 'auxclick', 'contextmenu'];
  window.addEventListener('mousemove', hover, true);
  for (const type of pressTypes) window.addEventListener(type, swallow, true);
  window.addEventListener('click', pick, true);
  win[key] = () => {
    window.removeEventListener('mousemove', hover, true);
    for (const type of pressTypes) window.removeEventListener(type, swallow, true);
    window.removeEventListener('click', pick, true);
    box.remove();
    document.querySelectorAll(`[${mark}]`).forEach((element) => element.removeAttribute(mark));
    delete win[key];
  };
}

/**
 * Waits for the person to click an element in the session's browser (outlined as the pointer moves), then names it as
 * the recorder would: its best selector, fallbacks and role and name, from the engine's snapshot (frames and shadow
 * roots included). Nothing on the page happens for that click. Ends with `signal`.
 */
export async function pickElement(session: EngineSession, signal: AbortSignal): Promise<PickedElement> {
  const page = session.page();
  const binding = await pickBinding(page.context());
  const token = randomBytes(16).toString('hex');
  const clicked = new Promise<void>((resolve) => binding.waiting.set(token, resolve));
  const script = `(${installPicker.toString()})(${JSON.stringify(binding.name)}, ${JSON.stringify(MARK_ATTRIBUTE)}, ${JSON.stringify(token)}, ${JSON.stringify(HOOKS_KEY)})`;
  const frames = () => page.context().pages().flatMap((open) => open.frames());
  const cleanUp = () => Promise.all(frames().map((frame) => frame.evaluate((key) => (window as unknown as Record<symbol, (() => void) | undefined>)[Symbol.for(key)]?.(), `rehearse.picker.${token}`).catch(() => undefined)));
  try {
    await Promise.all(frames().map((frame) => frame.evaluate(script).catch(() => undefined)));
    const stopped = new Promise<never>((_resolve, reject) => {
      if (signal.aborted) reject(abortReason(signal));
      signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
    });
    await Promise.race([clicked, stopped]);
    const described = await describeElementByAttribute(page, MARK_ATTRIBUTE, token);
    if (!described) throw new ServiceElementNotFoundError('The picked element could not be named: it left the page, or the page copied its mark. Pick it again.');
    return { selector: described.selector, fallbacks: [...described.fallbacks], target: described.fingerprint };
  } finally {
    binding.waiting.delete(token);
    await cleanUp();
  }
}
