/** How long before a gesture a place the page keeps changing by itself (a clock, a spinner, a feed) counts as busy. */
const BUSY_BEFORE_MS = 1500;
/** Changes remembered: enough for the busiest page's last few seconds. */
const MOST_REMEMBERED = 5000;
const REMEMBERED_MS = 10_000;
/** The person's input, whose handlers' changes are the person's doing wherever they are. */
const KEY_EVENTS = new Set(['keydown', 'keypress', 'keyup']);
const INPUT_EVENTS = ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'];

/**
 * Where the page changed, and when: so that what a gesture did is told apart from what the page was doing anyway. A
 * change counts for a gesture when the page's handlers of a person's input made it, or when it is in a node the page
 * had not been changing by itself in the moments before the gesture (a clock's text, ticking, is not a key's doing).
 * Runs in the page; `ignored` drops the recorder's own marks.
 */
export function watchPageChanges(ignored: (record: MutationRecord) => boolean) {
  const changes: { node: Node; at: number; byInput: boolean; byKey: boolean }[] = [];
  // True while a trusted input event is dispatched (from the window's capture to its bubbling, or the task's end when
  // the page stops it): mutation records are delivered after each handler, so its changes are seen as its own.
  let inInput = false;
  // And whether it is a key's own event (not the input it makes): a page that answers keys, not values.
  let inKey = false;
  const settled = new MessageChannel();
  settled.port1.onmessage = () => (inInput = inKey = false);
  for (const type of INPUT_EVENTS) {
    window.addEventListener(type, (event) => {
      if (!event.isTrusted) return;
      inInput = true;
      inKey = KEY_EVENTS.has(type);
      settled.port2.postMessage(0);
    }, true);
    window.addEventListener(type, () => (inInput = inKey = false));
  }
  new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) if (!ignored(record)) changes.push({ node: record.target, at, byInput: inInput, byKey: inKey });
    const stale = changes.findIndex((change) => change.at > at - REMEMBERED_MS);
    changes.splice(0, Math.max(stale < 0 ? changes.length : stale, changes.length - MOST_REMEMBERED));
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  /**
   * Whether the page changed since `at` (a `performance.now()` time), and before `until` if given, by a person's input
   * or where it was not busy.
   */
  const changedSince = (at: number, until = Infinity): boolean => {
    const busy = new Set(changes.filter((change) => change.at < at && change.at >= at - BUSY_BEFORE_MS && !change.byInput).map((change) => change.node));
    return changes.some((change) => change.at >= at && change.at < until && (change.byInput || !busy.has(change.node)));
  };
  /**
   * Whether the page's handlers of the keys themselves (not of the input they made) changed it outside `field` since
   * `at`: a mention menu opened on keyup, which setting the field's value at once would never open.
   */
  const keysAnsweredSince = (at: number, field: Element): boolean => changes.some((change) => change.at >= at && change.byKey && !field.contains(change.node));
  /** Whether a person's input is being handled now: the changes the page makes now are theirs. */
  const duringInput = () => inInput;
  return { changedSince, keysAnsweredSince, duringInput };
}
