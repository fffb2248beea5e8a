import type { AxInfo, DomNode, FrameDoc } from './dom-tree';

/**
 * Roles and accessible names computed from the captured DOM, after HTML-AAM's implicit roles and the accname algorithm
 * (aria-labelledby, aria-label, native labels, name from content, title, placeholder). Chromium's own accessibility tree
 * says the same for ordinary pages but costs over a second on a large one; this costs milliseconds, and it matches what
 * Playwright's role selector engine computes, which is what our role selectors are resolved with.
 */

const INPUT_ROLES: Readonly<Record<string, string>> = {
  checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', image: 'button', search: 'searchbox',
  range: 'slider', number: 'spinbutton', email: 'textbox', password: 'textbox', text: 'textbox', tel: 'textbox', url: 'textbox',
};
const TAG_ROLES: Readonly<Record<string, string>> = {
  button: 'button', textarea: 'textbox', option: 'option', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading',
  h6: 'heading', ul: 'list', ol: 'list', li: 'listitem', table: 'table', tr: 'row', td: 'cell', th: 'columnheader', nav: 'navigation',
  main: 'main', dialog: 'dialog', progress: 'progressbar', article: 'article', aside: 'complementary', summary: 'button', iframe: 'iframe',
};
/** Roles whose name comes from their content when no label is given. */
const NAME_FROM_CONTENT = new Set([
  'button', 'link', 'checkbox', 'radio', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem', 'heading',
  'cell', 'columnheader', 'rowheader', 'row', 'switch', 'tooltip',
]);
const LABELLABLE = new Set(['input', 'select', 'textarea', 'button', 'meter', 'output', 'progress']);

function implicitRole(node: DomNode): string {
  const explicit = node.attrs.role?.trim().split(/\s+/)[0]?.toLowerCase();
  if (explicit) return explicit === 'presentation' ? 'none' : explicit;
  switch (node.tag) {
    case 'a': case 'area': return node.attrs.href !== undefined ? 'link' : 'generic';
    case 'input': {
      const type = node.attrs.type?.toLowerCase() ?? 'text';
      if (type === 'hidden') return 'none';
      return INPUT_ROLES[type] ?? 'textbox';
    }
    case 'select': return node.attrs.multiple !== undefined || Number(node.attrs.size) > 1 ? 'listbox' : 'combobox';
    case 'img': return node.attrs.alt === '' ? 'presentation' : 'img';
    case 'form': case 'section': return node.attrs['aria-label'] || node.attrs['aria-labelledby'] ? (node.tag === 'form' ? 'form' : 'region') : 'generic';
    default: return TAG_ROLES[node.tag] ?? 'generic';
  }
}

/** Elements by id within one tree scope (document or shadow root), for aria-labelledby and label[for]. */
class ScopeIndex {
  private readonly ids = new Map<string, DomNode>();
  private readonly labelsFor = new Map<string, DomNode[]>();

  constructor(private readonly frame: FrameDoc) {}

  private scopeOf(node: DomNode): string {
    return String(this.frame.scopes.get(node.backendNodeId)?.host ?? 'document');
  }

  add(node: DomNode): void {
    const scope = this.scopeOf(node);
    if (node.attrs.id && !this.ids.has(`${scope}#${node.attrs.id}`)) this.ids.set(`${scope}#${node.attrs.id}`, node);
    if (node.tag === 'label' && node.attrs.for) {
      const key = `${scope}#${node.attrs.for}`;
      this.labelsFor.set(key, [...(this.labelsFor.get(key) ?? []), node]);
    }
  }

  byId(from: DomNode, id: string): DomNode | undefined {
    return this.ids.get(`${this.scopeOf(from)}#${id}`);
  }

  labelsOf(node: DomNode): DomNode[] {
    return node.attrs.id ? this.labelsFor.get(`${this.scopeOf(node)}#${node.attrs.id}`) ?? [] : [];
  }
}

function hiddenFromEveryone(node: DomNode): boolean {
  return node.attrs['aria-hidden'] === 'true' || node.layout?.display === 'none' || node.layout?.visibility === 'hidden';
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

class NameComputer {
  constructor(private readonly scopes: ScopeIndex) {}

  name(node: DomNode, role: string): string {
    return clean(this.compute(node, role, new Set(), true));
  }

  private compute(node: DomNode, role: string, visited: Set<DomNode>, root: boolean): string {
    if (visited.has(node)) return '';
    visited.add(node);
    const labelledBy = root ? node.attrs['aria-labelledby'] : undefined;
    if (labelledBy) {
      const text = labelledBy.split(/\s+/).map((id) => this.scopes.byId(node, id)).filter((target): target is DomNode => !!target)
        .map((target) => this.compute(target, roleOf(target), visited, false)).join(' ');
      if (clean(text)) return text;
    }
    const ariaLabel = clean(node.attrs['aria-label'] ?? '');
    if (ariaLabel) return ariaLabel;
    const native = this.nativeName(node, visited);
    if (native) return native;
    if (!root || NAME_FROM_CONTENT.has(role)) {
      const text = this.content(node, visited);
      if (clean(text)) return text;
    }
    return node.attrs.title ?? (root && (node.tag === 'input' || node.tag === 'textarea') ? node.attrs.placeholder ?? '' : '');
  }

  private nativeName(node: DomNode, visited: Set<DomNode>): string {
    const type = node.attrs.type?.toLowerCase();
    if (node.tag === 'input' && (type === 'submit' || type === 'reset' || type === 'button')) {
      return node.attrs.value ?? (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
    }
    if (node.tag === 'input' && type === 'image') return node.attrs.alt ?? node.attrs.value ?? 'Submit';
    if (node.tag === 'img' || node.tag === 'area') return node.attrs.alt ?? '';
    if (LABELLABLE.has(node.tag)) {
      const labels = [...this.scopes.labelsOf(node), ...ancestorLabel(node)];
      const text = labels.map((label) => this.content(label, visited, node)).join(' ');
      if (clean(text)) return text;
    }
    if (node.tag === 'fieldset') return textOfChild(node, 'legend');
    if (node.tag === 'table') return textOfChild(node, 'caption');
    if (node.tag === 'figure') return textOfChild(node, 'figcaption');
    return '';
  }

  /** Text of the content, with embedded controls contributing their value and images their alt. */
  private content(node: DomNode, visited: Set<DomNode>, skip?: DomNode): string {
    const parts: string[] = [];
    for (const child of node.children) {
      if (child === skip) continue;
      if (child.tag === '#text') {
        parts.push(child.text ?? '');
        continue;
      }
      if (child.nodeType !== 1 || hiddenFromEveryone(child) || child.tag === 'script' || child.tag === 'style') continue;
      if (child.tag === 'img') parts.push(child.attrs.alt ?? '');
      else if (child.tag === 'input' && child.attrs.type !== 'hidden') parts.push(child.inputValue ?? child.attrs.value ?? '');
      else if (child.attrs['aria-label']) parts.push(child.attrs['aria-label']);
      else parts.push(this.content(child, visited));
      if (child.layout && child.layout.display !== 'inline' && child.layout.display !== '') parts.push(' ');
    }
    return parts.join('');
  }
}

function ancestorLabel(node: DomNode): DomNode[] {
  let current = node.parent;
  while (current && current.nodeType === 1) {
    if (current.tag === 'label') return [current];
    current = current.parent;
  }
  return [];
}

function textOfChild(node: DomNode, tag: string): string {
  const child = node.children.find((candidate) => candidate.tag === tag);
  return child ? clean(child.children.map((grandchild) => grandchild.text ?? '').join(' ')) : '';
}

function roleOf(node: DomNode): string {
  return implicitRole(node);
}

/** Fills `ax` (role, name, states) for every element of the frames. */
export function computeAccessibility(frames: readonly FrameDoc[]): void {
  for (const frame of frames) {
    if (!frame.root) continue;
    const scopes = new ScopeIndex(frame);
    const elements: DomNode[] = [];
    const stack = [frame.root];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.nodeType === 1) {
        elements.push(node);
        scopes.add(node);
      }
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
    }
    const names = new NameComputer(scopes);
    const hidden = new Set<DomNode>();
    for (const node of elements) {
      const ignored = node.attrs['aria-hidden'] === 'true' || (node.parent !== undefined && hidden.has(node.parent));
      if (ignored) hidden.add(node);
      const role = implicitRole(node);
      const named = role !== 'generic' && role !== 'none' && role !== 'list' && role !== 'listitem' && role !== 'table' && role !== 'row';
      node.ax = {
        role,
        name: named || node.attrs['aria-label'] || node.attrs['aria-labelledby'] ? names.name(node, role) : '',
        ignored: ignored || role === 'none',
        properties: properties(node),
      } satisfies AxInfo;
    }
  }
}

function properties(node: DomNode): Record<string, unknown> {
  const attrs = node.attrs;
  const props: Record<string, unknown> = {};
  if (attrs['aria-checked'] !== undefined) props.checked = attrs['aria-checked'] === 'mixed' ? 'mixed' : attrs['aria-checked'] === 'true';
  if (attrs['aria-expanded'] !== undefined) props.expanded = attrs['aria-expanded'] === 'true';
  if (attrs['aria-selected'] !== undefined) props.selected = attrs['aria-selected'] === 'true';
  if (attrs['aria-disabled'] === 'true' || attrs.disabled !== undefined) props.disabled = true;
  if (attrs['aria-required'] === 'true' || attrs.required !== undefined) props.required = true;
  if (node.tag === 'select' && attrs.multiple === undefined) props.expanded = false;
  return props;
}
