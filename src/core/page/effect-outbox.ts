import { isKeyboardEditor, isTextField, valueOf } from './fields';
import { caretLine, changedState, orderOf, shownText as textOf, showsText, stateOf, type EffectFacts, type ElementState } from './element-state';
import { drawingOf } from './drawing';
import { placeEffect, placeOf, placeWithin, sitsAt, type Place } from './element-place';
import { committedShowing, type Appeared, type Gone } from './appearances';
import { placesShowing } from './text-places';
import { itemAbove, sameWithin, type Within } from './item-above';
import type { Current } from './currents';
import { shows, type Opened } from './openings';
import { layoutPrintOf } from './layout-print';
import { animating } from './settling';
import { drawnAnew } from './drawn-anew';
import { isSecretElement } from '../snapshot/secret-fields';

/**
 * The text an Enter or a Tab took out of the field it was pressed in to put it elsewhere: the field emptied (a message
 * sent) or hidden with it (a spreadsheet's editor, which stays on the page, transparent, until the next edit). Never a
 * secret's.
 */
function committedText(field: Element, kind: string, key: unknown, before: string | undefined): string | undefined {
  if (kind !== 'press' || !/^(Enter|Tab)$/.test(String(key)) || !before?.trim() || !isTextField(field) || isSecretElement(field)) return undefined;
  // A field left with its text still showing (Tab out of a form's field) committed nothing elsewhere.
  const hidden = !field.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  return !valueOf(field).trim() || hidden ? before.trim() : undefined;
}

/** The text a key took out of the element it was pressed on, where it shows no more: gone from there, and how often it still shows. */
function clearedText(element: Element, before: string | undefined): Gone | undefined {
  if (!before || before.length > 80 || !element.isConnected || textOf(element).includes(before)) return undefined;
  const count = placesShowing(before, document);
  return count ? { text: before, count } : { text: before };
}

/** What a gesture did elsewhere on the page, read when its own element did not change (see openings, appearances). */
export interface Elsewhere {
  openedSince(since: number, until: number, byKey: boolean, gestureOn: Element): Opened | undefined;
  /** What the gesture closed; `aroundOnly`: only an overlay it was made in. */
  closedSince(gestureOn: Element, aroundOnly?: boolean): Opened | undefined;
  appearedSince(since: number, until: number, preferred: string, gestureOn: Element, revealedToo?: boolean, holding?: string): Appeared | undefined;
  goneSince(since: number, until: number, gestureOn: Element): Gone | undefined;
  pickShownSince(since: number, until: number, name: string, gestureOn: Element): Appeared | undefined;
  madeCurrentSince(since: number, until: number): Current | undefined;
}

/** What a drag's effect is read against: the list's order and the dragged element's place in its layout, before. */
export interface DragBefore {
  order: string[];
  place?: Place | undefined;
  /** The layout the place is in: where an item the library drew anew on the drop (a calendar's event) is found again. */
  layout?: Element | undefined;
  /** Its size in CSS pixels (a layout that grows under it changes its share, not its size). */
  size?: { width: number; height: number } | undefined;
  /** The text fields of its widget and what they held (a colour picker's value field). */
  fields?: ReadonlyMap<Element, string> | undefined;
  /** The tree item it was under (null: at the top of its tree); undefined when it is no tree's item. */
  within?: Within | null | undefined;
}

/** The value a field of the dragged element's widget came to, shown where a person reads it: the drag's effect. */
function valueSetIn(fields: ReadonlyMap<Element, string>): Appeared | undefined {
  for (const [field, before] of fields) {
    const now = valueOf(field).trim();
    if (field.isConnected && now && now !== before.trim() && now.length <= 80) return committedShowing(now, document);
  }
  return undefined;
}

/** A size this many pixels (or an eighth) off is another: an edge or a corner pulled. */
const RESIZED_PX = 4;
const resizedFrom = (before: { width: number; height: number }, box: DOMRect) =>
  [[before.width, box.width], [before.height, box.height]].some(([was, now]) => Math.abs(now! - was!) > Math.max(RESIZED_PX, was! / 8));

/** How many levels up from `element` `layout` is. */
function levelsUp(element: Element, layout: Element): number | undefined {
  let levels = 0;
  for (let node: Element | null = element; node && levels <= 20; node = node.parentElement, levels++) if (node === layout) return levels;
  return undefined;
}

/** What a step's effect is read against besides its element's state: a drag's before, the text a key should show. */
export interface StepReading {
  drag?: DragBefore;
  /** Text that the step puts on the page around its element (a tag's text made a chip by its delimiter key). */
  shows?: string;
  /** When the gesture began (performance.now), if before the step is posted: what opened since is its doing. */
  since?: number;
  /** What the element a Delete or Backspace was pressed on showed, before (a spreadsheet's cell the key clears). */
  textBefore?: string;
  /** The order of the list a key was pressed in, before: a key that drops an item it lifted (Space) reordered it. */
  orderBefore?: string[];
  /** The list that item sat in, before: a key that drops it into another list moved it there. */
  listBefore?: Element | undefined;
  /** Where that item sat in its list, before: an arrow that carries a lifted item moves it there. */
  placeBefore?: Place | undefined;
  /** What the field a key was pressed in held as it went down. */
  fieldBefore?: string;
  /** The effect, known as the step is made: a hover's opened menu, which the press that follows it closes. */
  known?: EffectFacts;
  /** The line an editor's caret was on as typing there was written: the next key (Enter) moves it before the read. */
  caretLine?: string | undefined;
}

/** A person's input this long after a gesture began is the next gesture (the clock of `since` and of Date differ a little). */
const NEXT_GESTURE_AFTER_MS = 20;
/** A double click's second press comes within this: it is the same gesture's (a key is the next gesture at once). */
const DOUBLE_CLICK_MS = 500;
/** Gestures whose effect may be what they opened elsewhere, when their own element did not change. */
const OPENING_KINDS = new Set(['press', 'click', 'doubleClick', 'dropIn']);

/** What a person picks from a list, a grid or a tree. */
const PICKED_ITEMS = '[role=gridcell], [role=option], [role=treeitem], [role=menuitemradio], td';
/** The name the step's element had as its gesture began. */
const nameOf = (payload: Record<string, unknown>) => {
  const fingerprint = payload.fingerprint as { name?: unknown } | undefined;
  return typeof fingerprint?.name === 'string' ? fingerprint.name : '';
};

/** The words `after` has that `before` had not (as many times), in order: none when they are many (a text pasted). */
function wordsAdded(before: string, after: string): string | undefined {
  const had = new Map<string, number>();
  for (const word of before.split(/\s+/).filter(Boolean)) had.set(word, (had.get(word) ?? 0) + 1);
  const added = after.split(/\s+/).filter(Boolean).filter((word) => {
    const left = had.get(word) ?? 0;
    had.set(word, left - 1);
    return left <= 0;
  });
  const text = added.join(' ');
  return text && text.length <= MOST_WORDS_CHARS ? text : undefined;
}

/** Whether two lists hold the same items, in any order. */
const sameItems = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** How long after a step the page has had to react, when no other gesture comes first. */
const EFFECT_AFTER_MS = 250;
/** While the page animates, its state is looked at again this often, and read when it has been still this long. */
const SETTLE_CHECK_MS = 80;
/** The longest a step waits for the page's animations to end (after its posting) before its effect is read anyway. */
const SETTLE_MOST_MS = 2000;
/** How often a stop waiting for the last steps looks whether they have left. */
const IDLE_CHECK_MS = 20;
/** Two looks at a drawing or a layout this far apart that differ: it moves by itself. */
const LOOKS_APART_MS = 50;
/** Words a key wrote into its field, longer than this, are not a word or two it completed. */
const MOST_WORDS_CHARS = 80;

/** A step waiting for its effect to be read: its element's state at its gesture's start, and its drawing last looked at. */
interface Waiting {
  payload: Record<string, unknown>;
  element?: Element;
  before?: ElementState | undefined;
  reading: StepReading;
  since: number;
  /** When it was last looked at, and whether it differed from the look before. */
  looked?: { print: string; at: number; changed: boolean };
}

/** What the element draws and how the area around it is laid out, where its gesture began with either. */
function printOf(entry: Waiting): string | undefined {
  const { element, before } = entry;
  const layout = layoutNow(element, before);
  if (!element?.isConnected && layout === undefined) return undefined;
  if (before?.drawing === undefined && !before?.layout) return undefined;
  return `${before.drawing !== undefined && element?.isConnected ? drawingOf(element) ?? '' : ''} ${layout ?? ''}`;
}

/**
 * How the area of a step's element is laid out now, where its gesture began with it: read from the area itself when
 * the element was drawn anew with what it holds (a calendar that renders itself whole on its arrow).
 */
function layoutNow(element: Element | undefined, before: ElementState | undefined): string | undefined {
  if (!before?.layout) return undefined;
  if (element?.isConnected) return layoutPrintOf(element, before.layout.levels);
  return before.layout.area.isConnected ? layoutPrintOf(before.layout.area, 0) : undefined;
}

/**
 * Where recorded steps wait until the page has reacted to them, or the next gesture starts (`flush`), so that what
 * each one changed about its element (its state, its list's order) can be read and sent with it as its effect. They
 * leave in the order the gestures were made. Runs in the page, built into the recorder.
 */
export function effectOutbox(send: (payload: Record<string, unknown>) => void, stateBefore: (element: Element) => ElementState | undefined, elsewhere: Elsewhere, nextInputAfter: (time: number, pointerAfter: number) => number | undefined) {
  const waiting: Waiting[] = [];
  let timer = 0;
  let postedAt = 0;
  let animatedAt = 0;
  /** What each step's element draws and how its area is laid out, looked at again: one still changing is waited for. */
  const look = (now: number) => {
    for (const entry of waiting) {
      const print = printOf(entry);
      if (print === undefined) continue;
      const changed = entry.looked !== undefined && entry.looked.print !== print;
      if (changed) animatedAt = now;
      entry.looked = { print, at: now, changed };
    }
  };
  /** A library's animation (a drop gliding into place) ends before the state it leads to is drawn: read after it. */
  const flushWhenStill = () => {
    const now = performance.now();
    look(now);
    if (animating()) animatedAt = now;
    if (now - animatedAt < SETTLE_CHECK_MS && now - postedAt < SETTLE_MOST_MS) {
      timer = window.setTimeout(flushWhenStill, SETTLE_CHECK_MS);
      return;
    }
    flush();
  };
  const flush = () => {
    window.clearTimeout(timer);
    const now = performance.now();
    for (const entry of waiting.splice(0)) {
      // A drawing or a layout that changed between the last two looks moves by itself (a live chart, a ticker): what
      // it shows after the gesture is no effect of it. (Flushed by the next gesture before a look, it is not known.)
      const { looked } = entry;
      const moving = looked !== undefined && (now - looked.at < LOOKS_APART_MS ? looked.changed : printOf(entry) !== looked.print);
      if (entry.reading.known) {
        send({ ...entry.payload, ...(Object.keys(entry.reading.known).length ? { effect: entry.reading.known } : {}) });
        continue;
      }
      const effect: EffectFacts = {};
      const { drag } = entry.reading;
      const { listBefore } = entry.reading;
      // An item a key dropped into another list is drawn anew there by some libraries: looked for in the whole page.
      const layout = drag?.layout ?? (listBefore ? document.body : undefined);
      const element = entry.element?.isConnected ? entry.element : entry.element ? drawnAnew(entry.element, layout, drag ? entry.payload : undefined) : undefined;
      if (element) {
        Object.assign(effect, entry.before ? changedState(entry.before, stateOf(element)) : {});
        if (moving) delete effect.redrawn;
        // A slider's thumb moved along its track: its value is what the drag did, not its siblings' (the marks') order.
        const orderBefore = drag?.order ?? entry.reading.orderBefore;
        const order = orderBefore && effect.value === undefined ? orderOf(element) : undefined;
        // A list of one (a card alone in its cell) has no order to speak of. A key only reorders: the same items (F2
        // turning an item into its rename box changed one, and moved none).
        // A key that dropped the item into another list (a board's column) did as a drag does.
        const movedList = listBefore !== undefined && element.parentElement !== listBefore;
        // Or a dragged item drawn anew alone in a list of its own (a dock's tab dropped on a group's edge), from a list of several.
        const aloneNow = drag && element !== entry.element && order?.length === 1 && orderBefore!.length > 1;
        const reordered = order && (order.length > 1 || aloneNow) && order.join('\n') !== orderBefore!.join('\n') && (drag || movedList || sameItems(order, orderBefore!));
        if (reordered) effect.order = order;
        // A layout keeps its items in their order and moves them on its grid: where the item went is the drag's effect.
        // (The layout drawn anew with the item, as a board that renders itself whole: as many levels up as it was.)
        const levels = drag?.place && !effect.order && effect.value === undefined ? (drag.layout?.isConnected ? levelsUp(element, drag.layout) : drag.place.levels) : undefined;
        const place = levels ? placeOf(element, levels) : undefined;
        // Or what it pulled: an edge or a corner that resized it in place.
        const resized = place && drag!.size && resizedFrom(drag!.size, element.getBoundingClientRect());
        const moved = place && (resized || !sitsAt(place, drag!.place!)) ? placeEffect(place, resized ? 'resized' : 'moved') : undefined;
        if (moved) effect.place = moved;
        // A tree's item dropped into a folder: the folder it is in (a tree drawn flat keeps it where it was in the
        // list, a level deeper).
        const within = drag && drag.within !== undefined ? itemAbove(element) : undefined;
        if (within && !(drag!.within && sameWithin(within, drag!.within))) effect.within = within;
        // Keys typed where the page draws the text itself (a code editor, a grid's cell): replay checks it arrived.
        const typed = (entry.payload.kind === 'type' && typeof entry.payload.value === 'string' ? entry.payload.value : entry.reading.shows ?? '').trim();
        // A spin button's key (a date's segment typed over) is checked by the value it came to, not by text around it.
        const spunTo = stateOf(element).value;
        if (spunTo !== undefined) {
          if (entry.reading.shows !== undefined && effect.value === undefined) effect.value = spunTo;
        } else {
          // In a document of lines drawn by an editor of its own (rich text typed key by key), the line the keys ended
          // in, which holds them: typed elsewhere (the caret put back by the editor) the text shows, and that line does not.
          const line = typed && entry.payload.kind === 'type' && (element as HTMLElement).isContentEditable && isKeyboardEditor(element) ? entry.reading.caretLine ?? caretLine(element) : undefined;
          if (line && line.includes(typed) && showsText(element, typed)) effect.value = line;
          else if (typed && showsText(element, typed)) effect.shows = typed;
          // An editor that turned the keys into something else ("# Plan" into a heading "Plan"): the line they came to,
          // which a release whose editor keeps the keys as typed does not show.
          else if (typed && entry.payload.kind === 'type' && isKeyboardEditor(element) && isTextField(element)) {
            const line = entry.reading.caretLine ?? caretLine(element);
            if (line) effect.value = line;
          }
          // The text a delimiter key took out of its field (a tag's comma): the field holds what is left.
          if (entry.reading.shows !== undefined && isTextField(element) && valueOf(element) !== entry.reading.shows) effect.value = valueOf(element);
        }
      }
      // An item a key moved within its list without reordering it yet (a sortable list's arrow carrying a lifted item):
      // where it went, which replay waits for before the next key.
      const { placeBefore } = entry.reading;
      if (element && placeBefore && !Object.keys(effect).length) {
        const now = placeOf(element, placeBefore.levels);
        // Carried a slot at least (half its size): a bullet a carousel's key made smaller (scaled) went nowhere.
        const within = now && !sitsAt(now, placeBefore, 2) ? placeWithin(element, placeBefore.levels) : undefined;
        const carried = within && placeEffect(within);
        if (carried) effect.place = carried;
      }
      // Nothing changed about the element itself: what the gesture opened elsewhere (a dialog, F2's rename box) is its effect.
      const kind = String(entry.payload.kind);
      if (!Object.keys(effect).length && entry.element && OPENING_KINDS.has(kind)) {
        // Until the person's next gesture began (a double click's second press is its own): what typing after a click
        // drew, or the next click opened, is theirs.
        const next = entry.since + NEXT_GESTURE_AFTER_MS;
        const until = nextInputAfter(next, kind === 'doubleClick' ? entry.since + DOUBLE_CLICK_MS : next) ?? performance.now();
        const opened = elsewhere.openedSince(entry.since, until, kind === 'press', entry.element);
        // The element it made current (the carousel's bullet for the slide it moved to): the most lasting fact after an opening.
        const current = opened ? undefined : elsewhere.madeCurrentSince(entry.since, until);
        // Text a click put on the page (a key's may be what was typed before it, which a variable may change on replay);
        // or a key that took its field off the page (Enter committing a rename box): what shows in its place.
        const committed = committedText(entry.element, kind, entry.payload.value, entry.reading.fieldBefore);
        const tookField = kind === 'press' && isTextField(entry.element) && (!shows(entry.element) || committed !== undefined);
        // So does a key pressed on no field (a page's "?" shortcut, the "s" that ends "g s", a deck's Space on the page,
        // Escape on a focused button): it typed nothing. What it showed counts too, text that was there all along out
        // of sight (the slide an arrow moved a deck to, a fragment); a click's as well (a panel its button shows).
        const offField = kind === 'press' && !isTextField(entry.element);
        // A dialog the gesture was made in that closed (its Save, its Close) says it best: what shows again behind it
        // (the page a modal had hidden from screen readers) tells nothing of the gesture.
        const closedAround = opened || current ? undefined : elsewhere.closedSince(entry.element, true);
        const dialogClosed = closedAround && /dialog$/.test(closedAround.role) ? closedAround : undefined;
        // A key that cleared the element it was pressed on (Delete on a spreadsheet's cell): the text it took off.
        const cleared = opened || current || dialogClosed ? undefined : clearedText(entry.element, entry.reading.textBefore);
        const appeared = opened || current || dialogClosed || cleared || (kind === 'press' && !tookField && !offField) ? undefined
          // The committed text may show in another form (a link's address written out in full, "https://…").
          : committed !== undefined ? committedShowing(committed, document) ?? elsewhere.appearedSince(entry.since, until, committed, entry.element, false, committed)
          : elsewhere.appearedSince(entry.since, until, nameOf(entry.payload), entry.element, offField || kind === 'click');
        // Else the text it took off the page (a chip its × removed, with the × itself; Delete on a focused tag). Another
        // key's may be a list drawn anew for what was typed.
        const removing = kind !== 'press' || /^(Delete|Backspace)$/.test(String(entry.payload.value));
        const gone = cleared ?? (opened || current || dialogClosed || appeared || !removing ? undefined : elsewhere.goneSince(entry.since, until, entry.element));
        // Else what it closed (a dialog's Close, Escape on a menu).
        const closed = opened || current || appeared || gone ? undefined : dialogClosed ?? elsewhere.closedSince(entry.element);
        // An item picked in a picker's dialog (a calendar's day) closes it, as a release where the pick sets nothing
        // would too: what the pick put in the field it was picked for (its own text, the day) is kept beside.
        const picked = dialogClosed && kind === 'click' && entry.element.closest(PICKED_ITEMS) ? elsewhere.pickShownSince(entry.since, until, nameOf(entry.payload), entry.element) : undefined;
        Object.assign(effect, opened ? { opened } : {}, current ? { current } : {}, appeared ? { appeared } : {}, picked ? { appeared: picked } : {}, gone ? { gone } : {}, closed ? { closed } : {});
      }
      // A key in a field that did nothing else there but write words into it (Enter picking a mention, Tab taking a
      // suggestion): those words, which a release where the key does nothing would not show.
      const { fieldBefore } = entry.reading;
      if (!Object.keys(effect).length && element && fieldBefore !== undefined && isTextField(element)) {
        const written = wordsAdded(fieldBefore, valueOf(element));
        if (written) effect.shows = written;
      }
      // A swipe that changed nothing about what it dragged: the slide it moved to, as the carousel marks it current. Or
      // a drag from one thing to another that drew something new between them (the edge a node editor joins them by).
      // Or a drag in an area of a widget whose value only its field says (a colour picker's square: the colour's text).
      if (!Object.keys(effect).length && entry.element && kind === 'drag') {
        const until = nextInputAfter(entry.since + NEXT_GESTURE_AFTER_MS, entry.since + NEXT_GESTURE_AFTER_MS) ?? performance.now();
        const setInField = entry.reading.drag?.fields && valueSetIn(entry.reading.drag.fields);
        const current = setInField ? undefined : elsewhere.madeCurrentSince(entry.since, until);
        const appeared = setInField || current ? setInField : elsewhere.appearedSince(entry.since, until, '', entry.element);
        Object.assign(effect, current ? { current } : {}, appeared ? { appeared } : {});
      }
      // Nothing else came of it, yet the area around it is laid out anew (a map zoomed by its button or a key, a list
      // switched to a grid): that is what it did. Not a field's (text typed or taken out reflows it) nor a key that
      // only moves the focus.
      const layoutBefore = entry.before?.layout;
      const laysOut = kind === 'drag' || (OPENING_KINDS.has(kind) && !!entry.element && !isTextField(entry.element) && !(kind === 'press' && /^(Shift\+)?Tab$/.test(String(entry.payload.value))));
      // Not around an element the gesture took off the page for good (an edit icon its click replaced by the editor):
      // replay finds none to read around. One drawn anew with the area (a calendar's "Next", with the month) it finds.
      const readable = element ?? (entry.element && drawnAnew(entry.element, undefined, entry.payload) ? entry.element : undefined);
      if (!Object.keys(effect).length && layoutBefore && laysOut && !moving && readable) {
        const now = layoutNow(readable, entry.before);
        if (now !== undefined && now !== layoutBefore.print) effect.rearranged = { levels: layoutBefore.levels, from: layoutBefore.print };
        // A drag that changed what is inside the element and left it where it was (a task's progress handle in a Gantt
        // chart): it stays there too, so a replay that pressed beside the handle and moved the whole task fails.
        const placedBefore = kind === 'drag' ? entry.reading.drag?.place : undefined;
        const stayed = effect.rearranged && element && placedBefore ? placeOf(element, placedBefore.levels) : undefined;
        const kept = stayed && sitsAt(stayed, { ...placedBefore!, stays: true }) ? placeEffect(stayed, 'stays') : undefined;
        if (kept) effect.place = kept;
      }
      send({ ...entry.payload, ...(Object.keys(effect).length ? { effect } : {}) });
    }
  };
  /** A step about `element` (for a drag, with its list's order and its place before), sent once its effect can be read. */
  const post = (payload: Record<string, unknown>, element?: Element, reading: StepReading = {}) => {
    waiting.push({ payload, ...(element ? { element, before: stateBefore(element) } : {}), reading, since: reading.since ?? performance.now() });
    window.clearTimeout(timer);
    postedAt = performance.now();
    animatedAt = 0;
    // Looked at once before the effect is read, so that a drawing or a layout moving by itself shows as moving.
    timer = window.setTimeout(() => {
      look(performance.now());
      timer = window.setTimeout(flushWhenStill, SETTLE_CHECK_MS);
    }, EFFECT_AFTER_MS - SETTLE_CHECK_MS);
  };
  /** Resolves once every waiting step has been sent as the page reacted, or after `mostMs` with them sent as they are. */
  const idle = (mostMs: number) => new Promise<void>((resolve) => {
    const until = performance.now() + mostMs;
    const check = () => {
      if (waiting.length && performance.now() < until) return void window.setTimeout(check, IDLE_CHECK_MS);
      flush();
      resolve();
    };
    check();
  });
  return { post, flush, idle };
}
