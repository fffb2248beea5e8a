import { describeInPage } from './describe-in-page';
import { stateOf, type ElementState } from './element-state';
import { effectOutbox, type StepReading } from './effect-outbox';
import { isTextField } from './fields';
import { layoutAreaOf, layoutPrintOf } from './layout-print';
import { animating } from './settling';
import { RECORDER_HOST, RECORDING_MARK } from './keys';
import { watchAppearances } from './appearances';
import { watchCurrents } from './currents';
import { watchOpenings } from './openings';
import { watchPageChanges } from './page-changes';
import { recordAsserts } from './record-asserts';
import { recordDialogs } from './record-dialogs';
import { recordDrags } from './record-drags';
import { recordHovers } from './record-hovers';
import { recordKeys } from './record-keys';
import { recordLedger } from './record-ledger';
import { recordPointer } from './record-pointer';
import { recordScroll } from './record-scroll';
import { installOverlay } from './record-toolbar';
import { recordTyping } from './record-typing';
import type { Described, GestureState, Recording, StepExtra } from './recording';
import { selectorsInPage } from './selectors-in-page';
import { proveSelectors, type SelectorProof } from './proven-selectors';
import { listenInsideShadowRoots } from './shadow-listeners';
import { isElementNode } from './node-kinds';

/** Steps a pointer press began: what they opened, they opened since the press. */
const POINTER_KINDS = new Set(['click', 'doubleClick', 'rightClick']);
/** Wheel turns closer than this are one scroll. */
const WHEEL_TURNS_WITHIN_MS = 300;
/** The longest Stop waits for the page to react to the last steps (a drawing still moving, within the outbox's own bound). */
const STOP_WAITS_MS = 2500;

/**
 * Runs in every frame while recording: reports what a person does, and to which element. The element is described
 * (role, name, anchor, selectors) at the start of the gesture, in the capture phase of pointerdown / keydown / focusin,
 * before the page reacts: a button that hides, renames itself or removes its row is recorded as it was when the
 * person aimed at it. The element is also marked with a temporary attribute, so the engine can name it with its own
 * snapshot when it is still there (elements in shadow roots and frames).
 * Listeners are on the window, not the document: a tab opened by window.open keeps the window of its first, empty
 * document (where this script ran) for the page it then loads, and scripts for new documents do not run again.
 * This is the recorder's core (the binding, descriptions, held clicks, steps waiting for their effect); each family
 * of gestures is a unit of its own (record-*.ts). Listeners of one event type run in the order the units install them.
 */

export function installRecorder(binding: string, token: string): void {
  const win = window as unknown as Record<string, unknown>;
  // The binding is taken off the page's window before any script of the page runs, and kept where the next recording
  // in this document finds it (the context exposes one binding for all its recordings). Each event carries a token only
  // this script knows, so a page that got hold of the binding still records nothing.
  const kept = Symbol.for(`rehearse.binding.${binding}`);
  const stash = window as unknown as Record<symbol, unknown>;
  const binding_ = (win[binding] ?? stash[kept]) as ((event: unknown) => Promise<void>) | undefined;
  delete win[binding];
  if (binding_ && !stash[kept]) Object.defineProperty(window, kept, { value: binding_, configurable: true });
  /** While the recorder stops, events are handed back with its call (a binding call could arrive after it). */
  let handedBack: unknown[] | undefined;
  const documentId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  /**
   * How many events this document sent through the binding: the engine, stopping, waits until it has them all. A binding
   * call reaches it some time after it was made, maybe after the call that stops the recorder.
   */
  let sent = 0;
  const raw = (event: unknown) => void (handedBack ? handedBack.push(event) : binding_?.({ ...(event as object), via: { document: documentId, sent: ++sent } }));
  const installed = Symbol.for(`rehearse.recorder.${token}`);
  if (!binding_ || (win as unknown as Record<symbol, unknown>)[installed]) return;
  // Under that name: a way for the recorder, when it stops, to take the clicks still held back (see below).
  Object.defineProperty(win, installed, {
    value: async () => {
      handedBack = [];
      // Typing still in a field when the person stops is written as it is then.
      if (gesture.typingIn) flushFill(gesture.typingIn);
      flushHeld();
      ledger.settle();
      // The last steps' effects are read as any others are, once the page has reacted (a drawing still moving is told).
      await outboxIdle(STOP_WAITS_MS);
      flushOutbox();
      const events = handedBack;
      handedBack = undefined;
      return { events, document: documentId, sent };
    },
    enumerable: false,
  });
  let counter = 0;
  // The engine names an element by this mark only where the page could not (in a frame, in a shadow root); elsewhere
  // nothing is written into the page, whose content an editor may save. The engine removes each mark once it has named it.
  const markOf = (element: Element, selectors: readonly string[]): string => {
    if (selectors.length && window.top === window) return '';
    // A mark of its own for each step, beside those of earlier steps on the same element not yet named: the engine
    // takes each off once it has named its element.
    const mark = `${Date.now().toString(36)}-${counter++}`;
    element.setAttribute(RECORDING_MARK, `${element.getAttribute(RECORDING_MARK) ?? ''} ${mark}`.trim());
    return mark;
  };
  /** Descriptions taken at the start of a gesture, per element, until the gesture is reported. */
  const described = new WeakMap<Element, Described>();
  /** The proof of each description's selectors, settled when its step is sent (see proveSelectors). */
  const proofs = new WeakMap<Described, SelectorProof>();
  /** The element's state at the start of its gesture: what the gesture changed is its effect. */
  const statesBefore = new WeakMap<Element, ElementState>();
  const { openedSince, closedSince, gestureBegins } = watchOpenings();
  const { appearedSince, goneSince, pickShownSince } = watchAppearances();
  // The recorder's own marks and toolbar are not the page's doing.
  const { changedSince, keysAnsweredSince, duringInput } = watchPageChanges((record) => record.attributeName === RECORDING_MARK
    || (isElementNode(record.target) && record.target.closest(RECORDER_HOST) !== null));
  const { madeCurrentSince } = watchCurrents(duringInput);
  const describeNow = (element: Element) => {
    const named = describeInPage(element);
    const { section, cell, ...found } = selectorsInPage(element, named, describeInPage);
    const fingerprint = { ...named, ...(section ? { section } : {}), ...(cell ? { cell } : {}) };
    // The address too: a click on a link changes it before the step is sent.
    const description: Described = { fingerprint, ...found, url: location.href };
    // A frame's are proven in the frame, where replay runs them once it has entered it (the engine adds the hops).
    proofs.set(description, proveSelectors(element, found.selectors));
    described.set(element, description);
    readBefore(element);
    gestureBegins(element);
    return description;
  };
  /** The element's state as its gesture begins. */
  const readBefore = (element: Element) => {
    // Read while nothing in the area animates: a layout still gliding into place (a drop's) is no "before" of this
    // gesture. (The area itself may: a calendar fading in moves all it holds together.)
    const laidOut = layoutAreaOf(element);
    const print = !laidOut || animating(laidOut.area) ? undefined : layoutPrintOf(element, laidOut.levels);
    statesBefore.set(element, { ...stateOf(element), ...(print ? { layout: { ...laidOut!, print } } : {}) });
  };
  const descriptionOf = (element: Element) => described.get(element) ?? describeNow(element);
  // Steps wait until the page has reacted to them (or the next gesture starts), so that what each changed is read.
  // When the person's last presses and keys came (performance.now): where one gesture's effect ends and the next's begins.
  // The wheel too: rows a virtual list draws as the person scrolls on are not the click's before it. Its first turn
  // begins a gesture; the turns that follow at once are the same one.
  const inputs: { at: number; byPointer: boolean }[] = [];
  let wheelAt = -Infinity;
  for (const type of ['pointerdown', 'keydown', 'wheel']) {
    window.addEventListener(type, (event) => {
      if (!event.isTrusted) return;
      if (type === 'wheel') {
        const turning = event.timeStamp - wheelAt < WHEEL_TURNS_WITHIN_MS;
        wheelAt = event.timeStamp;
        if (turning) return;
        // What the click before it did is read before the scroll takes it out of view.
        flushHeld();
        flushOutbox();
      }
      inputs.push({ at: event.timeStamp, byPointer: type === 'pointerdown' });
      if (inputs.length > 100) inputs.shift();
    }, { capture: true, passive: true });
  }
  const nextInputAfter = (time: number, pointerAfter: number) => inputs.find(({ at, byPointer }) => at > (byPointer ? pointerAfter : time))?.at;
  const { post, flush: flushOutbox, idle: outboxIdle } = effectOutbox((payload) => raw({ ...payload, document: documentId }), (element) => statesBefore.get(element), { openedSince, closedSince, appearedSince, goneSince, pickShownSince, madeCurrentSince }, nextInputAfter);
  // A click is held back for the length of a double click (two clicks that make one are recorded as one doubleClick),
  // or, when it may leave the page (a link, a submit button), until the page's own handlers have run: either way a
  // confirm() the click opens is answered before the step is sent, and the step carries the answer. Anything else the
  // person does first, or the page unloading, sends the clicks held back, so steps keep their order.
  const heldClicks = new Map<Element, { timer: number; extra: StepExtra; since: number }>();
  const flushHeld = (except?: Element, only?: Element) => {
    if (!only) gesture.pendingFieldClick?.();
    for (const [element, held] of [...heldClicks]) {
      if (element === except || !heldClicks.has(element)) continue;
      if (only && element !== only) continue;
      window.clearTimeout(held.timer);
      heldClicks.delete(element);
      send('click', element, held.extra, { since: held.since });
    }
  };
  // "Once the page's handlers have run" is a message to ourselves: unlike a timer, it is not slowed down when the click
  // opened a tab and this page went to the background.
  const afterHandlers = new MessageChannel();
  afterHandlers.port1.onmessage = () => {
    for (const [element, held] of heldClicks) if (held.timer === 0) flushHeld(undefined, element);
  };
  const hold = (element: Element, ms: number, extra: StepExtra) => {
    if (heldClicks.has(element)) flushHeld();
    descriptionOf(element);
    // Its gesture began at its press: sent during the next one (a second press on the same arrow), it is still its own.
    heldClicks.set(element, { extra: { ...extra }, timer: ms ? window.setTimeout(() => flushHeld(), ms) : 0, since: gesture.pressedSince });
    if (!ms) afterHandlers.port2.postMessage(0);
  };
  // A page leaving, hidden behind a tab it opened, or losing the focus sends what it holds: the next gesture may be elsewhere.
  for (const type of ['pagehide', 'beforeunload', 'blur']) {
    window.addEventListener(type, (event) => {
      if (event.target === window || type !== 'blur') {
        flushHeld();
        flushOutbox();
      }
    }, true);
  }
  window.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      flushHeld();
      flushOutbox();
    }
  });
  const gesture: GestureState = {
    element: null, pressedOn: null, pressButton: 0, personInputAt: 0, pressedAt: 0, tabbedAt: 0, sent: false, clickSeen: false,
    mutations: 0, mutationsAtPress: 0, mutationsAtKey: null, pressedSince: 0, keySince: null, pendingFieldClick: null, typingIn: null, untouched: undefined, backgroundClick: null, suppressClickOn: null, accounted: false, steps: 0, mouseDragging: false, keyedOn: null, proxyTyping: null, keyPressedOn: null,
  };
  const send = (kind: Parameters<Recording['send']>[0], element: Element, extra: StepExtra = {}, reading?: StepReading): void => {
    if (kind !== 'click' || !heldClicks.has(element)) flushHeld(kind === 'doubleClick' ? element : undefined);
    // A step on the field, or on what holds it (a select's box clicked, which focused its input), replays its focus.
    if (gesture.untouched && element.contains(gesture.untouched.element)) gesture.untouched = undefined;
    gesture.sent = true;
    gesture.steps++;
    try {
      const taken = descriptionOf(element);
      const proof = proofs.get(taken);
      const description = proof ? { ...taken, selectors: proof.settle() } : taken;
      // A click is sent once its handlers have run: what it opened, it opened since the press.
      const since = reading?.since ?? (POINTER_KINDS.has(kind) && performance.now() - gesture.pressedSince < 5000 ? gesture.pressedSince : undefined);
      post({ kind, mark: markOf(element, description.selectors), ...description, ...extra, token }, element, { ...reading, ...(since !== undefined ? { since } : {}) });
    } catch (error) {
      // A page the recorder does not understand (a library that rewrites the DOM's own properties) loses no step in
      // silence: the person is told which gesture and why.
      const fingerprint = described.get(element)?.fingerprint ?? { role: 'generic', name: element.localName };
      raw({ kind, mark: '', fingerprint, selectors: [], problem: `it could not be described (${String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200)})`, token });
    }
    // The next gesture is described afresh. A field keeps its description while it is being typed into, a click into
    // it included: what is typed after is named as the person found the field, not by the text they typed.
    if (kind !== 'fill' && !(kind === 'click' && isTextField(element))) described.delete(element);
  };
  const recording: Recording = {
    token, gesture, send, post, raw, describeNow, readBefore, isDescribed: (element) => described.has(element), descriptionOf, heldClicks, hold, flushHeld, flushOutbox, changedSince, keysAnsweredSince,
    actedSince: (mutations, at) => gesture.mutations !== mutations && changedSince(at),
  };
  // The toolbar's listeners first: a press on it, or a click in an assert mode, goes no further.
  const overlay = installOverlay(window.top === window);
  const { setMode } = recordAsserts(recording, overlay, () => {
    if (gesture.typingIn) flushFill(gesture.typingIn);
  });
  // What the engine tells this frame: the mode (chosen in another frame, or in VS Code), a line to show, the end.
  Object.defineProperty(win, Symbol.for(`rehearse.recorder.${token}.control`), {
    value: { setMode, say: overlay.say, remove: overlay.remove },
    enumerable: false, configurable: true,
  });
  // Only what a person does: events a page script dispatches are not trusted, and not recorded (each unit checks).
  const { flushFill, onChange } = recordTyping(recording);
  const ledger = recordLedger(recording);
  // Before the press is: a scroll still settling as a press begins is written first, as the gesture before it.
  const onScroll = recordScroll(recording);
  recordPointer(recording, flushFill, ledger.pressed);
  recordHovers(recording);
  recordDialogs(recording);
  recordDrags(recording);
  recordKeys(recording, flushFill, ledger.keyed);
  // change and scroll do not leave a shadow root (they are not composed): heard inside each one too.
  listenInsideShadowRoots({ change: onChange, scroll: onScroll });
}
