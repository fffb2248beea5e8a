import { RECORDER_HOST } from './keys';
import { positionalPath } from './positional-path';
import { isSvgElement } from './node-kinds';

/**
 * A place on an element in pixels to a tenth: the pointer's place as the page got it. Whole pixels moved a drop by up to
 * half a pixel, which a layout snapping to a grid rounds to the next cell when the person's point was near a cell's middle.
 */
export const toTenth = (pixels: number) => Math.round(pixels * 10) / 10;

/**
 * Drags made of mouse events (a sortable list, a slider or resizer built of divs), which fire no HTML5 dragstart. Where
 * the element was dropped is read against the layout as it was when the drag began: by the time the pointer is
 * released the list has already moved the dragged item into the place it went, so what lies under the pointer then is
 * the item itself. The drop place is the element that lay there before, and where on it, which replay aims at on a
 * page laid out as it was at the start. Runs in the page, built into the recorder's script.
 */
export interface DropPlace {
  readonly element: Element;
  /** Where it stood when the drag began. */
  readonly path: string;
  /** Where on it, in CSS pixels from its top-left corner. */
  readonly offset: readonly [number, number];
}

interface Placed {
  readonly element: Element;
  readonly rect: DOMRect;
  /** Its place in the document then: the list may have moved it by the time the pointer is released. */
  readonly path: string;
}

/**
 * Whether an element's box is its own: not an SVG group or shape inside an <svg>, whose box is drawn from what it holds
 * (a Gantt chart's layer of bars grows and moves with the bar dragged in it, and with the handles shown on hover), so a
 * place read against it then is another place on replay. The <svg> holding them has a box of its own.
 */
export const ownsItsBox = (element: Element) => !(isSvgElement(element)) || (isSvgElement(element) && element.localName === 'svg');

/** The element, or the nearest element around it whose box is its own. */
const withOwnBox = (element: Element | null): Element | null => {
  let node = element;
  while (node && !ownsItsBox(node)) node = node.parentElement;
  return node;
};

/** How far the pointer moves, pressed, before a press is a drag (as browsers start an HTML5 drag). */
export const DRAG_DISTANCE = 8;

/** The elements around the dragged one (its siblings and those of its ancestors, a few levels up) and where they were. */
export function dropCandidates(dragged: Element): Placed[] {
  const placed: Placed[] = [];
  const chain = new Set<Element>();
  for (let node: Element | null = dragged; node; node = node.parentElement) chain.add(node);
  let level: Element | null = dragged;
  for (let depth = 0; level?.parentElement && depth < 4; depth++, level = level.parentElement) {
    for (const sibling of level.parentElement.children) {
      // The recorder's toolbar is over the page, not part of it: never where something was dropped.
      if (chain.has(sibling) || placed.length > 400 || sibling.localName === RECORDER_HOST) continue;
      const rect = sibling.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) placed.push({ element: sibling, rect, path: positionalPath(sibling) });
    }
  }
  // The track a handle moves along is what it sits in: its own box (an SVG bar's, the chart's).
  const track = withOwnBox(dragged.parentElement);
  if (track) placed.push({ element: track, rect: track.getBoundingClientRect(), path: positionalPath(track) });
  return placed;
}

/** The smallest of the places (as they were) that holds the point where the pointer was released. */
export function dropPlace(candidates: readonly Placed[], x: number, y: number): DropPlace | undefined {
  let best: Placed | undefined;
  for (const candidate of candidates) {
    const { left, top, right, bottom, width, height } = candidate.rect;
    if (x < left || x > right || y < top || y > bottom || !candidate.element.isConnected) continue;
    if (!best || width * height < best.rect.width * best.rect.height) best = candidate;
  }
  return best ? { element: best.element, path: best.path, offset: [toTenth(x - best.rect.left), toTenth(y - best.rect.top)] } : undefined;
}

/**
 * How many of them: a calendar's event sits eight deep in its week's row (react-big-calendar: its content, the
 * resizable box, the event, its segment, its row, the rows' body, the row's content, then the week holding the days).
 */
const MOST_CONTAINERS = 8;

/** The dragged element's containers, a few levels up, and where each stood when the drag began. */
export function containersOf(dragged: Element): Placed[] {
  const placed: Placed[] = [];
  for (let node = dragged.parentElement; node && node !== document.body && placed.length < MOST_CONTAINERS; node = node.parentElement) {
    if (ownsItsBox(node)) placed.push({ element: node, rect: node.getBoundingClientRect(), path: positionalPath(node) });
  }
  return placed;
}

/**
 * Where an item was dropped inside its own container (a dashboard grid's empty cells): the innermost container that did
 * not move with the item and holds the point now (it may have grown to take the item). Read when no element around lay
 * there before the drag.
 */
export function dropInContainer(containers: readonly Placed[], x: number, y: number): DropPlace | undefined {
  for (const container of containers) {
    const now = container.element.getBoundingClientRect();
    const stayed = Math.abs(now.left - container.rect.left) < 1 && Math.abs(now.top - container.rect.top) < 1;
    if (!stayed || x < now.left || x > now.right || y < now.top || y > now.bottom) continue;
    return { element: container.element, path: container.path, offset: [toTenth(x - now.left), toTenth(y - now.top)] };
  }
  return undefined;
}
