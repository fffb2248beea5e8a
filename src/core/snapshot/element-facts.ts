import type { DomNode } from './dom-tree';

/** ARIA roles a user acts on. */
const ACTIONABLE_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'textbox', 'searchbox', 'combobox', 'listbox', 'option', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem',
]);
const ACTIONABLE_TAGS = new Set(['button', 'select', 'textarea', 'summary']);
const NEVER_ACTIONABLE = new Set(['html', 'body', 'label', 'form', 'iframe', 'frame', 'option', 'optgroup', 'script', 'style', 'head']);
const INPUT_ROLES: Readonly<Record<string, string>> = {
  checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', image: 'button', search: 'searchbox',
  range: 'slider', number: 'spinbutton', email: 'textbox', password: 'textbox', text: 'textbox', tel: 'textbox', url: 'textbox',
};

export function isRendered(node: DomNode): boolean {
  const layout = node.layout;
  if (!layout) return false;
  return layout.visibility !== 'hidden' && layout.visibility !== 'collapse' && layout.display !== 'none' && layout.width > 0 && layout.height > 0;
}

function axRole(node: DomNode): string | undefined {
  const ax = node.ax;
  if (!ax || ax.ignored) return undefined;
  return ACTIONABLE_ROLES.has(ax.role) || /^[a-z]+$/.test(ax.role) ? ax.role : undefined;
}

/** The role a person would name the element by: Chromium's, or the tag's implicit role when Chromium gives none. */
export function roleOf(node: DomNode): string {
  const fromAx = axRole(node);
  if (fromAx && fromAx !== 'generic' && fromAx !== 'none') return fromAx;
  const explicit = node.attrs.role?.split(/\s+/)[0];
  if (explicit) return explicit;
  switch (node.tag) {
    case 'a': return node.attrs.href !== undefined ? 'link' : 'generic';
    case 'button': case 'summary': return 'button';
    case 'select': return 'combobox';
    case 'textarea': return 'textbox';
    case 'input': return INPUT_ROLES[node.attrs.type?.toLowerCase() ?? 'text'] ?? 'textbox';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
    default: return fromAx ?? 'generic';
  }
}

/** Whether a person could act on the element: by role, by tag, by a click listener or a pointer cursor, or by tabindex. */
export function isActionable(node: DomNode, parentActionable: boolean): boolean {
  if (node.nodeType !== 1 || NEVER_ACTIONABLE.has(node.tag) || !isRendered(node)) return false;
  if (node.tag === 'input') return node.attrs.type?.toLowerCase() !== 'hidden';
  if (ACTIONABLE_TAGS.has(node.tag) || (node.tag === 'a' && node.attrs.href !== undefined)) return true;
  const role = axRole(node);
  if (role && ACTIONABLE_ROLES.has(role)) return true;
  if (node.attrs.contenteditable !== undefined && node.attrs.contenteditable !== 'false') return true;
  if (parentActionable) return false;
  if (node.clickable) return true;
  const tabindex = Number(node.attrs.tabindex);
  if (node.attrs.tabindex !== undefined && tabindex >= 0) return true;
  // Frameworks that delegate events (React, Vue) leave no listener on the element; the pointer cursor still shows intent.
  return node.layout?.cursor === 'pointer' && node.parent?.layout?.cursor !== 'pointer';
}

/** Visible text under a node, whitespace collapsed. Options of a closed <select> have no layout, so they are read regardless. */
export function textOf(node: DomNode, limit = 200, renderedOnly = node.tag !== 'option'): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (current: DomNode) => {
    if (length > limit) return;
    if (current.tag === '#text') {
      if (!renderedOnly || current.layout || current.parent?.layout) {
        const text = (current.text ?? '').replace(/\s+/g, ' ').trim();
        if (text) {
          parts.push(text);
          length += text.length + 1;
        }
      }
      return;
    }
    if (current.tag === 'script' || current.tag === 'style') return;
    current.children.forEach(walk);
  };
  walk(node);
  const text = parts.join(' ');
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The accessible name, or the nearest stand-in a person would read. */
export function nameOf(node: DomNode): string {
  const name = node.ax && !node.ax.ignored ? node.ax.name : '';
  if (name) return clip(name, 120);
  const attrs = node.attrs;
  return clip(attrs['aria-label'] ?? attrs.title ?? attrs.placeholder ?? attrs.alt ?? (node.tag === 'input' ? attrs.name ?? '' : textOf(node, 120)), 120);
}

function clip(text: string, limit: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > limit ? `${clean.slice(0, limit - 1)}…` : clean;
}

export interface ElementStates {
  value?: string;
  checked?: boolean | 'mixed';
  selected?: boolean;
  disabled?: boolean;
  expanded?: boolean;
  required?: boolean;
  placeholder?: string;
  linkHost?: string;
  options?: string[];
  offscreen?: boolean;
}

/** The states worth telling a model about; a password's value is never among them. */
export function statesOf(node: DomNode, role: string, name: string): ElementStates {
  const states: ElementStates = {};
  const props = node.ax?.properties ?? {};
  const type = node.attrs.type?.toLowerCase();
  if (node.tag === 'select') {
    const options = node.children.filter((child) => child.tag === 'option' || child.tag === 'optgroup').flatMap((child) => (child.tag === 'optgroup' ? child.children : [child]));
    const chosen = options.find((option) => option.selected) ?? options[0];
    if (chosen) states.value = textOf(chosen, 60);
    states.options = options.slice(0, 12).map((option) => textOf(option, 40));
    if (options.length > 12) states.options.push(`… ${options.length - 12} more`);
  } else if (type === 'password') {
    if (node.inputValue) states.value = '(set, hidden)';
  } else if (node.inputValue && type !== 'checkbox' && type !== 'radio' && type !== 'submit' && type !== 'button') {
    states.value = clip(node.inputValue, 60);
  }
  if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox') {
    const checked = props.checked;
    states.checked = node.checked === true || checked === 'true' || checked === true ? true : checked === 'mixed' ? 'mixed' : false;
  }
  if (props.selected === true) states.selected = true;
  if (props.disabled === true || node.attrs.disabled !== undefined) states.disabled = true;
  if (typeof props.expanded === 'boolean') states.expanded = props.expanded;
  if (props.required === true || node.attrs.required !== undefined) states.required = true;
  if (node.attrs.placeholder && node.attrs.placeholder !== name) states.placeholder = clip(node.attrs.placeholder, 60);
  if (role === 'link' && node.attrs.href) {
    try {
      const target = new URL(node.attrs.href, node.frame.url);
      if (target.host && target.host !== new URL(node.frame.url).host) states.linkHost = target.host;
    } catch {
      // an href that is not a URL says nothing about its target
    }
  }
  return states;
}
