import { pointedBy } from './record-pointer';
import type { Recording } from './recording';
import { isElementNode } from './node-kinds';

/** Submenus in submenus, at most. */
const MOST_NESTED = 4;

const opens = (element: Element) => {
  const popup = element.getAttribute('aria-haspopup');
  return (popup !== null && popup !== 'false') || element.hasAttribute('aria-expanded');
};

/** A composed parent: out of a shadow root to its host. */
const parentOf = (node: Element): Element | null => node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);

/** How far up from a submenu the list entry that holds it and its item may be (Blueprint draws it in an overlay there). */
const ENTRY_LEVELS = 6;

/**
 * A submenu drawn beside its item, the two in one list entry (`<li role=none>` holding both): the item expanded, or
 * one that says it has a popup (itself or the link in it, as Blueprint's item does).
 */
function itemBeside(menu: Element): Element | undefined {
  let entry = menu.parentElement;
  for (let level = 0; entry && level < ENTRY_LEVELS && !(entry.localName === 'li' || ['none', 'presentation'].includes(entry.getAttribute('role') ?? '')); level++) entry = entry.parentElement;
  if (!entry) return undefined;
  const saysPopup = (item: Element) => item.getAttribute('aria-expanded') === 'true' || (opens(item) && item.getAttribute('aria-expanded') !== 'false') || !!item.querySelector('[aria-haspopup]:not([aria-haspopup=false])');
  return [...entry.children].find((child) => !child.contains(menu) && child.getAttribute('role') === 'menuitem' && saysPopup(child));
}

/** A submenu named by its item (`aria-labelledby`, as Fluent UI's is in its portal): that item, when expanded. */
function itemNaming(menu: Element): Element | undefined {
  for (const id of (menu.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) {
    const item = menu.ownerDocument.getElementById(id);
    if (item && !menu.contains(item) && opens(item) && item.getAttribute('aria-expanded') === 'true') return item;
  }
  return undefined;
}

/**
 * What the pointer resting on opened for `element` to be there: a submenu's item (a menu item with a popup, holding
 * the submenu, shown by its `:hover`, or expanded beside it, or naming it), or an expanded opener that controls or owns
 * the popup `element` is in (a submenu or a navigation menu drawn in a portal).
 */
function openerOf(element: Element): Element | null {
  const ownItem = element.closest('[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio]');
  for (let node = parentOf(element); node && node !== document.body; node = parentOf(node)) {
    if (node !== ownItem && node.getAttribute('role') === 'menuitem' && opens(node)) return node;
    const beside = node.getAttribute('role') === 'menu' ? itemBeside(node) ?? itemNaming(node) : undefined;
    if (beside) return beside;
    if (!node.id) continue;
    const id = CSS.escape(node.id);
    const opener = node.ownerDocument.querySelector(`[aria-controls~="${id}"][aria-expanded=true], [aria-owns~="${id}"][aria-expanded=true]`);
    if (opener && !node.contains(opener)) return opener;
  }
  return null;
}

/**
 * Menus that open when the pointer rests on their opener (a context menu's submenu, a navigation menu): a click in one
 * replays only after the same hover, which no press or key records. A press in a popup whose opener the person never
 * pressed, keyed on or focused is preceded by a `hover` step on that opener.
 */
export function recordHovers(r: Recording): void {
  /** Openers the person pressed or keyed on: their popups opened by that, not by the pointer resting. */
  const pressedOpeners = new WeakSet<Element>();
  const pressedWithin = (path: readonly EventTarget[]) => {
    for (const node of path) if (isElementNode(node) && opens(node)) pressedOpeners.add(node);
  };
  window.addEventListener('pointerdown', (event) => {
    if (!event.isTrusted) return;
    const target = pointedBy(event);
    // A submenu's opener may itself be in a submenu: each is hovered, the outermost first.
    const hovered: Element[] = [];
    for (let opener = target ? openerOf(target) : null; opener && hovered.length < MOST_NESTED; opener = openerOf(opener)) {
      // An opener focused (a combobox that opens as it gets the focus) was not opened by the pointer resting on it; a
      // menu's item is (a menu moves its focus to the item the pointer rests on).
      if (pressedOpeners.has(opener) || (opener === document.activeElement && opener.getAttribute('role') !== 'menuitem')) break;
      hovered.unshift(opener);
    }
    // What is pressed, up to the submenu's item that holds it (pressed inside, not on).
    const path = event.composedPath();
    pressedWithin(hovered.length ? path.slice(0, path.indexOf(hovered.at(-1)!)) : path);
    // Sent after the press's own bookkeeping (typing before it is written first), before its click: a hover is not
    // the press's step.
    const sent = r.gesture.sent;
    // Its effect is the opener expanded, as it is now: the press closes it again.
    for (const opener of hovered) r.send('hover', opener, {}, { known: opener.getAttribute('aria-expanded') === 'true' ? { expanded: true } : {} });
    r.gesture.sent = sent;
  }, true);
  window.addEventListener('keydown', (event) => {
    if (!event.isTrusted) return;
    pressedWithin(event.composedPath());
  }, true);
  recordRevealingHovers(r);
}

/** A control drawn this soon after the pointer came onto an element was drawn for the pointer resting there. */
const REVEALED_WITHIN_MS = 500;
/** One drawn this soon after a press or a key was drawn for that (a menu opened by a click). */
const ANSWERED_WITHIN_MS = 250;

/**
 * Controls a page draws only while the pointer rests on something (a block editor's side menu with its + and its drag
 * handle, beside the block the pointer is on; a row's actions added on hover): a press on one replays only after the
 * same hover, and none is found otherwise. A press in what was drawn after the pointer came onto an element, and not
 * after a press, a key or a scroll, is preceded by a `hover` step on that element. (What a hover shows by a style, the
 * control there all along, replay shows by resting on what holds it: see act/reveal.ts.)
 */
function recordRevealingHovers(r: Recording): void {
  let over: { element: Element; at: number } | undefined;
  let lastInput = -Infinity;
  const revealedBy = new WeakMap<Node, Element>();
  // Where the pointer came to rest, from moves of the pointer itself: the page moving under a still pointer (a layout
  // drawn anew after a drop, a list scrolled) also sends boundary events, and the person hovered nothing by them.
  let at: { x: number; y: number } | undefined;
  window.addEventListener('pointermove', (event) => {
    if (!event.isTrusted || (at?.x === event.clientX && at.y === event.clientY)) return;
    at = { x: event.clientX, y: event.clientY };
    const element = event.composedPath()[0];
    // Moved while a button is held: a drag's way, whose drop draws what it draws.
    if (event.buttons) over = undefined;
    else if (isElementNode(element) && element !== over?.element) over = { element, at: performance.now() };
  }, { capture: true, passive: true });
  // What a press, a key or a scroll drew (rows a virtual list draws as it scrolls under a resting pointer) is theirs.
  for (const type of ['pointerdown', 'pointerup', 'keydown', 'wheel', 'scroll']) {
    window.addEventListener(type, (event) => {
      if (event.isTrusted) lastInput = performance.now();
    }, { capture: true, passive: true });
  }
  new MutationObserver((records) => {
    const now = performance.now();
    // The pointer came onto the element after the last press, key or scroll, and rested there: what those did is theirs.
    if (!over || over.at < lastInput || now - over.at > REVEALED_WITHIN_MS || now - lastInput < ANSWERED_WITHIN_MS) return;
    for (const record of records) {
      for (const node of record.addedNodes) if (isElementNode(node) && !node.contains(over.element)) revealedBy.set(node, over.element);
    }
  }).observe(document, { childList: true, subtree: true });
  window.addEventListener('pointerdown', (event) => {
    if (!event.isTrusted) return;
    const target = pointedBy(event);
    let hovered: Element | undefined;
    for (let node: Element | null = target; node && !hovered; node = parentOf(node)) hovered = revealedBy.get(node);
    // A hover on something a person can name (a block's text, a row): an unnamed box is no place to rest on.
    const named = hovered && ((hovered.textContent ?? '').trim() || hovered.getAttribute('aria-label')?.trim());
    if (!target || !hovered?.isConnected || !named || target.contains(hovered) || openerOf(target)) return;
    const sent = r.gesture.sent;
    r.send('hover', hovered);
    r.gesture.sent = sent;
  }, true);
}
