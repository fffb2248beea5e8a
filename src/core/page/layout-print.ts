/**
 * A fingerprint of how the area around an element is laid out: the boxes of the elements in it, where they stand in
 * it, rounded to the pixel. What a click on a map's "Zoom in", a key that zooms or pans it, or a button that switches
 * a list to a grid did, where no text, state or drawing of a canvas changed: the area is laid out anew. Replay checks
 * it is no longer laid out as it was before the gesture, so a release where the button does nothing fails there.
 * Elements moved by an animation of their own (a spinner) are left out: they move whatever the gesture does; so is
 * scrolling (a strip scrolled later moves nothing of its layout): each box is placed as if its scrollers were at
 * their start. The area
 * is the element itself when it is large (a map pressed for a key), else the nearest of its ancestors that is, a few
 * levels up at most (the map around its zoom button). Self-contained: exported Playwright code runs this same
 * function in the page.
 */
export function layoutPrintOf(element: Element, levels: number): string | undefined {
  const MOST_ELEMENTS = 200;
  let area: Element | null = element;
  for (let level = 0; level < levels && area; level++) area = area.parentElement;
  if (!area || !area.isConnected) return undefined;
  const outer = area.getBoundingClientRect();
  if (outer.width < 1 || outer.height < 1) return undefined;
  let hash = 2166136261;
  const mix = (value: number) => {
    hash = Math.imul(hash ^ (Math.round(value) & 0xffff), 16777619);
  };
  mix(outer.width);
  mix(outer.height);
  // What animates moves whatever the gesture does, with all it holds (asked of the document once: per element it is slow).
  const moving = document.getAnimations().filter((animation) => animation.playState === 'running').map((animation) => (animation.effect as KeyframeEffect | null)?.target).filter((target): target is Element => !!target && area.contains(target));
  // Walked, not listed: a list of every element under a table of 2,000 rows costs more than the print itself.
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_ELEMENT);
  let read = 0;
  for (let node = walker.nextNode(); node && read < MOST_ELEMENTS; node = walker.nextNode(), read++) {
    const part = node as Element;
    if (moving.some((target) => target.contains(part))) continue;
    const box = part.getBoundingClientRect();
    if (box.width < 1 && box.height < 1) continue;
    let scrolledX = 0;
    let scrolledY = 0;
    for (let scroller = part.parentElement; scroller && scroller !== area; scroller = scroller.parentElement) {
      scrolledX += scroller.scrollLeft;
      scrolledY += scroller.scrollTop;
    }
    mix(box.left - outer.left + scrolledX);
    mix(box.top - outer.top + scrolledY);
    mix(box.width);
    mix(box.height);
  }
  return (hash >>> 0).toString(36);
}

/** Boxes smaller than this (CSS pixels squared) are a control, not an area that lays things out. */
const SMALLEST_AREA = 200 * 200;
/** How far up the area of a control is looked for. */
const MOST_LEVELS = 6;

/** How many levels up from `element` its area is (see layoutPrintOf): none when nothing near is large enough. */
export function layoutAreaLevels(element: Element): number | undefined {
  let node: Element | null = element;
  for (let level = 0; node && level <= MOST_LEVELS; level++, node = node.parentElement) {
    if (node === document.body || node === document.documentElement) return undefined;
    const box = node.getBoundingClientRect();
    if (box.width * box.height >= SMALLEST_AREA) return level;
  }
  return undefined;
}
