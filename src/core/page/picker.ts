import { innermostAt } from './element-at-point';
import { isElementNode } from './node-kinds';

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
    const element = isElementNode(first) ? first : null;
    return event instanceof MouseEvent ? innermostAt(element, event.clientX, event.clientY, closedRoots) : element;
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
