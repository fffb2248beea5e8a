import { RECORDER_HOST } from './keys';
import { isElementNode } from './node-kinds';

/**
 * Whether a person sees a text of the page (or saw one taken off it): outside the overlays whose text is theirs, the
 * recorder's toolbar and what only a screen reader gets. Runs in the page, built into the recorder.
 */

/** Overlays whose text is the overlay's, not the gesture's effect: a list that opened, a tooltip under the pointer. */
const OVERLAY = '[role=listbox], [role=menu], [role=option], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=tooltip], datalist, select, option';
/**
 * Whether text in `element` is an overlay's (see OVERLAY): not when it is in a list that holds the selection itself,
 * every option in it selected (a multiple select's chips, as Choices.js draws them). `list` is the listbox it was
 * taken out of, for text no longer on the page.
 */
export function inOverlay(element: Element, list?: Element): boolean {
  if (!element.closest(OVERLAY)) return false;
  const holder = element.closest('[role=listbox]') ?? (list?.getAttribute('role') === 'listbox' ? list : null);
  if (holder && chipsOfField(holder)) return false;
  const option = element.closest('[role=option]');
  if (!holder || (option && option.getAttribute('aria-selected') !== 'true') || element.closest('[role=menu], [role=tooltip], select, datalist')) return true;
  // A selected option taken out of a list left empty: the last pick removed.
  const options = holder.querySelectorAll('[role=option]');
  return options.length === 0 ? !list : [...options].some((other) => other.getAttribute('aria-selected') !== 'true');
}

/**
 * A list drawn in a field beside its combobox's input: the chips of what was picked (Fluent UI's tag picker), not a
 * popup. A list the combobox controls or owns is its popup, wherever it is drawn.
 */
function chipsOfField(list: Element): boolean {
  const id = list.id && CSS.escape(list.id);
  if (id && list.ownerDocument.querySelector(`[aria-controls~="${id}"], [aria-owns~="${id}"]`)) return false;
  return [...(list.parentElement?.children ?? [])].some((beside) => beside !== list && (beside.getAttribute('role') === 'combobox' || !!beside.querySelector(':scope > [role=combobox]')));
}

/** Whether a text node is one a person sees, outside overlays and the recorder's own toolbar. */
export function seen(text: Text): boolean {
  const holder = text.parentElement;
  return !!holder && text.isConnected && shownHolder(holder);
}

/** Whether text in this element is seen by a person: it shows, outside overlays, the recorder and screen-reader-only boxes; `list` as inOverlay's. */
export function shownHolder(holder: Element, list?: Element): boolean {
  if (!holder.isConnected || inOverlay(holder, list) || holder.closest(RECORDER_HOST)) return false;
  if (!holder.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
  return !clippedAway(holder);
}

/** Classes that hide text from the eye and keep it for screen readers, as CSS frameworks name them. */
const SCREEN_READER_ONLY = /(?:^|[\s_-])(?:sr-only|visually-?hidden|screen-?reader(?:-text|-only)?|a11y-hidden|assistive-text|offscreen)(?:$|[\s_])/i;

/**
 * Whether text taken off the page had been out of sight in what was taken with it (no style is computed once off the
 * page): hidden, or clipped to a pixel for screen readers only (a field's "Press Delete to remove tag." hint), as its
 * elements' own attributes, inline styles and classes say.
 */
export function hiddenBefore(shown: Text | Element, removedRoot: Node): boolean {
  for (let node = isElementNode(shown) ? shown : shown.parentElement; node; node = node === removedRoot ? null : node.parentElement) {
    const style = (node as Partial<HTMLElement>).style;
    if (node.hasAttribute('hidden') || SCREEN_READER_ONLY.test(node.getAttribute('class') ?? '')) return true;
    if (style && (style.display === 'none' || style.visibility === 'hidden' || (style.clip && style.clip !== 'auto') || (style.clipPath && style.clipPath !== 'none'))) return true;
    if (style && parseFloat(style.width) <= 2 && parseFloat(style.height) <= 2) return true;
  }
  return false;
}

/**
 * Text only a screen reader gets: in a box clipped to a pixel or so (a live region's announcement, "visually hidden"
 * text), a few levels up at most.
 */
function clippedAway(element: Element): boolean {
  let node: Element | null = element;
  for (let level = 0; node && level < 6; level++, node = node.parentElement) {
    const box = node.getBoundingClientRect();
    if (box.width > 2 && box.height > 2) continue;
    const style = getComputedStyle(node);
    if (style.overflow !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none') return true;
  }
  return false;
}
