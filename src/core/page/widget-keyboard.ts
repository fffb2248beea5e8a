import { deepActiveElement } from './element-at-point';
import { hasEditContext, unseen } from './fields';
import { isHtmlElement, isShadowRootNode, isTag } from './node-kinds';

/**
 * A widget's own keyboard: a field the person cannot see (or a screen reader is told to skip) that a widget focuses to
 * hear keys (a JSON editor's, a code editor's textarea), and the widget around it. The recorder and replay's `type`
 * read them the same way, so a key recorded into such a field is replayed into it.
 */

/** How far up from an element the widget it belongs to may begin. */
export const WIDGET_LEVELS = 4;

/** The element `levels` boxes up from this one, stopping below the body. */
export function widgetAround(element: Element, levels = WIDGET_LEVELS): Element {
  let widget = element;
  for (let level = 0; level < levels && widget.parentElement && widget.parentElement !== element.ownerDocument.body; level++) widget = widget.parentElement;
  return widget;
}

/** A field the person cannot see or a screen reader is told to skip, which a widget focuses to hear keys. */
export function isHiddenKeyboard(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return (isTag(element, 'input') || isTag(element, 'textarea'))
    && (element.getAttribute('aria-hidden') === 'true' || unseen(element, 4));
}

/** Whether keys into this hidden field act on that element: both are parts of one widget. */
export function keysServe(keyboard: Element, element: Element): boolean {
  return keyboard !== element && isHiddenKeyboard(keyboard) && widgetAround(keyboard).contains(element);
}

/** The text an element holds as the person typed it: a field's value, an editable's text; none for anything else. */
export function typedTextOf(element: Element | null): string | undefined {
  if (isTag(element, 'input') || isTag(element, 'textarea')) return element.value;
  return isHtmlElement(element) && element.isContentEditable ? element.innerText : undefined;
}

/**
 * Where keys typed for an element go, read in the page before and after replay types them: whether the focus is in the
 * element (or in its widget's hidden keyboard), what the focused field holds, and whether the element takes text itself.
 */
export function typingFocus(element: Element): { within: boolean; held: string | undefined; field: boolean } {
  const active = deepActiveElement();
  let within = false;
  for (let node: Node | null = active; node && !within; node = node.parentNode ?? (isShadowRootNode(node) ? node.host : null)) within = node === element;
  // A field the widget keeps hidden for its keys (a JSON editor's, focused by the click that selected the element)
  // takes them for the element: a click again would start another gesture (a double click, an edit).
  if (!within && active) within = keysServe(active, element);
  // An EditContext (Monaco's keyboard) takes text as a field does, and shows it elsewhere: the step's effect says where.
  const field = isTag(element, 'input') || isTag(element, 'textarea') || (isHtmlElement(element) && element.isContentEditable) || hasEditContext(element);
  return { within, held: typedTextOf(active), field };
}

/** What the focused field holds, shadow roots and same-origin frames followed: for when the typed-on element is gone. */
export function focusedText(): { held: string | undefined } {
  let active = document.activeElement;
  for (let hops = 0; active && hops < 10; hops++) {
    const inner = active.shadowRoot?.activeElement ?? (isTag(active, 'iframe') ? active.contentDocument?.activeElement : null);
    if (!inner) break;
    active = inner;
  }
  return { held: typedTextOf(active) };
}
