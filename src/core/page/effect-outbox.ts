import { changedState, orderOf, placeOf, showsText, sitsAt, stateOf, type ElementState, type Place } from './element-state';

/** What a drag's effect is read against: the list's order and the dragged element's place in its layout, before. */
export interface DragBefore {
  order: string[];
  place?: Place | undefined;
}

/** How long after a step the page has had to react, when no other gesture comes first. */
const EFFECT_AFTER_MS = 250;

/**
 * Where recorded steps wait until the page has reacted to them, or the next gesture starts (`flush`), so that what
 * each one changed about its element (its state, its list's order) can be read and sent with it as its effect. They
 * leave in the order the gestures were made. Runs in the page, built into the recorder.
 */
export function effectOutbox(send: (payload: Record<string, unknown>) => void, stateBefore: (element: Element) => ElementState | undefined) {
  const waiting: { payload: Record<string, unknown>; element?: Element; before?: ElementState | undefined; drag?: DragBefore }[] = [];
  let timer = 0;
  const flush = () => {
    window.clearTimeout(timer);
    for (const entry of waiting.splice(0)) {
      const effect: ElementState & { order?: string[]; shows?: string; place?: Place } = {};
      if (entry.element?.isConnected) {
        Object.assign(effect, entry.before ? changedState(entry.before, stateOf(entry.element)) : {});
        const order = entry.drag ? orderOf(entry.element) : undefined;
        // A list of one (a card alone in its cell) has no order to speak of.
        if (order && order.length > 1 && order.join('\n') !== entry.drag!.order.join('\n')) effect.order = order;
        // A layout keeps its items in their order and moves them on its grid: where the item went is the drag's effect.
        const place = entry.drag?.place && !effect.order ? placeOf(entry.element, entry.drag.place.levels) : undefined;
        if (place && !sitsAt(place, entry.drag!.place!)) effect.place = { levels: place.levels, left: place.left, top: place.top };
        // Keys typed where the page draws the text itself (a code editor, a grid's cell): replay checks it arrived.
        const typed = entry.payload.kind === 'type' && typeof entry.payload.value === 'string' ? entry.payload.value.trim() : '';
        if (typed && showsText(entry.element, typed)) effect.shows = typed;
      }
      send({ ...entry.payload, ...(Object.keys(effect).length ? { effect } : {}) });
    }
  };
  /** A step about `element` (for a drag, with its list's order and its place before), sent once its effect can be read. */
  const post = (payload: Record<string, unknown>, element?: Element, drag?: DragBefore) => {
    waiting.push({ payload, ...(element ? { element, before: stateBefore(element) } : {}), ...(drag ? { drag } : {}) });
    window.clearTimeout(timer);
    timer = window.setTimeout(flush, EFFECT_AFTER_MS);
  };
  return { post, flush };
}
