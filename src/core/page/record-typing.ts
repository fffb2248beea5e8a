import { isSecretElement } from '../snapshot/secret-fields';
import { describeInPage } from './describe-in-page';
import { caretLine } from './element-state';
import { customControlAround } from './gesture-target';
import { editableRoot, isKeyboardEditor, isSetByValue, isTextField, isToggle, valueOf } from './fields';
import { controlOfLabel, type Recording } from './recording';
import { isElementNode, isTag } from './node-kinds';

/** The element a gesture is about (a contenteditable region by its root). */
export const subjectOf = (event: Event): Element | null => {
  const target = event.composedPath()[0];
  return isElementNode(target) ? editableRoot(target) : null;
};

/**
 * A design system's control: a custom element that takes part in forms or the focus order. Its role may live in its
 * ElementInternals, which the page cannot read, so it looks like a generic element with a default cursor.
 */
const isCustomControlElement = (element: Element) => element.localName.includes('-')
  && (!!(element.constructor as { formAssociated?: boolean }).formAssociated || (element as HTMLElement).tabIndex >= 0 || typeof (element as { checked?: unknown }).checked === 'boolean');

/** A click on the page's background (no role, no pointer cursor) is what makes a field lose focus, not a step. */
const isBackground = (element: Element) => ['generic', 'none', 'paragraph', 'main', 'region', 'section', 'article', 'heading', 'list', 'form', 'group'].includes(describeInPage(element).role)
  && getComputedStyle(element).cursor !== 'pointer' && !(isTag(element, 'label')) && !isCustomControlElement(element);

/**
 * Fields, as the recorder hears them: what is typed becomes one fill when the person leaves the field or starts another
 * gesture; a field focused and left as it was is a focus step; one left for the page's background, a blur step; a
 * select, a toggle, a file input, a slider by the value they end with. Returns what other units need: writing the
 * typing now (before a gesture of theirs), and the change listener (also heard inside shadow roots).
 */
export function recordTyping(r: Recording) {
  const gesture = r.gesture;
  const pendingFill = new Map<Element, string>();
  // What the fields hold when recording starts is where the page is (Record at Cursor replays up to there), not a step.
  for (const field of document.querySelectorAll('input, textarea, [contenteditable]')) if (isTextField(field)) pendingFill.set(field, valueOf(field));
  // Fields the person typed into since their value was last written: a value the page's script set (a combobox that
  // clears its filter after a pick) is where the page went, not the person's typing, and replaying it would undo a pick.
  const typedInto = new WeakSet<Element>();
  // Fields the person's own last keystroke emptied (select all, Backspace): emptied is a step even where the field was
  // empty before they typed, since replay may meet it holding text.
  const emptiedByPerson = new WeakSet<Element>();
  // Fields a widget opened, empty, for a key the person typed on another element (a grid cell's editor): replaying a
  // fill of the field would set a closed editor's value; typing on that element opens it as the person's key did.
  const openedByKeyOn = new WeakMap<Element, Element>();
  // Where typing into a field began (its value then, and when): typing the page answers key by key (a mention menu
  // opened on keyup) is replayed as keys from there, which setting the value at once would not answer.
  const typingFrom = new WeakMap<Element, { value: string; since: number }>();
  window.addEventListener('keydown', (event) => {
    const target = event.isTrusted ? subjectOf(event) : null;
    if (!target || !isTextField(target) || typingFrom.has(target)) return;
    typingFrom.set(target, { value: valueOf(target), since: performance.now() });
    // Described as the typing begins: the page may have renamed the field since it got the focus (a multi select
    // whose placeholder goes once it holds a chip).
    r.describeNow(target);
  }, true);
  window.addEventListener('input', (event) => {
    const target = event.isTrusted ? subjectOf(event) : null;
    if (!target) return;
    typedInto.add(target);
    if (isTextField(target) && valueOf(target) === '') emptiedByPerson.add(target);
    else emptiedByPerson.delete(target);
  }, true);
  /** Writes what was typed into `element`: its value now, or `typed` when the page has since changed it (a tag input). */
  const flushFill = (element: Element, typed?: string) => {
    if (isKeyboardEditor(element)) {
      const typed = gesture.proxyTyping;
      gesture.proxyTyping = null;
      if (typed?.element === element) r.send('type', element, { value: typed.text }, { caretLine: caretLine(element) });
      return;
    }
    const value = typed ?? valueOf(element);
    const from = typingFrom.get(element);
    typingFrom.delete(element);
    // A rich text field holds what the page wrote into it since the person's last typing there (a mention a menu's pick
    // put there), which a fill of the whole would write over as plain text. A plain field's value is all there is.
    const rich = !(isTag(element, 'input') || isTag(element, 'textarea'));
    // Line breaks are the person's Enter, not the page's writing.
    const unspaced = (text: string) => text.replace(/\s+/g, '');
    const pageWrote = from !== undefined && rich && from.value !== '' && pendingFill.has(element) && unspaced(pendingFill.get(element)!) !== unspaced(from.value);
    const emptied = value === '' && emptiedByPerson.has(element);
    emptiedByPerson.delete(element);
    if (pendingFill.get(element) === value && !emptied) return;
    pendingFill.set(element, value);
    if (!typedInto.has(element)) return;
    typedInto.delete(element);
    const secret = isSecretElement(element);
    const keyedOn = openedByKeyOn.get(element);
    openedByKeyOn.delete(element);
    if (keyedOn && !secret) {
      r.send('type', keyedOn, { value });
      return;
    }
    // Typed on at the end of what the field held, on a page that answered the keys themselves or after what the page
    // wrote there: the same keys, where the caret was. Into a plain field only from empty: where its caret stood in a
    // text (a rename box that selects it all) is not kept, and a fill of the whole value is as exact.
    const keysOnly = from !== undefined && (rich || from.value === '') && (pageWrote || r.keysAnsweredSince(from.since, element));
    if (keysOnly && !secret && typed === undefined && value.length > from.value.length && value.startsWith(from.value)) {
      r.send('type', element, { value: value.slice(from.value.length) });
      return;
    }
    // A secret's value never leaves the page: the step gets a secret variable instead.
    r.send('fill', element, { value: secret ? '' : value, secret, field: (element as HTMLInputElement).name || element.id || '' });
  };
  window.addEventListener('focusin', (event) => {
    const target = event.isTrusted ? subjectOf(event) : null;
    if (!target) return;
    if (!r.isDescribed(target)) r.describeNow(target);
    // An editor taking keys through an EditContext is no field, but what is typed there is written as a field's is.
    if (isKeyboardEditor(target) && !isTextField(target)) gesture.typingIn = target;
    if (isTextField(target)) {
      const keyedOn = gesture.keyedOn;
      // It may hold the key already: some grids start the editor with the key that opened it.
      const opened = keyedOn && keyedOn.element !== target && Date.now() - keyedOn.at < 1000 && ['', keyedOn.key].includes(valueOf(target));
      if (opened) openedByKeyOn.set(target, keyedOn.element);
      gesture.typingIn = target;
      // A field a widget made while open (an in-place editor) starts from what it holds: that is not typing. One the
      // key opened holding that key (the keyboard it was typed on was another field) starts empty: the key is typed.
      if (opened && valueOf(target) === keyedOn.key) {
        pendingFill.set(target, '');
        typedInto.add(target);
      } else if (!pendingFill.has(target)) pendingFill.set(target, valueOf(target));
    }
    // Focus the page's own script moves (a picker giving its input the focus back) is not the person's.
    const pressedOn = gesture.pressedOn;
    const byPerson = Date.now() - gesture.tabbedAt < 1000 || (pressedOn !== null && Date.now() - gesture.personInputAt < 1000 && (pressedOn === target || target.contains(pressedOn) || pressedOn.contains(target) || controlOfLabel(pressedOn) === target));
    if ((isTextField(target) || isTag(target, 'select')) && byPerson) gesture.untouched = { element: target, value: valueOf(target) };
  }, true);
  window.addEventListener('focusout', (event) => {
    const target = event.isTrusted ? subjectOf(event) : null;
    if (!target) return;
    // Keys typed into a code editor are written as it loses the focus, whatever its value says.
    if (gesture.proxyTyping?.element === target) flushFill(target);
    if (gesture.typingIn === target) gesture.typingIn = null;
    // Typed into, it is a fill (whoever gave it the focus); left as it was after the person focused it, a focus step
    // replays what the page did on focus.
    if (isTextField(target) && pendingFill.has(target) && valueOf(target) !== pendingFill.get(target)) flushFill(target);
    else if (gesture.untouched?.element === target) r.send('focus', target);
    if (gesture.untouched?.element === target) gesture.untouched = undefined;
    // Left for the page's background: a blur step, not a click on nothing.
    const leftFor = event instanceof FocusEvent ? event.relatedTarget : null;
    const pressedOn = gesture.pressedOn;
    // Only a primary press, and the person's last input: what a middle click does is no blur a flow replays (the ledger
    // reports it if it acted), and a field the page removed after a key (Enter closing an in-place editor) was not left
    // for the background.
    const pressedLast = gesture.pressedAt === gesture.personInputAt && Date.now() - gesture.pressedAt < 1000;
    if (!leftFor && pressedOn && pressedOn !== target && gesture.pressButton === 0 && pressedLast && isBackground(pressedOn) && (isTextField(target) || isTag(target, 'select'))) {
      gesture.backgroundClick = pressedOn;
      // Described as it is now: typed into, an in-place editor's row shows the new value.
      r.describeNow(target);
      r.send('blur', target);
    }
  }, true);
  // Heard in each shadow root on its way and at the window (a design system's checkbox slots its input into its own
  // shadow tree): one change, one step.
  const changesHeard = new WeakSet<Event>();
  const onChange = (event: Event) => {
    if (changesHeard.has(event)) return;
    changesHeard.add(event);
    const target = event.isTrusted ? subjectOf(event) : null;
    if (!target) return;
    // A toggle inside a custom control the person clicked: the click on the control is the step.
    const around = customControlAround(target);
    if (around && (around === gesture.pressedOn || around === gesture.element)) return;
    if (isTag(target, 'select')) {
      const chosen = [...target.selectedOptions].map((option) => option.label);
      r.send('select', target, target.multiple ? { values: chosen } : { value: chosen[0] ?? target.value });
    }
    else if (isToggle(target)) r.send((target as HTMLInputElement).checked ? 'check' : 'uncheck', target);
    else if (isTag(target, 'input') && target.type === 'file') r.send('upload', target, { files: [...(target.files ?? [])].map((file) => file.name) });
    else if (isSetByValue(target)) r.send('fill', target, { value: (target as HTMLInputElement).value });
    else if (isTextField(target)) flushFill(target);
  };
  window.addEventListener('change', onChange, true);
  return { flushFill, onChange };
}
