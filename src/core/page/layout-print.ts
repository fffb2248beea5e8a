import { isTag } from './node-kinds';
/**
 * A fingerprint of how the area around an element is laid out: the boxes of the elements in it, where they stand in
 * it, rounded to the pixel, and the words each says (a select's or a field's, its value). What a click on a map's "Zoom in", a key that zooms or pans it, a
 * button that switches a list to a grid, or a calendar's arrow (the next month's days, in the same boxes) did, where
 * no state or drawing of a canvas changed and no text a replay on another day would show appeared: the area is laid
 * out anew. Replay checks
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
  const MOST_CHARACTERS = 64;
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
  // What animates moves whatever the gesture does, with all it holds (asked of the document once: per element it is
  // slow); not what only changes colour (a button's hover fading in). As paintsOnly below: this function is self-contained.
  const paintsOnly = (animation: Animation) => {
    const effect = animation.effect as KeyframeEffect | null;
    const properties = animation instanceof CSSTransition ? [animation.transitionProperty] : (effect?.getKeyframes() ?? []).flatMap((frame) => Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)));
    return properties.length > 0 && properties.every((property) => /color$|^(opacity|fill|stroke.*|box-?shadow|text-?shadow|filter|visibility|outline.*|background.*)$/i.test(property));
  };
  const moving = document.getAnimations().filter((animation) => animation.playState === 'running' && !paintsOnly(animation)).map((animation) => (animation.effect as KeyframeEffect | null)?.target).filter((target): target is Element => !!target && area.contains(target));
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
    // And what it says, its own words or the value a select or a field of it shows (never a password's): a
    // calendar's arrow moves it to the next month in boxes laid out as before.
    const shown = isTag(part, 'select') || (isTag(part, 'input') && part.type !== 'password' && part.type !== 'hidden') ? [part.value] : [];
    for (let child = part.firstChild; child; child = child.nextSibling) if (child.nodeType === Node.TEXT_NODE) shown.push(child.nodeValue!.trim());
    for (const words of shown) for (let at = 0; at < Math.min(words.length, MOST_CHARACTERS); at++) mix(words.charCodeAt(at));
  }
  return (hash >>> 0).toString(36);
}

/** Boxes smaller than this (CSS pixels squared) are a control, not an area that lays things out. */
const SMALLEST_AREA = 200 * 200;
/** How far up the area of a control is looked for. */
const MOST_LEVELS = 6;

/** The area of `element` (see layoutPrintOf) and how many levels up it is: none when nothing near is large enough. */
export function layoutAreaOf(element: Element): { area: Element; levels: number } | undefined {
  let node: Element | null = element;
  for (let level = 0; node && level <= MOST_LEVELS; level++, node = node.parentElement) {
    if (node === document.body || node === document.documentElement) return undefined;
    const box = node.getBoundingClientRect();
    if (box.width * box.height >= SMALLEST_AREA) return { area: node, levels: level };
  }
  return undefined;
}

/** Whether an animation or a transition only changes how things are painted (a colour, a shadow, opacity), no box. */
export function paintsOnly(animation: Animation): boolean {
  const effect = animation.effect as KeyframeEffect | null;
  const properties = animation instanceof CSSTransition ? [animation.transitionProperty] : (effect?.getKeyframes() ?? []).flatMap((frame) => Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)));
  return properties.length > 0 && properties.every((property) => /color$|^(opacity|fill|stroke.*|box-?shadow|text-?shadow|filter|visibility|outline.*|background.*)$/i.test(property));
}
