import { composedParent } from './element-at-point';
import { isDocumentNode, isElementNode } from './node-kinds';

/**
 * What an element is to a person, computed in the page: its role, its accessible name (after ARIA's accname steps:
 * labelledby, aria-label, native labels and values, name from content, title, placeholder) and, for an element without
 * a name, the nearest thing around it that a person would name it by (`checkbox in listitem "Buy milk"`).
 *
 * One function for both sides of a recording: the recorder runs it at the start of a gesture, before the page reacts,
 * and replay runs it on the element a selector finds, so the two can only disagree when the page did.
 * Built into the page scripts with what it imports (core/page-scripts.ts).
 */
export interface PageFingerprint {
  readonly role: string;
  readonly name: string;
  /** For an element without a name: the list item, row, option, labelled group… around it, by its role and text. */
  readonly anchor?: { readonly role: string; readonly name: string };
  /** The heading of the section it sits in: kept when its role and name repeat on the page (section-of.ts). */
  readonly section?: string;
  /** The section as flows recorded before labelled groups were sections named it, where that differs (section-of.ts). */
  readonly sectionWas?: string;
  /** For a cell of a keyed row, or a field in one: its column and its row's key (row-key.ts). */
  readonly cell?: { readonly key: string; readonly column: string };
}

const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', image: 'button', file: 'button', search: 'searchbox',
  range: 'slider', number: 'spinbutton', email: 'textbox', password: 'textbox', text: 'textbox', tel: 'textbox', url: 'textbox',
};
const TAG_ROLES: Record<string, string> = {
  button: 'button', textarea: 'textbox', option: 'option', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading',
  h6: 'heading', ul: 'list', ol: 'list', li: 'listitem', table: 'table', tr: 'row', td: 'cell', th: 'columnheader', nav: 'navigation',
  main: 'main', dialog: 'dialog', progress: 'progressbar', article: 'article', aside: 'complementary', summary: 'button', iframe: 'iframe',
  fieldset: 'group', details: 'group', img: 'img', label: 'generic', form: 'form', section: 'region', select: 'combobox',
};

/** The element's role as a person meets it: its role attribute, else the role its tag and type give it. */
export function roleOf(node: Element): string {
  const explicit = node.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase();
  if (explicit) return explicit === 'presentation' ? 'none' : explicit;
  const tag = node.localName;
  if (tag === 'a' || tag === 'area') return node.hasAttribute('href') ? 'link' : 'generic';
  if (tag === 'input') {
    const type = (node.getAttribute('type') ?? 'text').toLowerCase();
    return type === 'hidden' ? 'none' : INPUT_ROLES[type] ?? 'textbox';
  }
  if (tag === 'select') return (node as HTMLSelectElement).multiple || (node as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
  if (tag === 'img' && node.getAttribute('alt') === '') return 'none';
  if ((tag === 'section' || tag === 'form') && !node.hasAttribute('aria-label') && !node.hasAttribute('aria-labelledby')) return 'generic';
  if ((node as HTMLElement).isContentEditable && node.parentElement && !(node.parentElement).isContentEditable) return 'textbox';
  return TAG_ROLES[tag] ?? 'generic';
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);
/** The longest name kept; a longer one is clipped with "…". */
const NAME_LIMIT = 120;
// A row whose text is hidden while it is edited in place (a to-do's label behind its edit box) is still that row.
const visibleText = (node: Element) => clean((node as HTMLElement).innerText ?? '') || clean(node.textContent ?? '');

/** How far up an unnamed element's titled holder is looked for. */
const TITLED_LEVELS = 2;

/** `withAnchor` false: the role and name only, for telling many elements apart by name (the anchor reads each row's text). */
export function describeInPage(element: Element, withAnchor = true): PageFingerprint {
  const NAME_FROM_CONTENT = new Set([
    'button', 'link', 'checkbox', 'radio', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem', 'heading',
    'cell', 'columnheader', 'rowheader', 'row', 'switch', 'tooltip',
  ]);
  const ANCHOR_ROLES = new Set(['listitem', 'row', 'option', 'treeitem', 'article', 'group', 'region', 'form', 'dialog', 'tabpanel', 'menuitem', 'cell']);

  const hidden = (node: Element): boolean => {
    if (node.getAttribute('aria-hidden') === 'true') return true;
    const style = node.ownerDocument.defaultView?.getComputedStyle(node);
    return !!style && (style.display === 'none' || style.visibility === 'hidden');
  };

  const byId = (from: Element, id: string): Element | null => {
    const root = from.getRootNode() as Document | ShadowRoot;
    return root.getElementById ? root.getElementById(id) : from.ownerDocument.getElementById(id);
  };

  /** The value an embedded control contributes to a name (accname step 2C). */
  const embeddedValue = (node: Element): string | undefined => {
    const role = roleOf(node);
    if (node.localName === 'input' && ['textbox', 'searchbox', 'spinbutton'].includes(role)) return (node as HTMLInputElement).value;
    if (node.localName === 'textarea') return (node as HTMLTextAreaElement).value;
    if (node.localName === 'select') return [...(node as HTMLSelectElement).selectedOptions].map((option) => option.label).join(' ');
    if (role === 'slider' || role === 'spinbutton') return node.getAttribute('aria-valuetext') ?? node.getAttribute('aria-valuenow') ?? (node as HTMLInputElement).value ?? '';
    return undefined;
  };

  const pseudo = (node: Element, which: '::before' | '::after'): string => {
    const content = node.ownerDocument.defaultView?.getComputedStyle(node, which).content ?? '';
    return /^["'].*["']$/.test(content) ? content.slice(1, -1) : '';
  };

  const contentOf = (node: Element, visited: Set<Element>): string => {
    const parts: string[] = [pseudo(node, '::before')];
    // A shadow host shows its shadow tree, into which its slots bring its children (the flat tree): each text once.
    for (const child of node.shadowRoot ? [...node.shadowRoot.childNodes] : [...node.childNodes]) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? '');
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const inner = child as Element;
        if (inner.localName === 'slot') {
          // Flattened: a slot passed on into another component's slot (Material Web's menu item into its list item)
          // brings what was put in it, and an empty one shows its own content.
          for (const assigned of (inner as HTMLSlotElement).assignedNodes({ flatten: true })) parts.push(assigned.nodeType === Node.ELEMENT_NODE ? compute(assigned as Element, visited, false) : assigned.textContent ?? '');
          continue;
        }
        if (hidden(inner) || inner.localName === 'script' || inner.localName === 'style' || inner.localName === 'template') continue;
        const display = inner.ownerDocument.defaultView?.getComputedStyle(inner).display ?? 'inline';
        const block = !display.startsWith('inline');
        if (block) parts.push(' ');
        parts.push(compute(inner, visited, false));
        if (block) parts.push(' ');
      }
    }
    parts.push(pseudo(node, '::after'));
    return parts.join('');
  };

  // `labels` makes Chromium search the whole document for each element asked: on a page of 2,000 rows, naming every
  // button to prove a selector unique took most of a second per click. A label is around the element or names its id.
  const mayHaveLabels = (node: Element): boolean => {
    if (!('labels' in node)) return false;
    if (node.closest('label')) return true;
    if (!node.id) return false;
    const root = node.getRootNode();
    const labels = isDocumentNode(root) ? root.getElementsByTagName('label') : (root as ShadowRoot).querySelectorAll?.('label') ?? [];
    for (const label of labels) if (label.htmlFor === node.id) return true;
    return false;
  };

  const nativeName = (node: Element, visited: Set<Element>): string => {
    const tag = node.localName;
    const type = node.getAttribute('type')?.toLowerCase();
    if (tag === 'input' && (type === 'submit' || type === 'reset' || type === 'button')) {
      return node.getAttribute('value') ?? (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
    }
    if (tag === 'input' && type === 'image') return node.getAttribute('alt') ?? node.getAttribute('value') ?? 'Submit';
    if (tag === 'img' || tag === 'area') return node.getAttribute('alt') ?? '';
    const labels = mayHaveLabels(node) ? (node as HTMLInputElement).labels : null;
    if (labels && labels.length) {
      return [...labels].map((label) => {
        visited.add(node);
        return contentOf(label, visited);
      }).join(' ');
    }
    if (tag === 'fieldset') return node.querySelector(':scope > legend')?.textContent ?? '';
    if (tag === 'table') return node.querySelector(':scope > caption')?.textContent ?? '';
    if (tag === 'figure') return node.querySelector(':scope > figcaption')?.textContent ?? '';
    return '';
  };

  const compute = (node: Element, visited: Set<Element>, root: boolean): string => {
    if (visited.has(node)) return '';
    visited.add(node);
    const labelledBy = root ? node.getAttribute('aria-labelledby') : null;
    if (labelledBy) {
      const text = labelledBy.split(/\s+/).map((id) => byId(node, id)).filter((target): target is Element => !!target)
        .map((target) => compute(target, visited, false) || contentOf(target, visited)).join(' ');
      if (clean(text)) return text;
    }
    const ariaLabel = clean(node.getAttribute('aria-label') ?? '');
    if (ariaLabel) return ariaLabel;
    if (!root) {
      const value = embeddedValue(node);
      if (value !== undefined) return value;
    }
    const native = nativeName(node, visited);
    if (clean(native)) return native;
    const role = roleOf(node);
    // A button drawn as a grid's cell (a calendar's day) is named by its text, as a button: a data grid's cell is not,
    // its text is the data being edited.
    if (!root || NAME_FROM_CONTENT.has(role) || (role === 'gridcell' && node.localName === 'button')) {
      const text = contentOf(node, visited);
      if (clean(text)) return text;
    }
    const title = node.getAttribute('title');
    if (title) return title;
    return root && (node.localName === 'input' || node.localName === 'textarea') ? node.getAttribute('placeholder') ?? '' : '';
  };

  // What a field's row or cell says besides the field: the text typed into an editable cell (a JSON editor's key, a
  // grid's value) is the field's own, which the typing changes; the row is named by what stays around it.
  const textAround = (ancestor: Element, read: (node: Element) => string) => {
    const parts: string[] = [];
    const walk = (node: Element) => {
      for (const child of node.childNodes) {
        if (child === element) continue;
        if (isElementNode(child)) {
          if (child.contains(element)) walk(child);
          else parts.push(read(child));
        }
        else if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? '');
      }
    };
    walk(ancestor);
    return clean(parts.join(' '));
  };
  const visibleTextAround = (ancestor: Element) => textAround(ancestor, (node) => (node as HTMLElement).innerText ?? '') || textAround(ancestor, (node) => node.textContent ?? '');
  let role = roleOf(element);
  let name = clean(compute(element, new Set(), true));
  // A design system's control whose role is in its shadow tree (a select, a switch, a button drawn there): that role,
  // named by the label around the element or by the control's own name. Not by the element's text, which is its
  // options' or its slotted content's, another in a release that adds one (see earlierName).
  const control = !name && role === 'generic' ? innerControl(element) : undefined;
  if (control) {
    const label = element.closest('label') ?? (element.id ? element.ownerDocument.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
    role = roleOf(control);
    name = (label && clean((label as HTMLElement).innerText ?? '')) || clean(compute(control, new Set(), true)) || shadowLabel(element) || visibleText(element);
  }
  const editable = role === 'textbox' || (element as HTMLElement).isContentEditable;
  // An element without an accessible name that shows text (a clickable <div>, a list item) is known by that text. Not
  // one that holds a table, grid, list box or tree (a spreadsheet's box, which takes its keys): that text is the
  // data the person is editing, another after each edit.
  const holdsData = (role === 'generic' || role === 'none') && !!element.querySelector('table, [role=grid], [role=treegrid], [role=table], [role=listbox], [role=tree]');
  if (!name && ['generic', 'none', 'listitem', 'paragraph', 'cell', 'row'].includes(role) && !holdsData) name = visibleText(element);
  name = clip(name, NAME_LIMIT);
  // Around an element without a name: the nearest list item, row, labelled group… Around a named one: only the list
  // item or row it sits in, since a name repeated on every row (×, Delete, Edit) says nothing about which row.
  const repeating = new Set(['listitem', 'row', 'option', 'treeitem']);
  if (role === 'listitem' || role === 'row' || !withAnchor) return { role, name };
  // A name of symbols only (a CSS glyph, ×) says as little as none: such an element is anchored as an unnamed one is.
  const named = /[\p{L}\p{N}]/u.test(name);
  let up = 0;
  for (let ancestor = composedParent(element); ancestor; ancestor = composedParent(ancestor), up++) {
    const ancestorRole = roleOf(ancestor);
    const label = ancestor.localName === 'label';
    // An unnamed part of something a page names only by its title (a docking layout's tab and its ×): that title.
    const title = !named && up < TITLED_LEVELS && (ancestorRole === 'generic' || ancestorRole === 'none') ? clean(ancestor.getAttribute('title') ?? '') : '';
    if (title) return { role, name, anchor: { role: 'generic', name: clip(title, 80) } };
    if (named ? !repeating.has(ancestorRole) : !ANCHOR_ROLES.has(ancestorRole) && !label) continue;
    // A field inside a tree item or an option (a rename box) is no part of its name either: its value is being typed.
    const ancestorName = clip(editable && ancestor.contains(element) && (repeating.has(ancestorRole) || ancestorRole === 'cell' || label) ? visibleTextAround(ancestor)
      : ancestorRole === 'listitem' || ancestorRole === 'row' || ancestorRole === 'cell' || label ? visibleText(ancestor)
      : clean(compute(ancestor, new Set(), true)), 80);
    if (ancestorName) return { role, name, anchor: { role: label ? 'label' : ancestorRole, name: ancestorName } };
    if (named) break;
  }
  return { role, name };
}

/**
 * How recordings made before a custom element's own control was read named it (describeInPage): an element of no
 * role known by its text (a select by its options'). Undefined for any other element, named alike then and now.
 */
export function earlierName(element: Element): { role: string; name: string } | undefined {
  if (roleOf(element) !== 'generic' || element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.hasAttribute('title') || !innerControl(element)) return undefined;
  const text = visibleText(element);
  return text ? { role: 'generic', name: clip(text, NAME_LIMIT) } : undefined;
}

/**
 * The label a custom element draws above its control in its shadow tree (Carbon's multi-select: "Tools", its control
 * labelled by an id its tree lacks): what a person reads first in it, not the options its text holds.
 */
function shadowLabel(host: Element): string {
  const label = host.shadowRoot?.querySelector('label');
  const first = label?.checkVisibility() ? ((label as HTMLElement).innerText ?? '').split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).find(Boolean) : undefined;
  return first ? clip(first, NAME_LIMIT) : '';
}

/** The roles of what a person acts on. */
const CONTROL_ROLES = new Set(['button', 'checkbox', 'combobox', 'link', 'listbox', 'menuitem', 'option', 'radio', 'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox']);
/** How many elements of a shadow tree are read for its control. */
const MOST_READ_IN_SHADOW = 300;

/**
 * The control a custom element draws in its open shadow tree (a `<button>`, a `role=combobox`): the one that takes the
 * focus, else the first; none when the tree holds no control or the element is no custom element.
 */
function innerControl(host: Element): Element | undefined {
  if (!host.localName.includes('-') || !host.shadowRoot) return undefined;
  let first: Element | undefined;
  let read = 0;
  for (const inner of host.shadowRoot.querySelectorAll('*')) {
    if (++read > MOST_READ_IN_SHADOW) break;
    if (!CONTROL_ROLES.has(roleOf(inner)) || inner.getAttribute('aria-hidden') === 'true' || !inner.checkVisibility()) continue;
    if ((inner as HTMLElement).tabIndex >= 0) return inner;
    first ??= inner;
  }
  return first;
}
