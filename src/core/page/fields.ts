import type { RecordedEvent } from './recorded-event';
import { sliderBeside } from './control-beside';
import { isElementNode, isHtmlElement, isShadowRootNode, isTag } from './node-kinds';

/** The fields a person types into, and how the recorder reads them. Runs in the page, built into the recorder. */

/** An editable field: a text input or textarea that takes typing now, or a contenteditable region. */
export function isTextField(element: Element): boolean {
  return (holdsText(element) && !(element as HTMLInputElement).readOnly) || (isHtmlElement(element) && element.isContentEditable);
}

/** A field whose value is text a person reads, typed or set by a picker (a read-only date field's too), not disabled. */
export function holdsText(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return (isTag(element, 'textarea') && !element.disabled)
    || (isTag(element, 'input') && !element.disabled && !['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color', 'hidden'].includes(element.type));
}

/** The editable a person types into: the root of a contenteditable region (a paragraph inside it is part of it). */
export function editableRoot(element: Element): Element {
  if (!(isHtmlElement(element)) || !element.isContentEditable) return element;
  let root: Element = element;
  while (root.parentElement?.isContentEditable) root = root.parentElement;
  return root;
}

/** Inputs recorded by the value they end with (fill), or the files chosen (upload), never by the clicks on them. */
export function isSetByValue(element: Element): boolean {
  return isTag(element, 'input') && ['range', 'color', 'file'].includes(element.type);
}

export function isToggle(element: Element): boolean {
  return isTag(element, 'input') && (element.type === 'checkbox' || element.type === 'radio');
}

/**
 * A design system's checkbox or radio as a custom element a label can name (Material Web's `md-checkbox`): it says
 * `checked` as an input does, and its own input, in its shadow tree, sends the change.
 */
export function isCustomToggle(element: Element): element is HTMLElement & { checked: boolean } {
  return element.localName.includes('-') && typeof (element as { checked?: unknown }).checked === 'boolean';
}

export function valueOf(element: Element): string {
  return isHtmlElement(element) && element.isContentEditable ? element.innerText : (element as HTMLInputElement).value;
}

/**
 * A code editor's keyboard (Ace, CodeMirror 5): a text field the person cannot see, which takes their keys for an
 * editor drawn beside it. Its value is not the document, so its keys are recorded, not its value.
 */
export function isInputProxy(element: Element): boolean {
  // One not drawn at all (display: none: a dialog library's spare textarea) takes no keys: it is no keyboard.
  return isTag(element, 'textarea') && isTextField(element) && element.getClientRects().length > 0 && unseen(element, 4);
}

/** Whether a person cannot see, so cannot press, an element that is laid out: under `px` pixels a side, or transparent. */
export function unseen(element: Element, px = 2): boolean {
  const box = element.getBoundingClientRect();
  if (box.width < px || box.height < px || getComputedStyle(element).opacity === '0') return true;
  // Or clipped to nothing by the box around it: CodeMirror 5 keeps its wide textarea in a wrapper of 3 by 0 pixels.
  const around = element.parentElement;
  if (!around || getComputedStyle(around).overflow === 'visible') return false;
  const clip = around.getBoundingClientRect();
  return clip.width < px || clip.height < px;
}

/** An element that takes text through the EditContext API (Monaco in Chromium): keys, and no value or DOM edit of its own. */
export function hasEditContext(element: Element): boolean {
  return !!(element as Element & { editContext?: unknown }).editContext;
}

/**
 * The editable root of a rich text framework that keeps its own document model (Lexical, Slate, Draft.js, ProseMirror
 * and Tiptap, CKEditor 5, Quill, TinyMCE mark their roots so): keys there are applied by the editor, which turns what is
 * typed into formatting as it comes ("# " a heading, "- " a list, "**word**" bold). A fill of the text it ends with
 * replays none of that; the person's keys, at the caret they placed, replay all of it.
 */
const MODEL_EDITOR_ROOT = '[data-lexical-editor="true"], [data-slate-editor="true"], .public-DraftEditor-content, .ProseMirror, .ck-editor__editable, .ql-editor, .mce-content-body';

/**
 * Where a person types, key by key, into an editor that keeps its own document: an input proxy, an EditContext, a
 * contenteditable document of several lines that turns spelling off (CodeMirror 6; a one-line value in a tree turns it
 * off too, and is a field), or the root of a rich text framework with its own model. What the person typed there is
 * their keys, in order, at the caret they placed: a fill of the whole text would rewrite the document, and a key lost
 * would be a line lost.
 */
export function isKeyboardEditor(element: Element): boolean {
  if (isInputProxy(element) || hasEditContext(element)) return true;
  if (!(isHtmlElement(element)) || !element.isContentEditable || editableRoot(element) !== element) return false;
  return (!element.spellcheck && element.ariaMultiLine === 'true') || element.matches(MODEL_EDITOR_ROOT) || isRichDocument(element);
}

/** Blocks a rich text document is made of, as its editor writes them. */
const DOCUMENT_BLOCKS = ':scope > :is(p, h1, h2, h3, h4, h5, h6, ul, ol, blockquote, pre)';
/** How far up from an editable root its editor's toolbar may sit. */
const TOOLBAR_LEVELS = 3;
/** Decided once per element: typing begun as a fill stays one, begun as keys stays keys. */
const richDocuments = new WeakMap<Element, boolean>();

/**
 * A WYSIWYG editor of no known framework (Jodit, a page's own): an editable root written in paragraphs or headings, or
 * with a toolbar beside it. Its formatting comes from keys at the caret (Shift+Home, then Bold) and from the toolbar:
 * a fill of its whole text would drop the caret's moves and put the formatting elsewhere, and replay would pass.
 */
function isRichDocument(element: HTMLElement): boolean {
  const known = richDocuments.get(element);
  if (known !== undefined) return known;
  let toolbar = false;
  for (let around = element.parentElement, level = 0; around && !toolbar && level < TOOLBAR_LEVELS && around !== document.body; around = around.parentElement, level++) {
    toolbar = around.querySelector('[role=toolbar]') !== null;
  }
  const rich = toolbar || element.querySelector(DOCUMENT_BLOCKS) !== null;
  richDocuments.set(element, rich);
  return rich;
}

/** How far under the editor that holds its keyboard a line's text may be: CodeMirror 5 draws it nine levels down. */
const CODE_EDITOR_LEVELS = 10;

/** Within a code editor: an element a few levels under the editor that holds its keyboard (or has the focus there). */
function inCodeEditor(element: Element): boolean {
  const active = element.ownerDocument.activeElement;
  let ancestor: Element | null = element;
  for (let level = 0; ancestor && level < CODE_EDITOR_LEVELS; level++, ancestor = ancestor.parentElement) {
    if (active && ancestor.contains(active) && isKeyboardEditor(active)) return true;
    const field = ancestor.querySelector('textarea');
    if (field) return isInputProxy(field);
  }
  return false;
}

/**
 * Elements where the place of a click matters to the page: a canvas, an image map, a slider or its track (a rating's
 * fourth star, a track clicked three quarters along), rich text or code (where the caret goes).
 */
function isPositional(element: Element): boolean {
  return isTag(element, 'canvas') || (isTag(element, 'img') && (element.isMap || !!element.useMap))
    || element.getAttribute('role') === 'slider' || (isTag(element, 'input') && element.type === 'range') || !!sliderBeside(element)
    || (isHtmlElement(element) && element.isContentEditable) || (inCodeEditor(element) && !element.closest(CONTROL));
}

/**
 * A small part with no text drawn in a design system's control (a step input's + and − icons, a rating's star: no role
 * of their own), where the person pressed: the gesture is on the control, and replay presses the same place of it.
 */
function partOfControl(host: Element, event: MouseEvent): boolean {
  if (!host.localName.includes('-') || !host.shadowRoot) return false;
  const touched = event.composedPath()[0];
  if (!(isElementNode(touched)) || touched === host || (touched.textContent ?? '').trim()) return false;
  let inHost = false;
  for (let node: Node | null = touched; node && !inHost; node = isShadowRootNode(node) ? node.host : node.parentNode) inHost = node === host;
  const part = touched.getBoundingClientRect();
  return inHost && part.width > 0 && part.width * 2 < host.getBoundingClientRect().width;
}

/**
 * What in a composed tree answers a press on `node`: the nearest element with a role, that takes the focus, or that is
 * a control's label (Carbon's checkbox: its label and box at the left of a host as wide as its form).
 */
function answering(node: Element, host: Element): Element {
  for (let at: Node | null = node; at && at !== host; at = isShadowRootNode(at) ? at.host : at.parentNode) {
    if (isHtmlElement(at) && (at.hasAttribute('role') || at.tabIndex >= 0 || (isTag(at, 'label') && !!at.control))) return at;
  }
  return host;
}

/**
 * A design system's control pressed where its middle is not (UI5's checkbox: its box and label at the left of a host
 * as wide as its form): Playwright presses the middle, where nothing answers; replay presses where the person did.
 */
function offCentre(host: Element, event: MouseEvent): boolean {
  if (!host.localName.includes('-') || !host.shadowRoot) return false;
  const touched = event.composedPath()[0];
  if (!(isElementNode(touched))) return false;
  const box = host.getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  let middle = host.ownerDocument.elementFromPoint(x, y);
  for (let depth = 0; middle?.shadowRoot && depth < 8; depth++) {
    const inner = middle.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === middle) break;
    middle = inner;
  }
  return answering(touched, host) !== host && (!middle || answering(middle, host) === host);
}

/** A control, pressed wherever a person presses it: an editor's toolbar button is no place in its text. */
const CONTROL = 'button, a[href], [role=button], [role=menuitem], [role=tab], [role=option]';

/** Where on such an element a click landed, as Playwright places a click: from the padding box's corner. */
export function positionIn(element: Element, event: MouseEvent): Partial<RecordedEvent> {
  if (!isPositional(element) && !partOfControl(element, event) && !offCentre(element, event)) return {};
  const box = element.getBoundingClientRect();
  return { position: [Math.max(0, Math.round(event.clientX - box.left - element.clientLeft)), Math.max(0, Math.round(event.clientY - box.top - element.clientTop))] };
}
