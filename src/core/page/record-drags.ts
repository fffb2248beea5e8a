import { describeInPage } from './describe-in-page';
import { FLUNG_SPEED, formatTrail } from '../act/drag-trail';
import { orderOf, shownText as textOf } from './element-state';
import type { DragBefore } from './effect-outbox';
import { isSetByValue, isTextField, valueOf } from './fields';
import { isSecretElement } from '../snapshot/secret-fields';
import { containersOf, DRAG_DISTANCE, dropCandidates, dropInContainer, dropPlace, ownsItsBox, toTenth } from './pointer-drag';
import { isPositional as isPlaceSelector, positionalPath } from './positional-path';
import { pointedBy } from './record-pointer';
import { subjectOf } from './record-typing';
import type { PressedForDrag, Recording } from './recording';
import { selectorsInPage } from './selectors-in-page';
import { provenSelectors } from './proven-selectors';
import { widgetAround } from './widget-keyboard';
import { isElementNode } from './node-kinds';
import { itemAbove, type Within } from './item-above';

/**
 * Drags, one step each from the element picked up to where it was dropped: HTML5 drag and drop, and drags made of
 * pointer events (pressed, moved past the drag distance, released), whose drop place is read against where everything
 * stood before anything moved.
 */
export function recordDrags(r: Recording): void {
  const gesture = r.gesture;
  let downAt: PressedForDrag | null = null;
  const unplaced = (element: Element) => r.raw({ kind: 'drag', mark: '', fingerprint: describeInPage(element), selectors: [], problem: 'the place it was dropped could not be told', token: r.token });
  let dragged: Element | null = null;
  let draggedFrom: { order: string[]; within: Within | null | undefined; ancestry: Ancestry; picked: [number, number]; places: ReturnType<typeof dropCandidates>; containers: ReturnType<typeof containersOf> } | null = null;
  window.addEventListener('pointerdown', (event) => {
    const pointed = event.isTrusted ? pointedBy(event) : null;
    if (!pointed) return;
    const target = pickedUp(pointed, event);
    // Named now: the library hides or moves the item as soon as it starts its own drag, before ours counts as one.
    if (target !== pointed) r.describeNow(target);
    // A press that could start a drag of the element itself: not in a field (selecting text), not on a native slider
    // (recorded by its value), not on a scrollbar (the scroll is recorded where it stops).
    const box = target.getBoundingClientRect();
    const scrolls = target.scrollHeight > target.clientHeight || target.scrollWidth > target.clientWidth;
    const onScrollbar = scrolls && (event.clientX - box.left - target.clientLeft > target.clientWidth || event.clientY - box.top - target.clientTop > target.clientHeight);
    const draggable = event.button === 0 && !isTextField(target) && !isSetByValue(target) && !onScrollbar;
    // A press on a scrollbar is the scroll's, recorded where it stops.
    if (onScrollbar) gesture.accounted = true;
    downAt = draggable ? { x: event.clientX, y: event.clientY, element: target, order: orderOf(target), within: itemAbove(target), around: pointed, places: [], containers: [], ancestry: [], picked: [toTenth(event.clientX - box.left), toTenth(event.clientY - box.top)], trail: [], recent: [], holders: holdersOf(pointed), fields: fieldsAround(target) } : null;
    gesture.mouseDragging = false;
  }, true);
  window.addEventListener('dragstart', (event) => {
    gesture.mouseDragging = false;
    downAt = null;
    dragged = event.isTrusted ? subjectOf(event) : null;
    if (!dragged) return;
    r.describeNow(dragged);
    const box = dragged.getBoundingClientRect();
    // As for a drag of pointer events: what the drop's effect and place are read against, as they stood before anything moved.
    draggedFrom = {
      order: orderOf(dragged), within: itemAbove(dragged), ancestry: ancestryOf(dragged), picked: [toTenth(event.clientX - box.left), toTenth(event.clientY - box.top)],
      places: dropCandidates(dragged), containers: containersOf(dragged),
    };
  }, true);
  window.addEventListener('drop', (event) => {
    // Dropped on an item a person names (a tree's folder), not on the text drawn in it.
    const target = event.isTrusted ? pointedBy(event) ?? subjectOf(event) : null;
    // A drag begun in another document (a page builder's panel, outside its canvas's iframe): where it was dropped,
    // which the engine joins to that document's dragOut. What the drop made here is its effect.
    if (target && !dragged) {
      const box = target.getBoundingClientRect();
      r.send('dropIn', target, { destination: destinationOf({ element: target, offset: [toTenth(event.clientX - box.left), toTenth(event.clientY - box.top)] }) });
      return;
    }
    if (!target || !dragged || !draggedFrom) return;
    // A list that moves the item among the others while it is dragged (SortableJS) has it under the pointer at the
    // drop: the place is then what lay there before the drag, as for a drag of pointer events.
    const movedAlong = target === dragged || dragged.contains(target) || target.contains(dragged);
    const before = movedAlong ? dropPlace(draggedFrom.places, event.clientX, event.clientY) ?? dropInContainer(draggedFrom.containers, event.clientX, event.clientY) : undefined;
    if (movedAlong && !before) {
      unplaced(dragged);
    } else {
      // Where on the target it was dropped: a list's drop target tells "above" from "below" by the pointer's place on it.
      const box = target.getBoundingClientRect();
      const place = before ?? { element: target, offset: [toTenth(event.clientX - box.left), toTenth(event.clientY - box.top)] as const };
      r.send('drag', dragged, { destination: { ...destinationOf(place), picked: draggedFrom.picked } }, { drag: { order: draggedFrom.order, within: draggedFrom.within, ...layoutBefore(draggedFrom.ancestry, place.element) } });
    }
    dragged = null;
    draggedFrom = null;
  }, true);
  // An HTML5 drag whose drop this document did not hear went to another one (a page builder's canvas in an iframe):
  // the element and where it was held, which the engine joins to that document's dropIn. A drag let go where nothing
  // takes it ends with no drop effect, and did nothing.
  let droppedHere = false;
  window.addEventListener('drop', (event) => {
    if (event.isTrusted) droppedHere = true;
  }, true);
  window.addEventListener('dragstart', (event) => {
    if (event.isTrusted) droppedHere = false;
  }, true);
  window.addEventListener('dragend', (event) => {
    const source = dragged;
    const from = draggedFrom;
    dragged = null;
    draggedFrom = null;
    if (!event.isTrusted || !source || !from || droppedHere || event.dataTransfer?.dropEffect === 'none') return;
    gesture.accounted = true;
    r.send('dragOut', source, { destination: { fingerprint: { role: 'generic', name: '' }, selectors: [], picked: from.picked } });
  }, true);
  // An HTML5 drag cancels the pointer: its own dragstart and drop record it.
  window.addEventListener('pointercancel', () => {
    gesture.mouseDragging = false;
    downAt = null;
  }, true);
  window.addEventListener('pointermove', (event) => {
    if (event.isTrusted && downAt && !dragged && event.buttons & 1 && downAt.trail.length < MOST_KEPT_MOVES) {
      downAt.trail.push([event.clientX - downAt.x, event.clientY - downAt.y]);
      downAt.recent = [...downAt.recent.slice(-(RECENT_MOVES - 1)), [event.timeStamp, event.clientX, event.clientY]];
    }
    if (!event.isTrusted || !downAt || gesture.mouseDragging || dragged || !(event.buttons & 1)) return;
    if (Math.hypot(event.clientX - downAt.x, event.clientY - downAt.y) < DRAG_DISTANCE) return;
    gesture.mouseDragging = true;
    // Where everything around stood before anything moved: the drop place is read against that.
    // An item picked up in a cell is dropped among the cells: the places are read around the cell.
    // A handle the library drew anew as the drag began (an event's resize edge in TOAST UI Calendar) is read through
    // what held it and still does.
    const around = downAt.around.isConnected ? downAt.around : downAt.holders.find((holder) => holder.isConnected);
    if (!around) return;
    downAt.places = dropCandidates(around);
    downAt.containers = around === downAt.around ? containersOf(around) : [{ element: around, rect: around.getBoundingClientRect(), path: positionalPath(around) }, ...containersOf(around)];
    downAt.ancestry = ancestryOf(downAt.element.isConnected ? downAt.element : around);
  }, true);
  window.addEventListener('pointerup', (event) => {
    const start = downAt;
    const wasDragging = gesture.mouseDragging;
    gesture.mouseDragging = false;
    if (!event.isTrusted || !start || !wasDragging || dragged) return;
    // Text selected by the drag (in a page that lets it be selected) was a selection, not a move, nor a click; unless
    // the page changed meanwhile: a library that moves the item takes the selection off only after the release.
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim() && gesture.mutations === gesture.mutationsAtPress) {
      gesture.suppressClickOn = start.element;
      gesture.accounted = true;
      return;
    }
    const place = dropPlace(start.places, event.clientX, event.clientY) ?? dropInContainer(start.containers, event.clientX, event.clientY);
    // The click that ends a drag is part of it.
    gesture.suppressClickOn = start.around;
    if (!place) {
      unplaced(start.element);
      gesture.accounted = true;
      return;
    }
    const trail = formatTrail([...start.trail, [event.clientX - start.x, event.clientY - start.y]], flungSpeed(start.recent, event));
    r.send('drag', start.element, { destination: { ...destinationOf(place), picked: start.picked, trail } }, { drag: { order: start.order, within: start.within, fields: start.fields, ...layoutBefore(start.ancestry, place.element) } });
  }, true);
}

/** How many of a drag's last moves are kept to tell how fast the hand let go. */
const RECENT_MOVES = 8;
/** The hand let go this soon after its last move, or it had stopped: a drop, not a swipe. */
const FLUNG_WITHIN_MS = 50;
/** How far back from the last move the hand's speed is read. */
const SPEED_OVER_MS = 200;

/** How fast the hand went when it let go while moving fast (just after a move, over FLUNG_SPEED over its last moves); else undefined. */
function flungSpeed(recent: readonly [number, number, number][], release: PointerEvent): number | undefined {
  const last = recent.at(-1);
  if (!last || release.timeStamp - last[0] > FLUNG_WITHIN_MS) return undefined;
  const first = recent.find(([time]) => last[0] - time <= SPEED_OVER_MS)!;
  if (first === last) return undefined;
  const speed = Math.hypot(last[1] - first[1], last[2] - first[2]) / (last[0] - first[0]);
  return speed > FLUNG_SPEED ? speed : undefined;
}

/** Where a drag's step drops: the element, by selectors proven on it, and where on it. */
function destinationOf(place: { element: Element; offset: readonly [number, number]; path?: string }) {
  const fingerprint = describeInPage(place.element);
  const found = selectorsInPage(place.element, fingerprint, describeInPage).selectors;
  // Replay drops on the page as it was before the drag: a place taken now (the list has moved) would be another, and
  // so would an order among its kind read now (a calendar's column counted among what the drop put beside it).
  const byPlace = (selector: string) => isPlaceSelector(selector) || /:nth-child\(|>> nth=/.test(selector);
  const selectors = place.path ? [...provenSelectors(place.element, found.filter((selector) => !byPlace(selector))), place.path] : provenSelectors(place.element, found);
  return { fingerprint, selectors, offset: place.offset };
}

/**
 * What a drag starting in a cell picks up: the item the pointer is on (a calendar's event in its day), which shows less
 * than the cell does, or else the cell itself (a spreadsheet's range). The item is named by the element that shows
 * its text: the wrappers around it show the same and have nothing to tell them apart.
 */
function pickedUp(pointed: Element, event: PointerEvent): Element {
  const isCell = ['gridcell', 'cell', 'rowheader', 'columnheader'].includes(pointed.getAttribute('role') ?? '') || pointed.localName === 'td';
  const touched = event.composedPath()[0];
  if (!isCell || !(isElementNode(touched)) || !pointed.contains(touched)) return pointed;
  const text = textOf(touched);
  if (!text || text === textOf(pointed)) return pointed;
  return touched;
}

/** How many of an element's holders are kept at a press, for a drag that begins by drawing it anew. */
const MOST_HOLDERS = 8;

function holdersOf(element: Element): Element[] {
  const holders: Element[] = [];
  for (let node = element.parentElement; node && node !== document.body && holders.length < MOST_HOLDERS; node = node.parentElement) holders.push(node);
  return holders;
}

/** How far up from a pressed element its widget's own fields are looked for, and how many are read. */
const FIELD_LEVELS = 3;
const MOST_FIELDS = 4;

/** The text fields of the widget around a pressed element (not a secret's) and what they hold. */
function fieldsAround(element: Element): ReadonlyMap<Element, string> {
  const widget = widgetAround(element, FIELD_LEVELS);
  const fields = new Map<Element, string>();
  for (const field of widget.querySelectorAll('input, textarea')) {
    if (fields.size >= MOST_FIELDS) break;
    if (isTextField(field) && !isSecretElement(field)) fields.set(field, valueOf(field));
  }
  return fields;
}

/** Moves of one drag kept before they are thinned (a slow drag of a minute sends thousands). */
const MOST_KEPT_MOVES = 2000;

/** How many boxes up from a dragged element its layout is looked for: a calendar's month holds its events deep down. */
const LAYOUT_LEVELS = 12;

type Ancestry = { element: Element; box: DOMRect }[];

function ancestryOf(element: Element): Ancestry {
  const ancestry: Ancestry = [];
  for (let node: Element | null = element; node && ancestry.length <= LAYOUT_LEVELS; node = node.parentElement) ancestry.push({ element: node, box: node.getBoundingClientRect() });
  return ancestry;
}

/**
 * Where the dragged element stood, when the drag began, in the layout that holds both it and the place it was dropped
 * (a dashboard grid, a calendar's month): the effect of the drag is its place there afterwards.
 */
function layoutBefore(ancestry: Ancestry, dropped: Element): Required<Pick<DragBefore, 'place' | 'layout' | 'size'>> | undefined {
  // As it stood when the drag began: a library that draws a ghost in the item's place may have taken the item out.
  const levels = ancestry.findIndex(({ element }) => element.contains(dropped) && ownsItsBox(element));
  if (levels <= 0) return undefined;
  const [box, outer] = [ancestry[0]!.box, ancestry[levels]!.box];
  if (outer.width < 1 || outer.height < 1) return undefined;
  return { place: { levels, left: (box.left - outer.left) / outer.width, top: (box.top - outer.top) / outer.height }, layout: ancestry[levels]!.element, size: { width: box.width, height: box.height } };
}
