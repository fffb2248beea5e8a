import { isTextField } from './fields';
import type { Described, Recording } from './recording';

/** How long after the pointer is released a gesture has to become a step (a click is held 400 ms for a double click). */
const ACCOUNT_AFTER_MS = 700;

/**
 * The ledger of pointer gestures: every press the person makes is a step, part of one, or judged to have done nothing
 * because the page did not change. A press that changed the page and left no step is a problem, sent at once with what
 * was pressed, so the person sees it where they are: never a gesture silently dropped. Runs in the page.
 */
export function recordLedger(r: Recording) {
  const gesture = r.gesture;
  let open: { element: Element; described: Described; mutations: number } | null = null;
  let timer = 0;
  /** Settles the gesture under way: accounted for, or reported. */
  const settle = () => {
    window.clearTimeout(timer);
    const entry = open;
    open = null;
    if (!entry || gesture.sent || gesture.accounted || r.heldClicks.has(entry.element)) return;
    // A press into a text field places the caret for the typing after it: the field's own rule makes it a step when it
    // changed the page at once (a combobox opening), and what the page does as the person types is the typing's.
    if (isTextField(entry.element)) return;
    // What the page changed until the person's first key: typing's own effects are the typing's.
    if ((gesture.mutationsAtKey ?? gesture.mutations) === entry.mutations) return;
    r.raw({ kind: 'click', mark: '', fingerprint: entry.described.fingerprint, selectors: [], problem: 'it changed the page, but no step came of it', token: r.token });
  };
  /** A press starts a gesture (after the one before it is settled); `described` is its element as pressed. */
  const pressed = (element: Element, described: Described) => {
    settle();
    open = { element, described, mutations: gesture.mutations };
  };
  window.addEventListener('pointerup', (event) => {
    if (!event.isTrusted || !open) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(settle, ACCOUNT_AFTER_MS);
  }, true);
  return { pressed, settle };
}
