import { surelyVisible } from './sole-target';
import { isTag } from './node-kinds';

/**
 * A checkbox or radio drawn by its label (the input itself hidden, as design systems' segmented controls and custom
 * boxes do): the label that shows, which is what a person clicks; null when the element shows itself or is no such
 * input. Runs in the page.
 */
export function shownLabelOf(element: Element): HTMLLabelElement | null {
  if (!(isTag(element, 'input')) || (element.type !== 'checkbox' && element.type !== 'radio') || pressable(element)) return null;
  return [...(element.labels ?? [])].find((label) => surelyVisible(label)) ?? null;
}

/** Whether the element shows, or is a checkbox or radio whose label shows: one a person can use. */
export function usableToggle(element: Element): boolean {
  return surelyVisible(element) || shownLabelOf(element) !== null;
}

/**
 * Whether a pointer can press the element itself: it shows, and its middle is not clipped away (a box of a pixel inside
 * a "visually hidden" wrapper shows to Playwright, but nothing under the pointer is it).
 */
function pressable(element: Element): boolean {
  if (!surelyVisible(element)) return false;
  const box = element.getBoundingClientRect();
  if (box.width < 2 || box.height < 2) return false;
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
  const hit = (element.getRootNode() as Document | ShadowRoot).elementFromPoint(x, y);
  return !hit || hit === element || element.contains(hit);
}
