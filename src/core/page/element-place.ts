/** Where an element sits inside the element `levels` up from it: its left and top edges as fractions of that one's size. */
export interface Place {
  levels: number;
  left: number;
  top: number;
  /** Its size in the layout, when a drag changed it. */
  width?: number | undefined;
  height?: number | undefined;
  /** The drag left it where it was: held to that more tightly. */
  stays?: true | undefined;
}

/** The element `levels` up from this one, shadow roots crossed. */
function ancestorAt(element: Element, levels: number): Element | null {
  let node: Element | null = element;
  for (let level = 0; node && level < levels; level++) node = node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host ?? null);
  return node;
}

export const fraction = (value: number) => Math.round(value * 1000) / 1000;

/**
 * A place as a step's effect keeps it, with its size where the drag resized it; none where a flow cannot keep it:
 * outside the schema's bounds (-1 to 2 of the layout's size), as a slide a carousel moved two widths out of its track.
 */
export function placeEffect(place: Place & { width: number; height: number }, how: 'moved' | 'resized' | 'stays' = 'moved'): Place | undefined {
  if (![place.left, place.top].every((share) => share >= -1 && share <= 2)) return undefined;
  return { levels: place.levels, left: place.left, top: place.top, ...(how === 'resized' ? { width: fraction(place.width), height: fraction(place.height) } : {}), ...(how === 'stays' ? { stays: true } : {}) };
}

/** Where `element` sits inside the one `levels` up (a layout grid, a calendar), and its own size there, in fractions. */
export function placeOf(element: Element, levels: number): (Place & { width: number; height: number }) | undefined {
  const outer = ancestorAt(element, levels)?.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  if (!outer || outer.width < 1 || outer.height < 1 || box.width < 1) return undefined;
  return { levels, left: fraction((box.left - outer.left) / outer.width), top: fraction((box.top - outer.top) / outer.height), width: box.width / outer.width, height: box.height / outer.height };
}

/** Levels further up than this are no layout of the element's. */
const MOST_PLACE_LEVELS = 6;

/**
 * Where `element` sits, read in the nearest layout from `levels` up whose box holds it: a card carried by keys out of
 * its list (into the next column) is placed on the board, not at a fraction of its old list outside it.
 */
export function placeWithin(element: Element, levels: number): (Place & { width: number; height: number }) | undefined {
  for (let up = levels; up <= MOST_PLACE_LEVELS; up++) {
    const place = placeOf(element, up);
    if (place && place.left >= 0 && place.top >= 0 && place.left <= 1 && place.top <= 1) return place;
  }
  return undefined;
}

/** A place found, in the words the schema's describePlace uses for the one expected (page code imports no schema). */
export const describePlace = (place: Place, sized: boolean) => `placed ${Math.round(place.left * 100)}% across and ${Math.round(place.top * 100)}% down the layout ${place.levels} level${place.levels === 1 ? '' : 's'} up`
  + (sized && place.width !== undefined && place.height !== undefined ? `, ${Math.round(place.width * 100)}% wide and ${Math.round(place.height * 100)}% high` : '');

/**
 * Whether an element sits where a place says, give or take a quarter of its own size (a grid's neighbouring cell is not
 * it); an eighth where the drag resized it, as its size: a resize is told by its edges, and a long bar (a Gantt chart's
 * task) moved by days instead passed within a quarter of its length; a sixteenth where it was to stay where it was (a
 * day of a long bar is an eighth of it). `share` says otherwise: 2, within half its size.
 */
export function sitsAt(now: Place & { width: number; height: number }, place: Place, share = place.stays ? 16 : place.width !== undefined || place.height !== undefined ? 8 : 4): boolean {
  const least = place.stays ? 0.005 : 0.02;
  return Math.abs(now.left - place.left) <= Math.max(least, now.width / share) && Math.abs(now.top - place.top) <= Math.max(least, now.height / share);
}

/** Whether an element has the size a place says, give or take an eighth of it (a grid's next step of size is not it). */
export function sizedAs(now: { width: number; height: number }, place: Place): boolean {
  const near = (size: number, wanted: number | undefined) => wanted === undefined || Math.abs(size - wanted) <= Math.max(0.01, wanted / 8);
  return near(now.width, place.width) && near(now.height, place.height);
}
