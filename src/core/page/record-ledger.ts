import { describeInPage, type PageFingerprint } from './describe-in-page';
import { deepActiveElement } from './element-at-point';
import { isTextField } from './fields';
import type { Described, Recording } from './recording';

/** How long after the pointer or the key is released a gesture has to become a step (a click is held 400 ms for a double click). */
const ACCOUNT_AFTER_MS = 700;

/**
 * The ledger of gestures: every press of the pointer or of a key the person makes is a step, part of one (typing), or
 * judged to have done nothing because the page did not change. One that changed the page and left no step is a
 * problem, sent at once naming it, so the person sees it where they are: never a gesture silently dropped. Runs in the
 * page; what the page keeps changing by itself (a clock) is not a gesture's doing.
 */
export function recordLedger(r: Recording) {
  const gesture = r.gesture;
  let pointer: { element: Element; described: Described; mutations: number; at: number } | null = null;
  let key: { element: Element; name: string; fingerprint: PageFingerprint | undefined; mutations: number; steps: number; at: number; typed: boolean; clicked: boolean } | null = null;
  const timers = { pointer: 0, key: 0 };
  const report = (kind: 'click' | 'press', fingerprint: PageFingerprint, value?: string) => {
    r.raw({ kind, mark: '', fingerprint, selectors: [], value, problem: 'it changed the page, but no step came of it', token: r.token });
  };
  /** Settles the press under way: accounted for, or reported. */
  const settlePointer = () => {
    window.clearTimeout(timers.pointer);
    const entry = pointer;
    pointer = null;
    if (!entry || gesture.sent || gesture.accounted || r.heldClicks.has(entry.element)) return;
    // A press into a text field places the caret for the typing after it: the field's own rule makes it a step when it
    // changed the page at once (a combobox opening), and what the page does as the person types is the typing's.
    if (isTextField(entry.element)) return;
    // What the page changed until the person's first key: typing's own effects are the typing's.
    if ((gesture.mutationsAtKey ?? gesture.mutations) !== entry.mutations && r.changedSince(entry.at, gesture.keySince ?? Infinity)) report('click', entry.described.fingerprint);
  };
  /** Settles the key under way. */
  const settleKey = () => {
    window.clearTimeout(timers.key);
    const entry = key;
    key = null;
    if (!entry || entry.typed || entry.clicked || gesture.steps !== entry.steps || r.heldClicks.size || gesture.proxyTyping?.element === entry.element) return;
    if (!r.actedSince(entry.mutations, entry.at)) return;
    // A key that opened a field and put the focus in it (a grid cell's editor the first key opens) began typing there:
    // the typing's step is written when it ends.
    const focused = deepActiveElement();
    if (focused && focused !== entry.element && isTextField(focused)) return;
    const fingerprint = entry.element.isConnected ? describeInPage(entry.element) : entry.fingerprint;
    if (fingerprint) report('press', fingerprint, entry.name);
  };
  const settle = () => {
    settlePointer();
    settleKey();
  };
  /**
   * A press starts a gesture (after the press before it is settled); `described` is its element as pressed. A key
   * under way is left to its own time: what it does may be decided a moment after it is up.
   */
  const pressed = (element: Element, described: Described) => {
    settlePointer();
    pointer = { element, described, mutations: gesture.mutations, at: performance.now() };
  };
  /**
   * A key pressed on `element`, named as Playwright names it (the key before it is decided by now). What it is on is
   * described now unless it is a field, which the key will not take away: a key that removes its element is named as
   * it was.
   */
  const keyed = (element: Element, name: string) => {
    settleKey();
    key = {
      element, name, fingerprint: isTextField(element) ? undefined : describeInPage(element),
      mutations: gesture.mutations, steps: gesture.steps, at: performance.now(), typed: false, clicked: false,
    };
  };
  // The key typed into a field (the field's fill holds it), or clicked what it was on (Enter, Space on a button).
  window.addEventListener('input', (event) => {
    if (event.isTrusted && key) key.typed = true;
  }, true);
  window.addEventListener('click', (event) => {
    if (event.isTrusted && key && event.detail === 0) key.clicked = true;
  }, true);
  window.addEventListener('pointerup', (event) => {
    if (!event.isTrusted || !pointer) return;
    window.clearTimeout(timers.pointer);
    timers.pointer = window.setTimeout(settlePointer, ACCOUNT_AFTER_MS);
  }, true);
  window.addEventListener('keyup', (event) => {
    if (!event.isTrusted || !key) return;
    window.clearTimeout(timers.key);
    timers.key = window.setTimeout(settleKey, ACCOUNT_AFTER_MS);
  }, true);
  return { pressed, keyed, settle };
}
