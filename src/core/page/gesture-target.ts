import { isElementNode, isShadowRootNode, isSvgElement } from './node-kinds';
/**
 * The element a pointer gesture is about, as a person means it: the innermost element in the event's composed path that
 * a person acts on (a button, a link, a control, an element with an interactive role), not the icon, `path`, `slot` or
 * styling wrapper the pointer happened to be over. Shadow roots are crossed: a click on the glyph inside a design
 * system's button is a click on that button. Runs in the page, built into the recorder's script.
 */
const ACTED_ON_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem',
  'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'gridcell', 'columnheader', 'rowheader',
]);
/** How far up from what the pointer touched a meaningful element is looked for (an icon in a label in a button). */
const MOST_LEVELS = 8;

function isActedOn(element: Element): boolean {
  const role = element.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase();
  if (role) return ACTED_ON_ROLES.has(role);
  switch (element.localName) {
    case 'a': return element.hasAttribute('href');
    case 'input': return (element as HTMLInputElement).type !== 'hidden';
    case 'button': case 'select': case 'textarea': case 'summary': case 'option': case 'label': return true;
    default: return (element as HTMLElement).isContentEditable && !(element.parentElement?.isContentEditable ?? false);
  }
}

/**
 * A custom element that is one control of its own (it holds a value or a checked state, as form-associated and design
 * system elements do, and its shadow tree has a single control inside): a gesture anywhere inside it is a gesture on
 * it, replayed on it by the same input. A component that holds several controls (a to-do row: a checkbox, a label, a
 * delete button) is not one: its gestures stay on the control touched.
 */
function isCustomControl(element: Element): boolean {
  if (!element.localName.includes('-') || !element.shadowRoot) return false;
  const control = element as unknown as { checked?: unknown; value?: unknown };
  if (typeof control.checked !== 'boolean' && !('value' in control)) return false;
  if (wrapsField(element)) return false;
  const inside = [...element.shadowRoot.querySelectorAll('*')].filter((node) => node.localName !== 'label' && isActedOn(node)
    && !node.hasAttribute('hidden') && node.getAttribute('aria-hidden') !== 'true' && node.getAttribute('tabindex') !== '-1');
  return inside.length <= 1;
}

/**
 * A custom element around a field of its own kind (Carbon's date picker around its date input, its calendar drawn in
 * the picker's shadow tree): a group of controls, whose parts (a day of the calendar) are what the person pressed.
 */
function wrapsField(element: Element): boolean {
  return [...element.querySelectorAll('*')].some((inner) => inner.localName.includes('-') && !!inner.shadowRoot?.querySelector('input:not([type=hidden]), textarea'));
}

/** The custom control whose shadow tree holds `element`, nearest first, if any. */
export function customControlAround(element: Element): Element | undefined {
  for (let root = element.getRootNode(); isShadowRootNode(root); root = root.host.getRootNode()) {
    if (isCustomControl(root.host)) return root.host;
  }
  return undefined;
}

export function gestureTarget(path: readonly EventTarget[]): Element | null {
  const elements = path.filter((node): node is Element => isElementNode(node));
  const first = elements.find((element) => element.localName !== 'slot') ?? null;
  let previous: Element | undefined;
  for (const element of elements.slice(0, MOST_LEVELS)) {
    if (element.localName === 'body' || element.localName === 'html') break;
    if (isCustomControl(element)) return element;
    if (isActedOn(element)) return customControlAround(element) ?? (first && first !== element && isDrawnPart(first, element) ? first : element);
    if (first && previous && element.shadowRoot && previous.getRootNode() === element.shadowRoot && holdsControls(element.shadowRoot)) return first;
    previous = element;
  }
  return first ? customControlAround(first) ?? (isSvgElement(first) ? iconHolder(first) : first) : null;
}

/** Items whose parts answer a click each in their own way (a cell's dropdown arrow, a tree item's expander, a header's sort mark). */
const ITEMS_WITH_PARTS = new Set(['gridcell', 'columnheader', 'rowheader', 'treeitem']);

/**
 * A part drawn on an item that is not its text: a glyph (▼, ×) or a drawing with no text, beside the item's own text
 * (Handsontable's dropdown arrow on a cell). A click there is not a click on the item's middle, and replay aims at it.
 */
function isDrawnPart(part: Element, item: Element): boolean {
  const role = item.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!ITEMS_WITH_PARTS.has(role) || part.parentElement === null || !item.contains(part)) return false;
  const glyph = (part.textContent ?? '').trim();
  if (glyph.length > 2 || /[\p{L}\p{N}]/u.test(glyph)) return false;
  const itemText = (item.textContent ?? '').replace(glyph, '').trim();
  const box = part.getBoundingClientRect();
  const around = item.getBoundingClientRect();
  return itemText !== '' && box.width > 0 && box.width * 2 < around.width && !(isSvgElement(part) && part.localName !== 'svg');
}

/**
 * A shadow tree with controls of its own (a calendar drawn in a shadow root beside its field, its month arrows buttons)
 * is a widget, not a drawing: what the pointer touched in it is what the person meant, not the label or button around
 * its host (a day of a calendar inside the field's label is not a click on the label). An icon's shadow tree holds no
 * control: a click on it is a click on the button around it.
 */
function holdsControls(root: ShadowRoot): boolean {
  return [...root.querySelectorAll('button, a[href], input, select, textarea, [role]')].some((element) => isActedOn(element));
}

/** A part of a drawing that says it is one: focusable, or named, or given a role (a diagram's edge, a chart's bar). */
const isDiagramPart = (element: Element) => element.localName !== 'svg' && (element.hasAttribute('tabindex') || element.hasAttribute('aria-label') || element.hasAttribute('role'));

/** A shape of a drawing that sets the pointer cursor where the drawing around it does not: it answers clicks itself. */
const pointsItself = (element: Element) => element instanceof SVGGraphicsElement && element.localName !== 'svg' && !!element.parentElement
  && getComputedStyle(element).cursor === 'pointer' && getComputedStyle(element.parentElement).cursor !== 'pointer';

/**
 * An icon's drawing (a path in an svg) is not what a person clicks: the icon is, or the element around it that says it
 * can be clicked by the pointer cursor it sets (a toolbar's "+" drawn as an svg in a div).
 */
function iconHolder(drawing: Element): Element {
  let holder: Element = drawing;
  // A diagram's part a person acts on (an edge drawn as a focusable, labelled group; a map's marker, a chart's bar that
  // sets the pointer cursor its drawing does not) is what was clicked, not the drawing.
  const part = (element: Element) => isDiagramPart(element) || pointsItself(element);
  while (isSvgElement(holder.parentElement) && !part(holder)) holder = holder.parentElement;
  if (part(holder)) return holder;
  for (let level = 0; level < MOST_LEVELS && getComputedStyle(holder).cursor === 'pointer'; level++) {
    const parent = holder.parentElement;
    if (!parent || parent.localName === 'body' || getComputedStyle(parent).cursor !== 'pointer') break;
    holder = parent;
  }
  return holder;
}
