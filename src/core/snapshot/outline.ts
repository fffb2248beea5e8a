import type { DomNode, FrameDoc } from './dom-tree';
import { isActionable, isRendered, nameOf, roleOf, statesOf, textOf, type ElementStates } from './element-facts';

/** One interactive element of the snapshot. */
export interface OutlineElement {
  /** `<frame>-<n>`, deterministic for the same document. */
  readonly id: string;
  readonly node: DomNode;
  readonly role: string;
  readonly name: string;
  readonly states: ElementStates;
  readonly excluded: boolean;
}

/** One line of the outline: text, a heading, an element, a table row or list item on one line, or a frame header. */
export interface OutlineLine {
  readonly text: string;
  readonly depth: number;
  readonly elementIds: readonly string[];
  /** Lower-case words for relevance matching. */
  readonly words: string;
  /** Whether any part is inside the main frame's viewport. */
  readonly inViewport: boolean;
  /** Kind of line, so budgeting can keep headings and summarise runs of rows. */
  readonly kind: 'text' | 'heading' | 'element' | 'row' | 'frame';
  /** Outside options.selector, or inside options.ignoreSelectors: numbered (ids stay stable) but not shown. */
  readonly excluded: boolean;
}

export interface OutlineScope {
  /** Only subtrees of these nodes are shown (options.selector, or a frame); undefined shows everything. */
  readonly within?: ReadonlySet<number> | undefined;
  /** Subtrees of these nodes are never shown (options.ignoreSelectors). */
  readonly ignored: ReadonlySet<number>;
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
  readonly scrollX: number;
  readonly scrollY: number;
}

const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'thead', 'tfoot', 'tr',
  'td', 'th', 'ul', 'br', 'caption', 'legend', 'label', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
]);
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link']);
const MAX_TEXT = 160;

export class OutlineBuilder {
  readonly lines: OutlineLine[] = [];
  readonly elements: OutlineElement[] = [];
  private readonly counters = new Map<number, number>();
  private textBuffer: string[] = [];
  private bufferInViewport = false;
  private insideScope: number;
  private insideIgnored = 0;

  constructor(private readonly viewport: Viewport, private readonly scope: OutlineScope = { ignored: new Set() }) {
    this.insideScope = scope.within ? 0 : 1;
  }

  private get excluded(): boolean {
    return this.insideScope === 0 || this.insideIgnored > 0;
  }

  build(frames: readonly FrameDoc[]): this {
    const main = frames[0];
    if (main?.root) this.visit(main.root, 0, false);
    this.flush(0);
    return this;
  }

  private nextId(frame: FrameDoc): string {
    const next = this.counters.get(frame.index) ?? 0;
    this.counters.set(frame.index, next + 1);
    return `${frame.index}-${next}`;
  }

  /** Frame content counts as in view when its iframe is. */
  private inViewport(node: DomNode): boolean {
    if (node.frame.index !== 0) return node.frame.owner ? this.inViewport(node.frame.owner) : false;
    const layout = node.layout;
    if (!layout) return false;
    const { scrollY, height, scrollX, width } = this.viewport;
    return layout.y + layout.height > scrollY && layout.y < scrollY + height && layout.x + layout.width > scrollX && layout.x < scrollX + width;
  }

  private describe(node: DomNode): OutlineElement {
    const role = roleOf(node);
    const name = nameOf(node);
    const states = statesOf(node, role, name);
    if (node.frame.index === 0 && node.layout && !this.inViewport(node)) states.offscreen = true;
    const element = { id: this.nextId(node.frame), node, role, name, states, excluded: this.excluded };
    this.elements.push(element);
    return element;
  }

  private visit(node: DomNode, depth: number, insideActionable: boolean): void {
    const enters = this.scope.within?.has(node.backendNodeId) ?? false;
    const ignores = this.scope.ignored.has(node.backendNodeId);
    if (enters || ignores) this.flush(depth);
    if (enters) this.insideScope++;
    if (ignores) this.insideIgnored++;
    this.visitNode(node, depth, insideActionable);
    if (enters || ignores) this.flush(depth);
    if (enters) this.insideScope--;
    if (ignores) this.insideIgnored--;
  }

  private visitNode(node: DomNode, depth: number, insideActionable: boolean): void {
    if (node.tag === '#text') {
      const text = (node.text ?? '').replace(/\s+/g, ' ').trim();
      if (text && (node.layout || node.parent?.layout)) {
        this.textBuffer.push(text);
        if (node.parent && this.inViewport(node.parent)) this.bufferInViewport = true;
      }
      return;
    }
    if (node.nodeType === 9) {
      node.children.forEach((child) => this.visit(child, depth, insideActionable));
      return;
    }
    if (SKIPPED.has(node.tag) || (node.layout && !isRendered(node) && node.layout.display === 'none')) return;
    if (node.contentFrame) {
      this.flush(depth);
      const label = node.attrs.title ?? node.attrs.name ?? node.attrs.id ?? '';
      this.push({ text: `frame ${node.contentFrame.index}${label ? ` ${JSON.stringify(label)}` : ''}:`, depth, elementIds: [], kind: 'frame', inViewport: this.inViewport(node) });
      if (node.contentFrame.root) this.visit(node.contentFrame.root, depth + 1, false);
      this.flush(depth + 1);
      return;
    }
    const actionable = isActionable(node, insideActionable);
    if (actionable) {
      this.flush(depth);
      const element = this.describe(node);
      const holdsMore = hasActionableDescendant(node);
      this.push({ text: elementLine(element), depth, elementIds: [element.id], kind: 'element', inViewport: this.inViewport(node) });
      if (holdsMore) {
        const before = this.textBuffer.length;
        node.children.forEach((child) => this.visit(child, depth + 1, true));
        this.textBuffer.length = before; // its text is its name already
        this.flush(depth + 1);
      }
      return;
    }
    if (/^h[1-6]$/.test(node.tag) || node.attrs.role === 'heading') {
      this.flush(depth);
      const text = textOf(node, MAX_TEXT);
      if (text) this.push({ text: `heading ${JSON.stringify(text)}`, depth, elementIds: [], kind: 'heading', inViewport: this.inViewport(node) });
      return;
    }
    if (node.tag === 'tr' || node.tag === 'li' || node.attrs.role === 'row' || node.attrs.role === 'listitem') {
      this.flush(depth);
      this.row(node, depth);
      return;
    }
    const block = BLOCKS.has(node.tag);
    if (block) this.flush(depth);
    node.children.forEach((child) => this.visit(child, depth, insideActionable));
    if (block) this.flush(depth);
  }

  /** A table row or list item on one line: its cells' text and its elements, so an element keeps the text that identifies it. */
  private row(node: DomNode, depth: number): void {
    const parts: string[] = [];
    const ids: string[] = [];
    let text: string[] = [];
    const flushText = () => {
      const joined = text.join(' ').trim();
      if (joined) parts.push(JSON.stringify(clip(joined)));
      text = [];
    };
    const walk = (current: DomNode, insideActionable: boolean) => {
      if (current.tag === '#text') {
        const value = (current.text ?? '').replace(/\s+/g, ' ').trim();
        if (value) text.push(value);
        return;
      }
      if (SKIPPED.has(current.tag) || (current.layout && current.layout.display === 'none')) return;
      if (isActionable(current, insideActionable)) {
        flushText();
        const element = this.describe(current);
        parts.push(elementLine(element));
        ids.push(element.id);
        if (hasActionableDescendant(current)) current.children.forEach((child) => walk(child, true));
        return;
      }
      if (current.tag === 'td' || current.tag === 'th' || BLOCKS.has(current.tag)) flushText();
      current.children.forEach((child) => walk(child, insideActionable));
      if (current.tag === 'td' || current.tag === 'th') flushText();
    };
    node.children.forEach((child) => walk(child, false));
    flushText();
    if (parts.length) this.push({ text: `row: ${parts.join(' | ')}`, depth, elementIds: ids, kind: 'row', inViewport: this.inViewport(node) });
  }

  private flush(depth: number): void {
    const text = this.textBuffer.join(' ').trim();
    const inViewport = this.bufferInViewport;
    this.textBuffer = [];
    this.bufferInViewport = false;
    if (text) this.push({ text: JSON.stringify(clip(text)), depth, elementIds: [], kind: 'text', inViewport });
  }

  private push(line: Omit<OutlineLine, 'words' | 'excluded'>): void {
    // A label's text next to its control repeats the control's name: keep the control's line only.
    const previous = this.lines.at(-1);
    if (line.kind === 'text' && previous?.kind === 'element' && previous.text.includes(`] `) && previous.text.includes(` ${line.text}`)) return;
    if (line.kind === 'element' && previous?.kind === 'text' && line.text.includes(` ${previous.text}`) && previous.depth === line.depth) this.lines.pop();
    this.lines.push({ ...line, words: line.text.toLowerCase(), excluded: this.excluded });
  }
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** Whether a control holds other controls (a clickable card with buttons in it), which then get lines of their own. */
function hasActionableDescendant(node: DomNode): boolean {
  const stack = [...node.children];
  while (stack.length) {
    const current = stack.pop()!;
    if (current.nodeType === 1 && isActionable(current, true)) return true;
    stack.push(...current.children);
  }
  return false;
}

/** `[0-5] button "Sign in" (disabled, value="x")` */
function elementLine(element: OutlineElement): string {
  const role = element.role === 'generic' ? 'clickable' : element.role;
  const details: string[] = [];
  const states = element.states;
  if (states.value !== undefined) details.push(`value=${JSON.stringify(states.value)}`);
  if (states.checked !== undefined) details.push(states.checked === 'mixed' ? 'mixed' : states.checked ? 'checked' : 'unchecked');
  if (states.selected) details.push('selected');
  if (states.disabled) details.push('disabled');
  if (states.expanded !== undefined) details.push(states.expanded ? 'expanded' : 'collapsed');
  if (states.required) details.push('required');
  if (states.placeholder) details.push(`placeholder=${JSON.stringify(states.placeholder)}`);
  if (states.linkHost) details.push(`to ${states.linkHost}`);
  if (states.options) details.push(`options: ${states.options.map((option) => JSON.stringify(option)).join(', ')}`);
  if (states.offscreen) details.push('offscreen');
  return `[${element.id}] ${role}${element.name ? ` ${JSON.stringify(element.name)}` : ''}${details.length ? ` (${details.join(', ')})` : ''}`;
}
