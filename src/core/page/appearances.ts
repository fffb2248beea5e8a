import { holdsText, isTextField } from './fields';
import { hiddenBefore, inOverlay, seen, shownHolder } from './seen-text';
import { labelledIn, labelOf, placesShowing, shownFields, spaced, textNodesOf } from './text-places';
import { listenedRoots } from './shadow-listeners';
import { isElementNode, isTextNode } from './node-kinds';

/**
 * Text a click put on the page: the option picked in a list that closed on the pick, now the select's value, a chip or
 * the value of the combobox's field; "Saved" in a status line. The effect of a click whose own element did not change and which opened nothing, kept as
 * `effect.appeared`; replay checks the text shows after the step, in at least as many places, so a release (or a
 * moment) where the pick or the save did not happen fails at that step instead of passing. Runs in the page.
 */
export interface Appeared {
  readonly text: string;
  /** The places that show it, when more than one (a heading already said "Team" before the plan became Team). */
  readonly count?: number | undefined;
}

/**
 * Text a click took off the page when it put none there (a chip's ×, a row's Delete, a dialog's Cancel), kept as
 * `effect.gone`; replay checks it shows in no more places than `count` (none when absent) after the step.
 */
export interface Gone {
  readonly text: string;
  /** The places that still show it, when some do (the same name in a list of options elsewhere). */
  readonly count?: number | undefined;
}

/** Words of a moment, gone before replay would look: the page is still at work. */
const OF_A_MOMENT = /^(loading|saving|sending|submitting|processing|please wait|searching|updating)\b|(\.\.\.|…)$/i;
/** Words of a date (a calendar's month, its weekdays), another on the day of a replay. */
const OF_A_DATE = /^(?:(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|mo|tu|we|th|fr|sa|su|today|tomorrow|yesterday)[\s,.]*)+$/i;
const REMEMBERED_MS = 10_000;
const MOST_REMEMBERED = 2000;

/** More places than this show the text, and it says nothing about the click. */
const MOST_PLACES = 20;
/** Readings of the fields' values remembered, for the gestures whose steps still wait for their effect. */
const MOST_READS = 16;

/** How far up from a clicked element its control reaches (a number field's stepper arrows sit beside its field). */
const CONTROL_LEVELS = 3;

/**
 * Text nodes looked at, as a key on the page goes down, for those out of sight: a slide deck's, not a whole book's;
 * and the time that may take (the key waits for it: a grid's arrow keys on a big page must not).
 */
const MOST_HIDDEN_READ = 1500;
const MOST_HIDDEN_READ_MS = 3;
/** Readings of the text out of sight remembered, for the keys whose steps still wait for their effect. */
const MOST_HIDDEN_READS = 8;

/** The element `levels` up from this one, or the highest below the body. */
function ancestorUp(element: Element, levels: number): Element | null {
  let node: Element | null = element;
  for (let level = 0; level < levels && node?.parentElement && node.parentElement !== document.body; level++) node = node.parentElement;
  return node === element ? null : node;
}

/** The press a click's step began with was read this close to the time the step was given (both clocks in ms). */
const NEXT_PRESS_WITHIN_MS = 15;

/** A text that may be a click's effect: short, with no number or date (counts and times differ on replay), not of a moment. */
const telling = (text: string) => text.length >= 2 && text.length <= 80 && !/\d/.test(text) && !OF_A_MOMENT.test(text) && !OF_A_DATE.test(text);

/**
 * A text that was on the page all along, out of sight, and a gesture showed: its numbers are the page's own ("Up 12 %"),
 * the same on replay.
 */
const shownAllAlong = (text: string) => text.length >= 2 && text.length <= 80 && !OF_A_MOMENT.test(text);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Whether a value says today's date or the time now (a "Today" or "Now" button's): another on the day of a replay. */
function ofNow(value: string, now = new Date()): boolean {
  const numbers = (value.match(/\d+/g) ?? []).map(Number);
  const month = numbers.includes(now.getMonth() + 1) || value.toLowerCase().includes(MONTHS[now.getMonth()]!);
  if (numbers.includes(now.getDate()) && month) return true;
  const time = /\b(\d{1,2})[:.h](\d{2})\b/.exec(value);
  if (!time) return false;
  const minutes = (Number(time[1]) % 12) * 60 + Number(time[2]);
  const nowMinutes = (now.getHours() % 12) * 60 + now.getMinutes();
  return Math.abs(minutes - nowMinutes) <= 10 || Math.abs(minutes - nowMinutes) >= 710;
}

/**
 * Where the text a key committed out of its field (Enter in a spreadsheet's cell editor) shows now: that it shows is
 * the key's effect, a number too ("7"), for the person typed it. What the page drew around it (a cell redrawn with its
 * neighbours, the editor's own measuring copy taken off) tells nothing and is not read.
 */
export function committedShowing(text: string, document: Document): Appeared | undefined {
  const count = placesShowing(text, document);
  if (count === 0 || count > MOST_PLACES || text.length > 80 || OF_A_MOMENT.test(text)) return undefined;
  return count > 1 ? { text: spaced(text), count } : { text: spaced(text) };
}

/** Something put on the page: a text node, or an element named by a label alone (see labelOf). */
type Added = { text: Text; at: number; revealed?: boolean } | { labelled: Element; at: number; revealed?: undefined };

/** What it reads, as a person reads it. */
const addedText = (entry: Added) => ('text' in entry ? spaced(entry.text.nodeValue ?? '') : labelOf(entry.labelled) ?? '');
/** Whether a person sees it now. */
const addedSeen = (entry: Added) => ('text' in entry ? seen(entry.text) : shownHolder(entry.labelled));

/** An element's kind as its page draws it: tag and classes (an item of a list, drawn again, has the same). */
const shapeOf = (element: Element) => `${element.localName}.${element.getAttribute('class') ?? ''}`;

/** Watches text added to and taken off the page, and says what a click put there. */
export function watchAppearances() {
  /**
   * Texts put on the page, or elements named by a label alone (`labelled`); `revealed`: already there, shown by
   * `hidden` or `aria-hidden="true"` taken off what holds it.
   */
  const added: Added[] = [];
  /** Texts (or labels) taken off the page, and whether a person saw them there (their holder showed, outside overlays). */
  const removed: { text: string; at: number; seen: boolean; label?: true; pressedShape?: string; node?: Node }[] = [];
  /**
   * What the person last pressed: a popup with no role that the press took off the page (a date's popup and its Close)
   * was seen there, though what held it (its portal, taken off with it) is gone by the time the change is read. One
   * with a role is `closed` instead.
   */
  let pressedIn: Element | undefined;
  const pressedInside = (removed: Node) => !!pressedIn && removed.contains(pressedIn) && !pressedIn.closest('dialog, [role=dialog], [role=alertdialog], [role=menu], [role=listbox], [role=tree], [role=grid]');
  const forget = (entries: { at: number }[], at: number) => {
    const stale = entries.findIndex((entry) => entry.at > at - REMEMBERED_MS);
    entries.splice(0, Math.max(stale < 0 ? entries.length : stale, entries.length - MOST_REMEMBERED));
  };
  new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      if (record.type === 'attributes') {
        const { target, attributeName, oldValue } = record;
        const wasHidden = attributeName === 'hidden' ? oldValue !== null : oldValue === 'true';
        const nowHidden = isElementNode(target) && (attributeName === 'hidden' ? target.hasAttribute('hidden') : target.getAttribute('aria-hidden') === 'true');
        if (wasHidden && !nowHidden) for (const text of textNodesOf(target)) added.push({ text, at, revealed: true });
        continue;
      }
      if (record.type === 'characterData' && isTextNode(record.target)) {
        added.push({ text: record.target, at });
        if (record.oldValue) removed.push({ text: spaced(record.oldValue), at, seen: seen(record.target) });
        continue;
      }
      for (const node of record.addedNodes) {
        for (const text of textNodesOf(node)) added.push({ text, at });
        for (const labelled of labelledIn(node)) added.push({ labelled, at });
      }
      // Text taken off an overlay (the list closing on a pick) is the overlay's: the picked option shown elsewhere is new.
      const from = isElementNode(record.target) && inOverlay(record.target, record.target);
      if (from || record.removedNodes.length === 0) continue;
      // Taken off, a text is no longer drawn: what showed it was its holder, still on the page.
      const holderSeen = isElementNode(record.target) && shownHolder(record.target, record.target);
      for (const node of record.removedNodes) {
        const shown = holderSeen || pressedInside(node);
        for (const text of textNodesOf(node)) {
          // A text taken off on its own (ProseMirror drawing a line anew) has no parent left: it was its holder's.
          const holder = text.parentElement ?? (isElementNode(record.target) ? record.target : null);
          if (!holder || inOverlay(holder, record.target as Element)) continue;
          // The pressed element's own text (a picked item's), and what held it: see appearedSince.
          const pressedShape = pressedIn?.contains(text) ? shapeOf(holder) : undefined;
          removed.push({ text: spaced(text.nodeValue ?? ''), at, seen: shown && !hiddenBefore(text, node), node: text, ...(pressedShape ? { pressedShape } : {}) });
        }
        for (const labelled of labelledIn(node)) if (!inOverlay(labelled, record.target as Element)) removed.push({ text: labelOf(labelled)!, at, seen: shown && !hiddenBefore(labelled, node), label: true, node: labelled });
      }
    }
    forget(added, at);
    forget(removed, at);
  }).observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true, attributes: true, attributeFilter: ['hidden', 'aria-hidden'], attributeOldValue: true });
  // A value set by script changes no node: the fields' values are read as each press begins, and as the first key
  // after it goes down (where a click's effect ends and typing begins), to be set against each other.
  const fieldsRead: { at: number; values: Map<Element, string>; lastField?: Element | undefined }[] = [];
  let keyRead = true;
  // The text field the person was last in: a picker's day clicked in a calendar drawn on the body sets its value.
  let lastField: Element | undefined;
  window.addEventListener('focusin', (event) => {
    const field = event.composedPath()[0];
    if (isElementNode(field) && holdsText(field)) lastField = field;
  }, true);
  const readFields = () => {
    fieldsRead.push({ at: performance.now(), values: new Map(shownFields(document, listenedRoots()).map((field) => [field, field.value])), lastField });
    fieldsRead.splice(0, Math.max(0, fieldsRead.length - MOST_READS));
  };
  window.addEventListener('pointerdown', (event) => {
    if (!event.isTrusted) return;
    const on = event.composedPath()[0];
    pressedIn = isElementNode(on) ? on : undefined;
    readHidden();
    readFields();
    keyRead = false;
  }, true);
  // A key on the page (no field: a deck's Space) or a click may show text that was there all along, out of sight by
  // its style (a fragment's `opacity: 0; visibility: hidden` until a class says visible, a toast's `display: none`
  // until it is shown): what was out of sight as it went down.
  const hiddenRead: { at: number; texts: Text[] }[] = [];
  const readHidden = () => {
    hiddenRead.push({ at: performance.now(), texts: outOfSight() });
    hiddenRead.splice(0, Math.max(0, hiddenRead.length - MOST_HIDDEN_READS));
  };
  window.addEventListener('keydown', (event) => {
    if (!event.isTrusted) return;
    const on = event.composedPath()[0];
    if (!(isElementNode(on) && isTextField(on))) readHidden();
    if (keyRead) return;
    readFields();
    keyRead = true;
  }, true);
  const outOfSight = (): Text[] => {
    const found: Text[] = [];
    const walker = document.createTreeWalker(document.body ?? document.documentElement, NodeFilter.SHOW_TEXT);
    let read = 0;
    const until = performance.now() + MOST_HIDDEN_READ_MS;
    for (let node = walker.nextNode(); node && read < MOST_HIDDEN_READ && (read % 100 !== 0 || performance.now() < until); node = walker.nextNode(), read++) {
      const holder = node.parentElement;
      if (holder && shownAllAlong(spaced(node.nodeValue ?? '')) && !holder.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !holder.closest('script, style, template, noscript')) found.push(node as Text);
    }
    return found;
  };
  /** Text out of sight as the key at `since` went down that shows now. */
  const shownSince = (since: number): Text[] => (hiddenRead.findLast((entry) => Math.abs(entry.at - since) <= NEXT_PRESS_WITHIN_MS)?.texts ?? []).filter((text) => seen(text));
  /** Values fields took from the press at `since` until the next input at `until` (a picked option in a combobox's field). */
  const valuesSetSince = (since: number, until: number): { value: string; field: Element; wasIn: boolean }[] => {
    const near = (at: number, time: number) => Math.abs(at - time) <= NEXT_PRESS_WITHIN_MS;
    const before = fieldsRead.findLast((entry) => near(entry.at, since));
    if (!before) return [];
    const after = fieldsRead.find((entry) => entry.at > before.at && near(entry.at, until));
    const valueAfter = (field: Element) => (after ? after.values.get(field) : (field as HTMLInputElement).value);
    return [...before.values].filter(([field, value]) => field.isConnected && valueAfter(field) !== undefined && valueAfter(field) !== value).map(([field]) => ({ value: spaced(valueAfter(field)!), field, wasIn: field === before.lastField }));
  };

  /**
   * The text a click on `gestureOn` that began at `since` put on the page before `until` and still shows: `preferred`
   * (the name of what was clicked, an option) if it appeared, else the first that appeared. Text drawn anew where it already was (a
   * list re-rendered) did not appear: what was taken off in the same moment is set against what was added.
   * `revealedToo`: text already there that the page showed (a slide a key on the page moved to) counts too.
   */
  /** `holding`: only a text that holds this one (what a field committed, drawn in another form) will do. */
  const appearedSince = (since: number, until: number, preferred: string, gestureOn: Element, revealedToo = false, holding?: string): Appeared | undefined => {
    // What shows in the editor clicked into is what was typed there, typing's effect (a `fill`'s, a `type`'s).
    const editing = gestureOn.closest('[contenteditable]:not([contenteditable="false"])');
    const gone = new Map<string, number>();
    /** What held the pressed element's own texts taken off: its item, drawn again as such, or elsewhere (the field it was picked for). */
    const pressedShapes = new Map<string, string[]>();
    for (const entry of removed) {
      if (entry.at < since || entry.at > until) continue;
      gone.set(entry.text, (gone.get(entry.text) ?? 0) + 1);
      if (entry.pressedShape) pressedShapes.set(entry.text, [...(pressedShapes.get(entry.text) ?? []), entry.pressedShape]);
    }
    const wanted = spaced(preferred).toLowerCase();
    const candidates: string[] = [];
    // A label is what tells of an element that shows no text (the edge two nodes were joined by): after any text.
    const labels: string[] = [];
    // A node added twice in one change (ProseMirror's bold: a <strong> put in, then the text moved into it) is one text.
    const counted = new Set<Text>();
    for (const entry of added) {
      if (entry.at < since || entry.at > until || (entry.revealed && !revealedToo)) continue;
      if ('text' in entry) {
        if (counted.has(entry.text)) continue;
        counted.add(entry.text);
      }
      const text = addedText(entry);
      const taken = gone.get(text) ?? 0;
      // The picked item's own text, taken off with its list and shown where the list was drawn for (a spreadsheet's
      // cell, by a list of no role): it appeared there. Drawn again in an item like its own, it is the list redrawn.
      const pickedShown = taken > 0 && text.toLowerCase() === wanted && 'text' in entry && !!entry.text.parentElement
        && !!pressedShapes.get(text) && !pressedShapes.get(text)!.includes(shapeOf(entry.text.parentElement));
      if (taken > 0 && !pickedShown) {
        gone.set(text, taken - 1);
        continue;
      }
      if (!telling(text) || candidates.includes(text) || labels.includes(text)) continue;
      if (addedSeen(entry) && !('text' in entry && editing?.contains(entry.text))) ('text' in entry ? candidates : labels).push(text);
    }
    // A number the click put in its own control's field (a stepper's arrow) is what it did, as sure as a word.
    const group = ancestorUp(gestureOn, CONTROL_LEVELS);
    // So is a date a picker's day put in the field the person was in (its calendar drawn on the body), unless it is
    // today's, or the time now: a "Today" button's, another on the day of a replay.
    for (const { value, field, wasIn } of valuesSetSince(since, until)) {
      const own = (!!group?.contains(field) || wasIn) && value.length >= 1 && value.length <= 80 && !OF_A_MOMENT.test(value) && !OF_A_DATE.test(value) && !ofNow(value);
      if ((telling(value) || own) && !candidates.includes(value)) candidates.push(value);
    }
    if (revealedToo) {
      for (const text of shownSince(since)) {
        const value = spaced(text.nodeValue ?? '');
        if (!candidates.includes(value)) candidates.push(value);
      }
    }
    candidates.push(...labels.filter((label) => !candidates.includes(label)));
    if (holding !== undefined) {
      const held = spaced(holding).toLowerCase();
      candidates.splice(0, candidates.length, ...candidates.filter((candidate) => candidate.toLowerCase().includes(held)));
    }
    const text = candidates.find((candidate) => candidate.toLowerCase() === wanted) ?? candidates[0];
    if (!text) return undefined;
    const count = placesShowing(text, document);
    // A text shown all over the page ("Edit" on each row) does not tell whether the click did anything.
    if (count > MOST_PLACES) return undefined;
    return count > 1 ? { text, count } : { text };
  };

  /**
   * The first text a click on `gestureOn` that began at `since` took off the page before `until`, that a person saw
   * there and that shows in fewer places now: what was taken off and drawn again in the same moment did not go.
   */
  const goneSince = (since: number, until: number, gestureOn: Element): Gone | undefined => {
    const editing = gestureOn.closest('[contenteditable]:not([contenteditable="false"])');
    const back = new Map<string, number>();
    for (const entry of added) {
      if (entry.at < since || entry.at > until || !addedSeen(entry)) continue;
      const text = addedText(entry);
      back.set(text, (back.get(text) ?? 0) + 1);
    }
    const taken = new Map<string, number>();
    // Texts first, then labels (an edge deleted by its key): as what appeared.
    for (const entry of [...removed.filter((one) => !one.label), ...removed.filter((one) => one.label)]) {
      // A node taken off and put back (a grid's rows sorted: moved, not gone) did not go, whatever its style said.
      if (entry.at < since || entry.at > until || !entry.seen || !telling(entry.text) || editing || entry.node?.isConnected) continue;
      taken.set(entry.text, (taken.get(entry.text) ?? 0) + 1);
    }
    for (const [text, times] of taken) {
      if (times <= (back.get(text) ?? 0)) continue;
      const count = placesShowing(text, document);
      if (count > MOST_PLACES) continue;
      return count ? { text, count } : { text };
    }
    return undefined;
  };

  /**
   * The picked item's own text (`name`: a calendar's day, "22") that a click on `gestureOn` at `since` wrote outside
   * the popup it was picked in before `until` (the field's day section, "10" become "22"): what the pick set. A number
   * alone tells nothing as an appearance; where the item picked is that number, it is the pick's whole effect.
   */
  const pickShownSince = (since: number, until: number, name: string, gestureOn: Element): Appeared | undefined => {
    const wanted = spaced(name).toLowerCase();
    const popup = gestureOn.closest('dialog, [role=dialog], [role=listbox], [role=grid], [role=tree], [role=menu]');
    if (!wanted || !popup) return undefined;
    const shown = added.find((entry) => entry.at >= since && entry.at <= until && 'text' in entry && !popup.contains(entry.text)
      && addedText(entry).toLowerCase() === wanted && addedSeen(entry));
    if (!shown) return undefined;
    const text = addedText(shown);
    const count = placesShowing(text, document);
    if (!count || count > MOST_PLACES) return undefined;
    return count > 1 ? { text, count } : { text };
  };
  return { appearedSince, goneSince, pickShownSince };
}
