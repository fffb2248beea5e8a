import { isInputProxy } from './fields';
import type { Recording } from './recording';
import { isElementNode } from './node-kinds';

const SCROLL_SETTLE_MS = 250;
const GESTURE_SCROLLS_WITHIN_MS = 600;

/**
 * Scrolling a person does (the wheel, the keyboard, a touch), recorded where it stops: the page or a container at that
 * many pixels. Scrolling the page does by itself (an element brought into view) is not a step. Returns the scroll
 * listener, which is also heard inside shadow roots (scroll events do not leave one).
 */
export function recordScroll(r: Recording): (event: Event) => void {
  let personScrolledAt = 0;
  // Where the scrollers around a key the person pressed stood when it came. A scroll the page did just before (a focus
  // that brought a field into view) fires its event a frame later, inside the key's window: it ends where the key found
  // it, so it is not the person's. Only keys: the wheel and touch scroll before their event reaches the page.
  const beforeKey = new Map<Element, { top: number; left: number }>();
  const personScrolls = (event: Event) => {
    if (!event.isTrusted) return;
    if (event.type !== 'keydown') beforeKey.clear();
    else if (Date.now() - personScrolledAt > GESTURE_SCROLLS_WITHIN_MS) {
      beforeKey.clear();
      const page = document.scrollingElement ?? document.documentElement;
      for (let node = isElementNode(event.target) ? event.target : null; node; node = node.parentElement) beforeKey.set(node, { top: node.scrollTop, left: node.scrollLeft });
      beforeKey.set(page, { top: page.scrollTop, left: page.scrollLeft });
    }
    personScrolledAt = Date.now();
  };
  for (const type of ['wheel', 'touchmove']) window.addEventListener(type, personScrolls, { capture: true, passive: true });
  window.addEventListener('keydown', (event) => {
    if (['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', ' ', 'Home', 'End'].includes(event.key)) personScrolls(event);
  }, true);
  // Each scroller still moving: the step for where it stops, written when it settles or as the next press begins.
  const scrolling = new Map<Element, { timer: number; write: () => void }>();
  const onScroll = (event: Event) => {
    if (!event.isTrusted || Date.now() - personScrolledAt > GESTURE_SCROLLS_WITHIN_MS) return;
    const scroller = isElementNode(event.target) ? event.target : document.scrollingElement ?? document.documentElement;
    // A code editor scrolls its hidden input as it goes: its own drawing, not the person's scroll.
    if (isInputProxy(scroller)) return;
    window.clearTimeout(scrolling.get(scroller)?.timer);
    const write = () => {
      window.clearTimeout(scrolling.get(scroller)?.timer);
      scrolling.delete(scroller);
      const found = beforeKey.get(scroller);
      if (found && found.top === scroller.scrollTop && found.left === scroller.scrollLeft) return;
      const top = String(Math.round(scroller.scrollTop));
      const across = Math.round(scroller.scrollLeft) ? { scrollLeft: String(Math.round(scroller.scrollLeft)) } : {};
      if (scroller === document.scrollingElement || scroller === document.documentElement) {
        r.flushHeld();
        r.post({ kind: 'scroll', mark: '', value: top, ...across, fingerprint: { role: 'generic', name: '' }, selectors: ['css=html'], page: true, url: location.href, token: r.token });
      } else {
        r.send('scroll', scroller, { value: top, ...across });
      }
    };
    scrolling.set(scroller, { timer: window.setTimeout(write, SCROLL_SETTLE_MS), write });
  };
  // A press while a list still moves (a click on the row the wheel brought in): the scroll came first, its step too,
  // where it stood when the press began (a replay clicks there after scrolling there).
  // What scrolls after the press is the click's doing (the focus bringing the button fully into view), not the wheel's.
  window.addEventListener('pointerdown', (event) => {
    if (!event.isTrusted) return;
    for (const { write } of [...scrolling.values()]) write();
    personScrolledAt = 0;
  }, true);
  window.addEventListener('scroll', onScroll, true);
  return onScroll;
}
