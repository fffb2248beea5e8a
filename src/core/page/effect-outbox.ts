import { changedState, orderOf, showsText, stateOf, type ElementState } from './element-state';

/** How long after a step the page has had to react, when no other gesture comes first. */
const EFFECT_AFTER_MS = 250;

/**
 * Where recorded steps wait until the page has reacted to them, or the next gesture starts (`flush`), so that what
 * each one changed about its element (its state, its list's order) can be read and sent with it as its effect. They
 * leave in the order the gestures were made. Runs in the page, built into the recorder.
 */
export function effectOutbox(send: (payload: Record<string, unknown>) => void, stateBefore: (element: Element) => ElementState | undefined) {
  const waiting: { payload: Record<string, unknown>; element?: Element; before?: ElementState | undefined; order?: string[] }[] = [];
  let timer = 0;
  const flush = () => {
    window.clearTimeout(timer);
    for (const entry of waiting.splice(0)) {
      const effect: ElementState & { order?: string[]; shows?: string } = {};
      if (entry.element?.isConnected) {
        Object.assign(effect, entry.before ? changedState(entry.before, stateOf(entry.element)) : {});
        const order = entry.order ? orderOf(entry.element) : undefined;
        if (order && order.join('\n') !== entry.order!.join('\n')) effect.order = order;
        // Keys typed where the page draws the text itself (a code editor, a grid's cell): replay checks it arrived.
        const typed = entry.payload.kind === 'type' && typeof entry.payload.value === 'string' ? entry.payload.value.trim() : '';
        if (typed && showsText(entry.element, typed)) effect.shows = typed;
      }
      send({ ...entry.payload, ...(Object.keys(effect).length ? { effect } : {}) });
    }
  };
  /** A step about `element` (whose list's order before is `order`, for a drag), sent once its effect can be read. */
  const post = (payload: Record<string, unknown>, element?: Element, order?: string[]) => {
    waiting.push({ payload, ...(element ? { element, before: stateBefore(element) } : {}), ...(order ? { order } : {}) });
    window.clearTimeout(timer);
    timer = window.setTimeout(flush, EFFECT_AFTER_MS);
  };
  return { post, flush };
}
