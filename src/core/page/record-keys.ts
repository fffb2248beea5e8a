import { deepActiveElement } from './element-at-point';
import { orderOf, shownText } from './element-state';
import { placeOf } from './element-place';
import { isKeyboardEditor, isTextField, isToggle, valueOf } from './fields';
import { subjectOf } from './record-typing';

import type { Recording } from './recording';
import { keysServe } from './widget-keyboard';
import { isTag } from './node-kinds';

// Keys that do something beyond typing: Enter, Escape, Tab, arrows and the like outside text fields, and any key
// with Control, Alt or Meta.
const COMMAND_KEYS = new Set(['Enter', 'Escape', 'Tab']);
/** Keys that type nothing and command nothing by themselves. */
const NOT_COMMANDS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'NumLock', 'ScrollLock', 'Fn', 'Dead', 'Process', 'Unidentified', 'Compose']);
const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Delete', 'Backspace', ' ']);
/** Keys that in a field move the caret or edit its text, and in a widget's field may act on the page instead. */
const FIELD_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Delete', 'Backspace']);
const EDITING_KEYS = new Set(['Delete', 'Backspace']);

/** How far apart the keys of a page's key sequence may be (a shortcut library's own wait is about a second). */
const SEQUENCE_MS = 1500;
/** Keys before the one that ends a sequence, at most. */
const MOST_IN_SEQUENCE = 3;

/** A key with no element focused goes to the page: there is no element to name. */
const isThePage = (element: Element) => element === document.body || element === document.documentElement;

/**
 * A key as Playwright names it, with its modifiers (`Shift+Tab`, `Control+a`). A character typed with Shift on no field
 * keeps it (`Shift+?`): a page's shortcut may ask for it, and a replayed `?` alone comes without it.
 */
function keyName(event: KeyboardEvent, onField: boolean): string {
  const chord = event.ctrlKey || event.altKey || event.metaKey;
  const key = event.key === ' ' ? 'Space' : event.key;
  return `${event.ctrlKey ? 'Control+' : ''}${event.altKey ? 'Alt+' : ''}${event.metaKey ? 'Meta+' : ''}${event.shiftKey && (key.length > 1 || chord || !onField) ? 'Shift+' : ''}${key}`;
}

/** Key presses that are steps of their own, written as Playwright names them (`Shift+Tab`, `Control+a`). */
export function recordKeys(r: Recording, flushFill: (element: Element, typed?: string) => void, keyed: (element: Element, name: string) => void): void {
  const gesture = r.gesture;
  /** A caret, editing or function key pressed in a field, until its keyup says whether it acted on the page. */
  let inField: { element: Element; event: KeyboardEvent; mutations: number; steps: number; value: string; at: number } | null = null;
  /** A character typed in a field, until its keyup says whether the field took it or the page did (a tag's comma). */
  let charInField: { element: Element; event: KeyboardEvent; value: string; inputs: number; at: number; atCaret: boolean } | null = null;
  let inputs = 0;
  /** A key on something that is not a field, up, whose outcome is read a moment later: once its click has come. */
  let pressIfItActed: (() => void) | null = null;
  window.addEventListener('input', (event) => {
    if (event.isTrusted) inputs++;
  }, true);
  window.addEventListener('keydown', (event) => {
    const target = event.isTrusted ? subjectOf(event) : null;
    if (target) {
      gesture.element = target;
      gesture.personInputAt = Date.now();
      if (event.key === 'Tab') gesture.tabbedAt = Date.now();
    }
    if (!target || event.repeat || NOT_COMMANDS.has(event.key)) return;
    // Only the key recorded last may own the click that follows (Space on a button after an Enter on it is its click).
    gesture.keyPressedOn = null;
    // A click held back for a double click is not one now: it is sent, and what it and the keys before did is read
    // before this key acts (a slider's handle clicked, then an arrow: the click did not move it, the arrow did).
    r.flushHeld();
    r.flushOutbox();
    // The key before this one is decided now: the click it could make has come, and the ledger reads its outcome.
    pressIfItActed?.();
    const chord = event.ctrlKey || event.altKey || event.metaKey;
    const field = isTextField(target);
    // Selecting all, copying, cutting and pasting in a field are part of typing: the value it ends with is the fill.
    const typingChord = field && (event.ctrlKey || event.metaKey) && !event.altKey && ['a', 'c', 'x', 'v', 'z', 'y'].includes(event.key.toLowerCase());
    if (!typingChord) keyed(target, keyName(event, field));
    const editor = isKeyboardEditor(target);
    // A key an editor of its own takes (no input event comes of it there) is typing, not a key the field refused.
    charInField = field && !editor && !chord && event.key.length === 1 ? { element: target, event, value: valueOf(target), inputs, at: performance.now(), atCaret: caretOnly(target) } : null;
    if (editor) {
      // A code editor's keyboard: its characters are one `type`, every other key (arrows, Enter, Backspace, select-all)
      // a `press`, in order: the editor, not a field's value, decides what they do.
      if (event.key.length === 1 && !chord) {
        gesture.proxyTyping = { element: target, text: (gesture.proxyTyping?.element === target ? gesture.proxyTyping.text : '') + event.key };
        return;
      }
      flushFill(target);
      // What it held before: Enter committing a spreadsheet's cell from the textarea that is its keyboard empties it.
      r.send('press', target, { value: keyName(event, true) }, { fieldBefore: valueOf(target) });
      return;
    }
    if (!field && !chord && event.key.length === 1 && !(isTag(target, 'select'))) {
      // The click before it (held for a double click) is written first; the element is described as the key finds it,
      // before the page's handlers turn it into an editor.
      r.flushHeld();
      // Keys into a field the person cannot see that a widget keeps for its keyboard (a JSON editor's hidden input) are
      // on what they last pressed there: the value it selected, which a key starts editing.
      const pressed = gesture.pressedOn;
      const on = pressed?.isConnected && keysServe(target, pressed) ? pressed : target;
      gesture.keyedOn = { element: on, key: event.key, at: Date.now(), since: performance.now(), mutations: gesture.mutations, steps: gesture.steps };
      r.describeNow(on);
    }
    if (typingChord) return;
    // Keys that move within a select or press a button or toggle are recorded by what they did (change, click).
    const movesWithin = isTag(target, 'select') || (event.key === ' ' && (isTag(target, 'button') || isToggle(target)));
    // On something that is not a field, a key that types nothing (F2, Insert, a menu key) is a command to the widget.
    const command = event.key.length > 1 && !NOT_COMMANDS.has(event.key);
    const recorded = COMMAND_KEYS.has(event.key) || chord || (!field && NAVIGATION_KEYS.has(event.key) && !movesWithin) || (!field && command && !movesWithin);
    if (field && !chord && (FIELD_KEYS.has(event.key) || (command && !COMMAND_KEYS.has(event.key)))) {
      // What was typed comes first: a combobox's arrow moves through the options the typing filtered.
      if (!EDITING_KEYS.has(event.key)) flushFill(target);
      inField = { element: target, event, mutations: gesture.mutations, steps: gesture.steps, value: valueOf(target), at: performance.now() };
    }
    if (!recorded) return;
    if (field) flushFill(target);
    // A key with no element focused goes to the page (a block editor's Enter where its caret is): no element to name.
    const onPage = isThePage(target);
    if (!field) gesture.keyPressedOn = { element: target, at: event.timeStamp };
    // Its state before is now, not when it got the focus (an arrow that moved the focus into a menu still placing itself).
    if (!field && !onPage) r.readBefore(target);
    // A key on an item of a list may move it (a sortable list's Space drops the item the arrows carried).
    r.send('press', target, { value: keyName(event, field), ...(onPage ? { page: true } : {}) }, onPage ? undefined : field ? { fieldBefore: valueOf(target) } : { orderBefore: orderOf(target), placeBefore: placeOf(target, 1), listBefore: target.parentElement ?? undefined, ...(/^(Delete|Backspace)$/.test(event.key) ? { textBefore: shownText(target) } : {}) });
  }, true);
  // A key in a field that moved a widget's highlight or removed a chip, and typed nothing, is a press of that key.
  window.addEventListener('keyup', (event) => {
    const pressed = inField;
    inField = null;
    if (!event.isTrusted || !pressed || pressed.event.key !== event.key || !pressed.element.isConnected) return;
    const typed = EDITING_KEYS.has(event.key) && valueOf(pressed.element) !== pressed.value;
    if (typed || gesture.steps !== pressed.steps || !r.actedSince(pressed.mutations, pressed.at)) return;
    r.send('press', pressed.element, { value: keyName(pressed.event, true) }, { since: pressed.at, fieldBefore: pressed.value });
  }, true);
  // A character the field did not take (no input came of it) that the page answered (a tag input making a chip of the
  // text and emptying the field) is a press of that key, after what was typed before it: replay types the text, then
  // the key, and the page answers as it did.
  window.addEventListener('keyup', (event) => {
    const typed = charInField;
    charInField = null;
    if (!event.isTrusted || !typed || typed.event.key !== event.key || !typed.element.isConnected) return;
    // Or the field took it and the page at once took the text typed before it out (Tagify's comma, typed, then the
    // text made a tag): the field is shorter for a character typed at the caret. Not a selection typed over, which the
    // character replaces, nor a mask that reshapes the text (a separator added, a placeholder filled).
    const now = valueOf(typed.element);
    const tookText = typed.inputs !== inputs && typed.atCaret && typed.value.trim() !== '' && now.length < typed.value.length && !now.includes(typed.value.trim());
    if (typed.inputs !== inputs && !tookText) return;
    if (now === typed.value && !r.changedSince(typed.at)) return;
    flushFill(typed.element, typed.value);
    r.send('press', typed.element, { value: keyName(typed.event, true) }, { shows: typed.value, since: typed.at });
  }, true);
  // A field the page focuses once the key is up (or after a click) was not opened by that key.
  window.addEventListener('keyup', (event) => {
    if (!event.isTrusted) return;
    const keyed = gesture.keyedOn;
    gesture.keyedOn = null;
    // A typing key on something that is not a field, which opened no field and made no step but changed the page (a
    // list's or a tree's type-ahead, a shortcut), is a press of that key: kept, not dropped. Read once the click a key
    // may make (Space on a button) has come.
    if (!keyed) return;
    const timer = window.setTimeout(() => pressIfItActed?.(), 50);
    pressIfItActed = () => {
      window.clearTimeout(timer);
      pressIfItActed = null;
      decide(keyed, event);
    };
  }, true);
  /**
   * Typing keys on something that is not a field that did nothing by themselves, kept a moment: the first keys of a
   * sequence (the "g" of a page's "g s" shortcut) are steps when the key that ends it acts.
   */
  let unanswered: { element: Element; value: string; since: number; at: number }[] = [];
  const decide = (keyed: NonNullable<typeof gesture.keyedOn>, event: KeyboardEvent) => {
    const focused = deepActiveElement();
    const openedField = focused && focused !== keyed.element && isTextField(focused);
    const inSequence = unanswered.filter((key) => key.element === keyed.element && keyed.at - key.at <= SEQUENCE_MS);
    unanswered = [];
    if (openedField || gesture.steps !== keyed.steps || r.heldClicks.size || !keyed.element.isConnected) return;
    const press = { value: keyName(event, false), ...(isThePage(keyed.element) ? { page: true } : {}) };
    if (!r.actedSince(keyed.mutations, keyed.since)) {
      unanswered = [...inSequence, { element: keyed.element, value: press.value, since: keyed.since, at: keyed.at }].slice(-MOST_IN_SEQUENCE);
      return;
    }
    // Each did nothing by itself, as was seen before the next key came: no effect of its own.
    for (const key of inSequence) r.send('press', key.element, { ...press, value: key.value }, { since: key.since, known: {} });
    r.send('press', keyed.element, press, { since: keyed.since });
  };
}

/** Whether a field's selection is a caret (typing there inserts, replacing nothing). */
function caretOnly(field: Element): boolean {
  // A number or email field tells no selection (null): select all then a digit typed over it (a grid's number cell)
  // is no caret the page took text at.
  if (isTag(field, 'input') && field.selectionStart === null) return false;
  if (isTag(field, 'input') || isTag(field, 'textarea')) return field.selectionStart === field.selectionEnd;
  return (field.getRootNode() as Document | ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.()?.isCollapsed ?? document.getSelection()?.isCollapsed ?? true;
}
