import { deepActiveElement } from './element-at-point';
import { columnNow, sortOf, type Sorted } from './column-sort';
import { controlBeside, sliderBeside } from './control-beside';
import { isKeyboardEditor, isTextField, unseen, valueOf } from './fields';
import type { Appeared, Gone } from './appearances';
import { placesShowing, placesShowingWithFrames, spaced } from './text-places';
import { itemAbove, sameWithin, type Within } from './item-above';
import { currentShowing, currentsShowing, type Current } from './currents';
import { layoutPrintOf } from './layout-print';
import { drawingOf } from './drawing';
import { describePlace, placeOf, sitsAt, sizedAs, type Place } from './element-place';
import { describeOpened, openedShowing, type Opened } from './openings';
import { isElementNode, isTag } from './node-kinds';
/**
 * What a gesture changed about its element, read in the page before and after: checked, selected, expanded, pressed,
 * a slider's value, and for a dragged element the order of the list it sits in. Replay checks the same facts after it performs the step,
 * so a click that did nothing fails instead of passing. Runs in the page, built into the recorder's script.
 */
export interface ElementState {
  checked?: boolean | undefined;
  selected?: boolean | undefined;
  expanded?: boolean | undefined;
  pressed?: boolean | undefined;
  /** The column it heads (or sits in the header of), by its name, and the order it is sorted in (aria-sort). */
  sorted?: Sorted | undefined;
  value?: string | undefined;
  /** A fingerprint of what the canvases in the element draw (see drawingOf): nothing else of a canvas is in the DOM. */
  drawing?: string | undefined;
  /** How the area around it was laid out as its gesture began (see layoutPrintOf): read by the recorder only. */
  layout?: { levels: number; print: string; area: Element } | undefined;
}

const FLAGS = ['checked', 'selected', 'expanded', 'pressed'] as const;
/** Roles whose value is a number the person sets by dragging or keys (aria-valuenow). */
const RANGE_ROLES = new Set(['slider', 'spinbutton', 'scrollbar']);

/**
 * A slider's or a spin button's value (aria-valuenow, or a range input's value); none for other elements. A slider of
 * two dimensions (a colour picker's saturation square) has no number: its text says its value.
 */
function ownRangeValue(element: Element): string | undefined {
  if (isTag(element, 'input') && element.type === 'range') return element.value;
  if (!RANGE_ROLES.has(element.getAttribute('role') ?? '')) return undefined;
  return element.getAttribute('aria-valuenow') ?? element.getAttribute('aria-valuetext') ?? undefined;
}

const RANGES = 'input[type=range], [role=slider], [role=spinbutton]';

/** The value of the slider an element is, or is the thumb of (a thumb drawn around its range input, or inside it). */
function rangeValue(element: Element): string | undefined {
  const own = ownRangeValue(element);
  if (own !== undefined) return own;
  // Or in its shadow root: a design system's range draws its knob there (Ionic's ion-range).
  const inside = [...element.querySelectorAll(RANGES), ...(element.shadowRoot?.querySelectorAll(RANGES) ?? [])];
  if (inside.length === 1) return ownRangeValue(inside[0]!);
  const around = element.parentElement?.closest('[role=slider]') ?? sliderBeside(element);
  return around ? ownRangeValue(around) : numberHeld(element);
}

/**
 * The number a design system's control holds as its `value` (UI5's step input, whose field and buttons in its shadow
 * tree say no role of a range): what its buttons change.
 */
function numberHeld(element: Element): string | undefined {
  if (!element.localName.includes('-') || !element.shadowRoot) return undefined;
  const { value } = element as unknown as { value?: unknown };
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

const aria = (element: Element, name: string): boolean | undefined => {
  const value = element.getAttribute(name);
  return value === 'true' ? true : value === 'false' ? false : undefined;
};

/** Items that say they are selected for the buttons and boxes drawn in them. */
const SELECTABLE_ITEMS = new Set(['gridcell', 'cell', 'row', 'treeitem', 'option']);
/** How far up from a button such an item is looked for (a tree's checkbox sits in the node's row, in its item). */
const ITEM_LEVELS = 2;

/**
 * A button or a checkbox drawn in an item says nothing of its own: the item around it is the one selected (a day's
 * button in react-day-picker's `<td role="gridcell" aria-selected>`, a node's checkbox in Fancytree's
 * `<li role="treeitem" aria-selected>`).
 */
function selectedItemAround(element: Element): boolean | undefined {
  const role = element.getAttribute('role') ?? (element.localName === 'button' ? 'button' : '');
  if (role !== 'button' && !(role === 'checkbox' && !element.hasAttribute('aria-checked'))) return undefined;
  let item = element.parentElement;
  for (let level = 0; item && level < ITEM_LEVELS; level++, item = item.parentElement) {
    const itemRole = item.getAttribute('role') ?? (item.localName === 'td' ? 'cell' : '');
    if (SELECTABLE_ITEMS.has(itemRole) && item.hasAttribute('aria-selected')) return item.getAttribute('aria-selected') === 'true';
  }
  return undefined;
}

const CHECKABLE = 'input[type=checkbox], input[type=radio], [role=switch], [role=checkbox], [role=radio]';

/**
 * The one checkable control, hidden, beside a drawing the pointer pressed: a design system draws its switch around a
 * zero-size input (Element Plus's), and the drawing's state is that input's.
 */
const hiddenControlBeside = (element: Element) => controlBeside(element, CHECKABLE, 2, (control) => unseen(control));

function checkedOf(element: Element): boolean | undefined {
  const control = element as Partial<HTMLInputElement>;
  return typeof control.checked === 'boolean' && (element.localName !== 'input' || ['checkbox', 'radio'].includes(control.type ?? ''))
    ? control.checked : aria(element, 'aria-checked');
}

/**
 * The item a widget that keeps the focus itself points at as current (a tree's, a grid's or a listbox's
 * `aria-activedescendant`): a key pressed on the widget acts on that item, whose state is the key's to change. Not a
 * field's (a combobox's highlighted option is where its arrows went, not what they changed).
 */
function activeItemOf(element: Element): Element | undefined {
  const id = element.getAttribute('aria-activedescendant');
  if (!id || isTextField(element)) return undefined;
  const item = (element.getRootNode() as Document | ShadowRoot).getElementById(id);
  return item && element.contains(item) ? item : undefined;
}

/** What in a shadow root says a state: a tab, an option, a box, a toggle button. */
const STATEFUL = '[aria-selected], [aria-checked], [aria-pressed], [aria-expanded], input[type=checkbox], input[type=radio]';

/**
 * The one control a custom element draws in its shadow root, which says the state the element itself does not
 * (Ionic's segment button: a `<button role="tab" aria-selected>` inside the host the person clicked; Carbon's
 * multi-select option, which leaves its `aria-selected` false and checks the design system's checkbox it draws).
 */
function shadowControlOf(element: Element): Element | undefined {
  const root = element.shadowRoot;
  if (!root) return undefined;
  const inside = root.querySelectorAll(STATEFUL);
  if (inside.length) return inside.length === 1 ? inside[0] : undefined;
  const boxes = [...root.querySelectorAll('*')].filter((box) => box.localName.includes('-') && typeof (box as Partial<HTMLInputElement>).checked === 'boolean');
  return boxes.length === 1 ? boxes[0] : undefined;
}

export function stateOf(element: Element): ElementState {
  const state: ElementState = {};
  const subject = activeItemOf(element) ?? element;
  const beside = hiddenControlBeside(subject);
  const inner = shadowControlOf(subject);
  const checked = checkedOf(subject) ?? (beside ? checkedOf(beside) : undefined) ?? (inner ? checkedOf(inner) : undefined);
  if (checked !== undefined) state.checked = checked;
  const selected = isTag(subject, 'option') ? subject.selected : aria(subject, 'aria-selected') ?? selectedItemAround(subject) ?? (inner ? aria(inner, 'aria-selected') : undefined);
  if (selected !== undefined) state.selected = selected;
  const expanded = aria(subject, 'aria-expanded') ?? (inner ? aria(inner, 'aria-expanded') : undefined);
  if (expanded !== undefined) state.expanded = expanded;
  const pressed = aria(subject, 'aria-pressed') ?? (inner ? aria(inner, 'aria-pressed') : undefined);
  if (pressed !== undefined) state.pressed = pressed;
  const sorted = sortOf(subject);
  if (sorted !== undefined) state.sorted = sorted;
  const value = rangeValue(element);
  if (value !== undefined) state.value = value;
  const drawing = drawingOf(element);
  if (drawing !== undefined) state.drawing = drawing;
  return state;
}


/** The facts of `after` that differ from `before`: what the gesture did. */
export function changedState(before: ElementState, after: ElementState): Omit<EffectFacts, 'drawing'> | undefined {
  const changed: Omit<EffectFacts, 'drawing'> = {};
  for (const key of FLAGS) {
    if (after[key] !== undefined && after[key] !== before[key]) changed[key] = after[key];
  }
  if (after.sorted && (after.sorted.order !== before.sorted?.order || after.sorted.column !== before.sorted.column)) changed.sorted = after.sorted;
  if (after.value !== undefined && after.value !== before.value) changed.value = after.value;
  if (after.drawing !== undefined && before.drawing !== undefined && after.drawing !== before.drawing) changed.redrawn = { from: before.drawing };
  return Object.keys(changed).length ? changed : undefined;
}

/**
 * The items of the list an element sits in, by their text: what a drag that reorders a list changes. An item with no
 * text is no place in the order (the gap a drag library holds open where a card will land, a spacer).
 */
export function orderOf(element: Element): string[] {
  const parent = element.parentElement;
  if (!parent) return [];
  return [...parent.children]
    .filter((child) => (child as HTMLElement).offsetParent !== null || getComputedStyle(child).position === 'fixed')
    .slice(0, 50)
    .map((child) => ((child as HTMLElement).innerText ?? child.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60))
    .filter(Boolean);
}

export interface EffectFacts extends ElementState {
  /** The canvas no longer draws what it drew before the gesture (the fingerprint then). */
  redrawn?: { from: string } | undefined;
  /** The area `levels` up from the element is laid out otherwise than it was before the gesture (the print then). */
  rearranged?: { levels: number; from: string } | undefined;
  order?: readonly string[] | undefined;
  within?: Within | undefined;
  shows?: string | undefined;
  place?: Place | undefined;
  opened?: Opened | undefined;
  closed?: Opened | undefined;
  appeared?: Appeared | undefined;
  gone?: Gone | undefined;
  current?: Current | undefined;
}




/** How far up from the element typed into the text it shows is looked for: a code editor draws it a few levels up. */
const SHOWN_LEVELS = 8;

/**
 * The text a rich text editor shows, line by line: the empty lines and trailing breaks an editor draws around its blocks
 * (ProseMirror's trailing break) come and go as the caret moves, and are no part of what the person's keys made.
 */
export const editorText = (editor: Element) => valueOf(editor).split('\n').map((line) => line.trim()).filter(Boolean).join('\n');

const noBreakAsSpace = (text: string) => text.replace(/\u00a0/g, ' ');

/** The text of the line (the block: a paragraph, a heading, a list item) where an editor's caret is, if one short line. */
export function caretLine(editor: Element): string | undefined {
  const root = editor.getRootNode() as Document | (ShadowRoot & { getSelection?: () => Selection | null });
  const anchor = (root.getSelection?.() ?? document.getSelection())?.anchorNode;
  if (!anchor || !editor.contains(anchor)) return undefined;
  let block = isElementNode(anchor) ? anchor : anchor.parentElement;
  while (block && block !== editor && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
  // A space typed after a mark (bold) is often kept as a no-break space: a flow keeps a space, which a person can read.
  const text = block && block !== editor ? noBreakAsSpace((block as HTMLElement).innerText).trim() : '';
  return text && text.length <= 100 && !text.includes('\n') ? text : undefined;
}

/** Whether `over` is drawn over the middle of `element` (an editor a grid places on the cell it edits). */
function covers(over: Element, element: Element): boolean {
  const box = over.getBoundingClientRect();
  const under = element.getBoundingClientRect();
  const x = under.left + under.width / 2;
  const y = under.top + under.height / 2;
  return box.width > 0 && box.height > 0 && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

/** The text an element shows, spacing aside: what tells an item a library drew anew from its neighbours. */
export const shownText = (element: Element) => spaced((element as HTMLElement).innerText ?? '');

/**
 * Whether the element, or what holds it a few levels up (shadow roots crossed), shows `text` (spacing ignored): the line
 * typed into a code editor whose keyboard is a hidden textarea or an EditContext, drawn beside it.
 */
export function showsText(element: Element, text: string): boolean {
  const wanted = spaced(text);
  if (!wanted) return false;
  // A field still open in it, or drawn over it (a grid cell's editor, before Enter closes it), shows its value there.
  const focused = deepActiveElement();
  const open = isTag(focused, 'input') || isTag(focused, 'textarea') ? focused : null;
  if (open && covers(open, element) && spaced(open.value).includes(wanted)) return true;
  let node: Element | null = element;
  for (let level = 0; node && level < SHOWN_LEVELS; level++) {
    const shown = isTag(node, 'input') || isTag(node, 'textarea') ? node.value : (node as HTMLElement).innerText ?? node.textContent ?? '';
    if (spaced(shown).includes(wanted) || (open && node.contains(open) && spaced(open.value).includes(wanted))) return true;
    node = node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host ?? null);
  }
  return false;
}

/**
 * Whether an element shows the effect a recorded gesture had, and what it shows instead; with, for an effect on what is
 * drawn or laid out, the print read (replay counts it only once it stops changing: a page moving by itself is not it).
 */
export function effectHolds(element: Element, effect: EffectFacts): { holds: boolean; actual: string; print?: string } {
  const state = stateOf(element);
  const missing: string[] = [];
  for (const key of FLAGS) {
    if (effect[key] !== undefined && state[key] !== effect[key]) missing.push(state[key] === undefined ? `without ${key}` : `${state[key] ? '' : 'not '}${key}`);
  }
  // A text field's value is a fact only where a step kept it (a delimiter key that emptied it).
  // An editor's effect is a line of it: the block the keys made, whatever else the document holds.
  const editor = state.value === undefined && isKeyboardEditor(element) && isTextField(element);
  const value = state.value ?? (editor ? editorText(element) : isTextField(element) ? valueOf(element) : undefined);
  const valueHolds = editor ? noBreakAsSpace(value!).split('\n').includes(noBreakAsSpace(effect.value ?? '')) : value === effect.value;
  if (effect.value !== undefined && !valueHolds) missing.push(value === undefined ? 'without a value' : editor ? `with no line ${JSON.stringify(effect.value)} in ${JSON.stringify(value.slice(0, 200))}` : `at ${JSON.stringify(value)}`);
  if (effect.shows !== undefined && !showsText(element, effect.shows)) missing.push('without that text');
  if (effect.redrawn && (state.drawing === undefined || state.drawing === effect.redrawn.from)) missing.push(state.drawing === undefined ? 'with no drawing to read' : 'drawing what it drew before');
  const layout = effect.rearranged ? layoutPrintOf(element, effect.rearranged.levels) : undefined;
  if (effect.rearranged && [undefined, effect.rearranged.from].includes(layout)) missing.push('with the area around it laid out as before');
  if (effect.place) {
    const now = placeOf(element, effect.place.levels);
    if (!now || !sitsAt(now, effect.place) || !sizedAs(now, effect.place)) missing.push(now ? describePlace(now, effect.place.width !== undefined) : 'not in a layout that far up');
  }
  missing.push(...missingElsewhere(effect, element.ownerDocument, element));
  if (effect.order) {
    const order = orderOf(element);
    // Flows recorded before blank items were left out of orders may hold some.
    if (order.join('\n') !== effect.order.filter(Boolean).join('\n')) missing.push(`in the order ${order.map((item) => JSON.stringify(item)).join(', ')}`);
  }
  if (effect.within) {
    const now = itemAbove(element);
    if (!now || !sameWithin(now, effect.within)) missing.push(now ? `in ${now.role} ${JSON.stringify(now.name)}` : now === null ? 'at the top of its tree' : 'in no tree');
  }
  const print = effect.redrawn || effect.rearranged ? `${state.drawing ?? ''} ${layout ?? ''}` : undefined;
  return { holds: missing.length === 0, actual: missing.join(', '), ...(print !== undefined ? { print } : {}) };
}

/** What an effect on a drawing or a layout compares with, read now: replay reads it just before the gesture, as its "before". */
export function effectBefore(element: Element, effect: EffectFacts): { drawing?: string | undefined; layout?: string | undefined; column?: string | undefined } {
  return {
    ...(effect.redrawn ? { drawing: drawingOf(element) } : {}),
    ...(effect.rearranged ? { layout: layoutPrintOf(element, effect.rearranged.levels) } : {}),
    ...(effect.sorted ? { column: columnNow(effect.sorted.column)?.print } : {}),
  };
}

/** What the effect says the gesture did elsewhere on the page (opened, made appear) and this document does not show. */
function missingElsewhere(effect: EffectFacts, document: Document, gestureOn?: Element): string[] {
  const missing: string[] = [];
  if (effect.opened) {
    const open = openedShowing(effect.opened, document, gestureOn);
    if (open < (effect.opened.count ?? 1)) missing.push(`with ${open || 'no'} ${describeOpened(effect.opened)} open`);
  }
  if (effect.closed) {
    const open = openedShowing(effect.closed, document);
    if (open) missing.push(`with ${describeOpened(effect.closed)} still open`);
  }
  if (effect.current && !currentShowing(effect.current)) {
    const others = currentsShowing();
    missing.push(others.length ? `with ${others.join(', ')} current instead` : 'with nothing current');
  }
  if (effect.appeared) {
    const places = placesShowingWithFrames(effect.appeared.text, document);
    if (places < (effect.appeared.count ?? 1)) missing.push(places ? `with ${JSON.stringify(effect.appeared.text)} in ${places} place${places === 1 ? '' : 's'}` : `with no ${JSON.stringify(effect.appeared.text)} on the page`);
  }
  if (effect.sorted) {
    const now = columnNow(effect.sorted.column);
    const column = JSON.stringify(effect.sorted.column);
    if (now?.order !== effect.sorted.order) missing.push(!now ? `with no column ${column}` : `with the column ${column} ${now.order ? `sorted ${now.order}` : 'in no order'}`);
    else if (effect.sorted.from !== undefined && now.print === effect.sorted.from) missing.push(`with the column ${column} in that order before the click already, and nothing in it changed`);
  }
  if (effect.gone) {
    const places = placesShowing(effect.gone.text, document);
    if (places > (effect.gone.count ?? 0)) missing.push(`with ${JSON.stringify(effect.gone.text)} still in ${places} place${places === 1 ? '' : 's'}`);
  }
  return missing;
}

/** Whether this document shows what the effect says the gesture did elsewhere: replay's check when its element is gone. */
export function effectHoldsElsewhere(effect: EffectFacts): { holds: boolean; actual: string } {
  const missing = missingElsewhere(effect, document);
  return { holds: missing.length === 0, actual: missing.join(', ') };
}
