import type { PageFingerprint } from './describe-in-page';
import type { TrailPoint } from '../act/drag-trail';
import type { StepReading } from './effect-outbox';
import type { dropCandidates } from './pointer-drag';
import type { RecordedEvent } from './recorded-event';
import type { Within } from './item-above';

/**
 * What the recorder's gesture units share while recording in a page (installRecorder builds it, each unit listens for
 * one family of gestures): the gesture under way, and the ways a step leaves the page.
 */

/** Fields of a step beyond its kind and element, as the units build them. */
export type StepExtra = { -readonly [K in keyof RecordedEvent]?: RecordedEvent[K] };

export interface GestureState {
  /** The element of the gesture under way: a dialog it opens is its answer. */
  element: Element | null;
  /** Where the pointer last went down, and with which button (0 the primary, 1 the middle one). */
  pressedOn: Element | null;
  pressButton: number;
  /** When the person last pressed a button or a key: focus that follows is theirs (autofocus is not). */
  personInputAt: number;
  /** When the pointer last went down. */
  pressedAt: number;
  /** When the person last pressed Tab: focus that follows is theirs. */
  tabbedAt: number;
  /** Whether the gesture under way (since the last pointerdown) has become a step, and whether a click came of it. */
  sent: boolean;
  clickSeen: boolean;
  /** Changes the page made, in all; when the person last pressed; when they first pressed a key after that. */
  mutations: number;
  mutationsAtPress: number;
  mutationsAtKey: number | null;
  /** The same two moments as `performance.now()` times, which the page's changes and a step's `since` are timed by. */
  pressedSince: number;
  keySince: number | null;
  /** A click into a field whose step is still to be decided (did it change the page?): decided before any other step. */
  pendingFieldClick: (() => void) | null;
  /** The text field the person is in, whose typing is written when they leave it or start another gesture. */
  typingIn: Element | null;
  /** A field the person focused and left as it was, so far: a focus step unless something else comes of it. */
  untouched: { element: Element; value: string } | undefined;
  /** The click that made a field lose focus (recorded as its blur), not a step of its own. */
  backgroundClick: Element | null;
  /** The click that ends a drag or a text selection, which is part of it. */
  suppressClickOn: Element | null;
  /** How many steps this page has sent: a key that made none is told apart by it. */
  steps: number;
  /** The gesture under way is accounted for without a step of its own (a text selection, a scrollbar, a problem sent). */
  accounted: boolean;
  /** A press moved past the drag distance: what follows is a drag, not a click. */
  mouseDragging: boolean;
  /**
   * A key that types, pressed on something that is not a field (a grid's cell), until it is up: a field the page opens
   * for it meanwhile (the cell's editor) is typed into through it.
   */
  keyedOn: { element: Element; key: string; at: number; since: number; mutations: number; steps: number } | null;
  /** What was typed so far into a code editor's input proxy, written as one `type` before its next other key or gesture. */
  proxyTyping: { element: Element; text: string } | null;
  /**
   * A key recorded as a `press` on something that is not a field (Enter on a button or a link), and when (event time):
   * the click the browser makes of it is that press, replayed by it, not a second step.
   */
  keyPressedOn: { element: Element; at: number } | null;
}

export interface Described {
  fingerprint: PageFingerprint;
  selectors: string[];
  namePattern?: string;
  url: string;
}

export interface Recording {
  readonly token: string;
  readonly gesture: GestureState;
  /** A step about `element`, described as it was at the start of its gesture; `reading` what its effect is read against. */
  send(kind: RecordedEvent['kind'], element: Element, extra?: StepExtra, reading?: StepReading): void;
  /** A step that is about no element of its own (a page scroll, a dialog answer), sent once its effect is read. */
  post(payload: Record<string, unknown>, element?: Element, reading?: StepReading): void;
  /** An event straight to the engine (a problem), not waiting for any effect. */
  raw(event: unknown): void;
  /** Describes the element now, for the gesture starting. */
  describeNow(element: Element): Described;
  /** Reads the element's state anew as a gesture on it begins (it was described earlier, as it got the focus). */
  readBefore(element: Element): void;
  isDescribed(element: Element): boolean;
  /** The element as its gesture found it, if described since; else as it is now. */
  descriptionOf(element: Element): Described;
  /** Clicks held back (a double click may follow, a dialog may open) and the extra fields each will carry. */
  readonly heldClicks: Map<Element, { timer: number; extra: StepExtra; since: number }>;
  hold(element: Element, ms: number, extra: StepExtra): void;
  /** Sends the clicks held back, but `except`'s; or only `only`'s. */
  flushHeld(except?: Element, only?: Element): void;
  /** Sends the steps waiting for their effect. */
  flushOutbox(): void;
  /**
   * Whether the page changed since `at` (a `performance.now()` time), and before `until` if given, where it was not
   * busy changing by itself.
   */
  changedSince(at: number, until?: number): boolean;
  /** Whether the page's handlers of keys (keydown, keypress, keyup) changed it outside `field` since `at`. */
  keysAnsweredSince(at: number, field: Element): boolean;
  /** Whether a gesture that started at `at`, when the page had made `mutations` changes, changed the page since. */
  actedSince(mutations: number, at: number): boolean;
}

/** The element a pointer press could start to drag, and where things stood before it moved. */
export interface PressedForDrag {
  x: number;
  y: number;
  element: Element;
  /** What the press was on as a click would name it: the cell an item was picked up from, else the element itself. */
  around: Element;
  order: string[];
  /** The tree item it was under (null: at the top of its tree); undefined when it is no tree's item. */
  within: Within | null | undefined;
  places: ReturnType<typeof dropCandidates>;
  containers: ReturnType<typeof dropCandidates>;
  /** Where on the element the press was, in CSS pixels from its top-left corner. */
  picked: [number, number];
  /** The element and its ancestors when the drag began, innermost first, with their boxes: where it stood in its layout. */
  ancestry: { element: Element; box: DOMRect }[];
  /** Each place the pointer moved to while pressed, in pixels from the press: the way the hand went (see drag-trail). */
  trail: TrailPoint[];
  /** The last moves while pressed, [time, x, y]: how fast the hand went as it let go. */
  recent: [number, number, number][];
  /** What held `around` at the press, innermost first: a library may draw the pressed handle anew as its drag begins. */
  holders: Element[];
  /** The text fields of the pressed element's widget and their values at the press (a colour picker's value). */
  fields: ReadonlyMap<Element, string>;
}

/** The control a label is for, if the element is inside one. */
export const controlOfLabel = (element: Element) => element.closest('label')?.control ?? null;
