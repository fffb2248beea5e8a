import type { DomNode, FrameDoc, ScopeFacts } from './dom-tree';
import { isGeneratedId } from './generated-ids';
import { cssIdentifier, cssString, formatSelector, type Hop } from './selector-syntax';
import { DESCRIPTIVE_ATTRIBUTES, TEST_ID_ATTRIBUTES } from './naming-attributes';

/**
 * Tags that name a part of the page rather than a place in it: when a page has one, its tag finds it as well as a
 * custom element's does, and survives markup moving around it (a landmark's or a form's XPath does not).
 */
const NAMING_TAGS = new Set(['main', 'nav', 'header', 'footer', 'aside', 'form', 'dialog', 'table', 'h1']);
const tagNames = (tag: string) => (tag.includes('-') && cssIdentifier(tag)) || NAMING_TAGS.has(tag);
/** Roles Playwright's role engine knows (lower-case ARIA roles); Chromium-internal roles are not usable in a selector. */
const ARIA_ROLE = /^[a-z]+$/;
/**
 * Roles the accessibility tree gives that are no ARIA role, which Playwright's role engine does not resolve: a titled
 * iframe's `role=iframe[name=…]` found nothing, and every step in that frame failed on replay.
 */
const NOT_ARIA_ROLES = new Set(['iframe']);

export interface SelectorCandidates {
  /** Best first: test id, id, role+name, a descriptive attribute, position. Each resolves to this element alone. */
  readonly selectors: readonly string[];
}

interface Scope {
  /** `f<frame>` for a frame's piercing scope, `r<host>` for a shadow root's own tree. */
  readonly key: string;
  readonly piercing: boolean;
}

/**
 * Counts, per scope, how many elements each candidate would match. Playwright's css and role engines pierce open shadow
 * roots but not closed ones, so a frame's scope is its document plus its open shadow trees; inside a shadow root
 * (reached through a hop) only native CSS applies, without piercing.
 */
export class SelectorIndex {
  private readonly counts = new Map<string, number>();
  /** Per piercing scope and role, the names of its elements as Playwright's role engine compares them (see namedOnce). */
  private readonly names = new Map<string, string[]>();
  private readonly frameHopCache = new Map<FrameDoc, Hop[]>();

  constructor(frames: readonly FrameDoc[]) {
    for (const frame of frames) if (frame.root) this.indexTree(frame.root);
  }

  private indexTree(root: DomNode): void {
    const stack = [root];
    while (stack.length) {
      const node = stack.pop()!;
      stack.push(...node.children);
      if (node.nodeType !== 1) continue;
      for (const scope of this.scopesSeeing(node)) {
        for (const key of this.keysOf(node, scope)) this.counts.set(`${scope.key}|${key}`, (this.counts.get(`${scope.key}|${key}`) ?? 0) + 1);
        if (scope.piercing && node.ax && !node.ax.ignored && ARIA_ROLE.test(node.ax.role)) {
          const key = `${scope.key}|${node.ax.role}`;
          const names = this.names.get(key) ?? [];
          names.push(comparableName(node.ax.name));
          this.names.set(key, names);
        }
      }
    }
  }

  /** The frame scope (unless inside a closed root) and, inside a shadow root, that root's own scope. */
  private scopesSeeing(node: DomNode): Scope[] {
    const facts = node.frame.scopes.get(node.backendNodeId);
    const scopes: Scope[] = [];
    if (!this.insideClosedRoot(node.frame, facts)) scopes.push({ key: `f${node.frame.index}`, piercing: true });
    if (facts?.host !== undefined) scopes.push({ key: `r${node.frame.index}:${facts.host}`, piercing: false });
    return scopes;
  }

  insideClosedRoot(frame: FrameDoc, facts: ScopeFacts | undefined): boolean {
    let current = facts;
    while (current?.host !== undefined) {
      if (current.rootType === 'closed') return true;
      current = frame.scopes.get(current.host);
    }
    return false;
  }

  private keysOf(node: DomNode, scope: Scope): string[] {
    const keys: string[] = [];
    for (const attribute of TEST_ID_ATTRIBUTES) if (node.attrs[attribute]) keys.push(`[${attribute}=${node.attrs[attribute]}]`);
    if (node.attrs.id) keys.push(`#${node.attrs.id}`);
    for (const attribute of DESCRIPTIVE_ATTRIBUTES) if (node.attrs[attribute]) keys.push(`${node.tag}[${attribute}=${node.attrs[attribute]}]`);
    if (tagNames(node.tag)) keys.push(`<${node.tag}>`);
    if (node.tag === 'a' && node.attrs.href) keys.push(`a[href=${node.attrs.href}]`);
    if (scope.piercing && node.ax && !node.ax.ignored && ARIA_ROLE.test(node.ax.role) && node.ax.name) keys.push(`role=${node.ax.role}|${node.ax.name}`);
    return keys;
  }

  private unique(scope: Scope, key: string): boolean {
    return this.counts.get(`${scope.key}|${key}`) === 1;
  }

  /**
   * Whether `role=<role>[name="<name>"]` finds one element in the scope as Playwright's role engine matches a name:
   * case-insensitively, anywhere in the element's name ("Sign in" finds "Sign in with Google" too).
   */
  private namedOnce(scope: Scope, role: string, name: string): boolean {
    const wanted = comparableName(name);
    return (this.names.get(`${scope.key}|${role}`) ?? []).filter((other) => other.includes(wanted)).length === 1;
  }

  /** Every selector that resolves to this element alone, best first. */
  candidatesFor(node: DomNode, role: string): SelectorCandidates {
    const selectors = this.pathsFor(node, role).map((path) => formatSelector(path.hops, path.target));
    return { selectors: [...new Set(selectors)] };
  }

  private pathsFor(node: DomNode, role: string): SelectorPath[] {
    const facts = node.frame.scopes.get(node.backendNodeId);
    const frameHops = this.frameHops(node.frame);
    const paths: SelectorPath[] = [];
    if (!this.insideClosedRoot(node.frame, facts)) {
      const scope = { key: `f${node.frame.index}`, piercing: true };
      for (const target of this.attributeTargets(node, role, scope)) paths.push({ hops: frameHops, target });
    } else {
      const { hops, scope } = this.shadowHops(node, facts!);
      for (const target of this.attributeTargets(node, role, scope)) paths.push({ hops: [...frameHops, ...hops], target });
    }
    paths.push(this.positional(node, facts, frameHops));
    return paths;
  }

  private attributeTargets(node: DomNode, role: string, scope: Scope): string[] {
    const targets: string[] = [];
    const css = (selector: string) => (scope.piercing ? `css=${selector}` : selector);
    for (const attribute of TEST_ID_ATTRIBUTES) {
      const value = node.attrs[attribute];
      if (value && !isGeneratedId(value) && this.unique(scope, `[${attribute}=${value}]`)) targets.push(css(`[${attribute}=${cssString(value)}]`));
    }
    const id = node.attrs.id;
    if (id && !isGeneratedId(id) && this.unique(scope, `#${id}`)) targets.push(css(cssIdentifier(id) ? `#${id}` : `[id=${cssString(id)}]`));
    const name = node.ax && !node.ax.ignored ? node.ax.name : '';
    if (scope.piercing && ARIA_ROLE.test(role) && !NOT_ARIA_ROLES.has(role) && role === node.ax?.role && name && name.length <= 100 && this.unique(scope, `role=${role}|${name}`) && this.namedOnce(scope, role, name)) {
      targets.push(`role=${role}[name=${cssString(name)}]`);
    }
    for (const attribute of DESCRIPTIVE_ATTRIBUTES) {
      const value = node.attrs[attribute];
      if (value && value.length <= 100 && this.unique(scope, `${node.tag}[${attribute}=${value}]`)) targets.push(css(`${node.tag}[${attribute}=${cssString(value)}]`));
    }
    const href = node.tag === 'a' ? node.attrs.href : undefined;
    if (href && href.length <= 200 && this.unique(scope, `a[href=${href}]`)) targets.push(css(`a[href=${cssString(href)}]`));
    // A custom element's tag names a component, a landmark's a part of the page: when it is the only one, a good selector.
    if (tagNames(node.tag) && this.unique(scope, `<${node.tag}>`)) targets.push(css(node.tag));
    return targets;
  }

  /** Hops into each shadow root on the way to a node inside a closed root, each host by its best selector in its scope. */
  private shadowHops(node: DomNode, facts: ScopeFacts): { hops: Hop[]; scope: Scope } {
    const hosts: number[] = [];
    let current: ScopeFacts | undefined = facts;
    while (current?.host !== undefined) {
      hosts.unshift(current.host);
      current = node.frame.scopes.get(current.host);
    }
    const hops: Hop[] = hosts.map((host) => {
      const hostNode = findByBackendId(node.frame, host);
      const hostFacts = node.frame.scopes.get(host);
      return { kind: 'shadow', selector: hostNode ? this.bestLocalTarget(hostNode, hostFacts) : '> *' };
    });
    return { hops, scope: { key: `r${node.frame.index}:${hosts.at(-1)}`, piercing: false } };
  }

  private bestLocalTarget(node: DomNode, facts: ScopeFacts | undefined): string {
    const inDocument = facts?.host === undefined;
    const scope: Scope = inDocument ? { key: `f${node.frame.index}`, piercing: true } : { key: `r${node.frame.index}:${facts.host}`, piercing: false };
    const [best] = this.attributeTargets(node, '', scope);
    return best ?? (inDocument ? `xpath=${xpathOf(node)}` : cssPath(node, facts));
  }

  /** By position: an XPath in the document's own tree, or a child path inside the element's shadow root. */
  private positional(node: DomNode, facts: ScopeFacts | undefined, frameHops: readonly Hop[]): SelectorPath {
    if (facts?.host === undefined) return { hops: frameHops, target: `xpath=${xpathOf(node)}` };
    return { hops: [...frameHops, ...this.shadowHops(node, facts).hops], target: cssPath(node, facts) };
  }

  /** Hops from the main frame into a frame: the iframe element by its best selector, then into its document. */
  frameHops(frame: FrameDoc): Hop[] {
    const owner = frame.owner;
    if (!owner || frame.index === 0) return [];
    let cached = this.frameHopCache.get(frame);
    if (!cached) {
      const [best] = this.pathsFor(owner, 'iframe');
      cached = [...best!.hops, { kind: 'frame', selector: best!.target }];
      this.frameHopCache.set(frame, cached);
    }
    return cached;
  }
}

interface SelectorPath {
  readonly hops: readonly Hop[];
  readonly target: string;
}

function findByBackendId(frame: FrameDoc, backendNodeId: number): DomNode | undefined {
  const stack = frame.root ? [frame.root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.backendNodeId === backendNodeId) return node;
    stack.push(...node.children);
  }
  return undefined;
}

/** `/html/body/div[2]/button[1]` over the document's own tree (XPath does not enter shadow roots). */
function xpathOf(node: DomNode): string {
  const steps: string[] = [];
  let current: DomNode | undefined = node;
  while (current && current.nodeType === 1) {
    const facts = current.frame.scopes.get(current.backendNodeId);
    const step = /^[a-z][a-z0-9-]*$/.test(current.tag) && !isForeign(current) ? current.tag : `*[local-name()=${cssString(current.tag)}]`;
    steps.unshift(facts && facts.sameTagSiblings > 1 ? `${step}[${facts.nthOfType}]` : step);
    const parentId: number | undefined = facts?.parent;
    current = parentId === undefined ? undefined : ancestorWithId(current, parentId);
  }
  return `/${steps.join('/')}`;
}

function isForeign(node: DomNode): boolean {
  let current: DomNode | undefined = node;
  while (current) {
    if (current.tag === 'svg' || current.tag === 'math') return true;
    current = current.parent;
  }
  return false;
}

/** `> div:nth-of-type(1) > button:nth-of-type(2)`: the path from the top of the node's shadow root. */
function cssPath(node: DomNode, facts: ScopeFacts | undefined): string {
  const steps: string[] = [];
  let current: DomNode | undefined = node;
  let currentFacts = facts;
  while (current && currentFacts) {
    steps.unshift(`${cssIdentifier(current.tag) ?? '*'}:nth-of-type(${currentFacts.nthOfType})`);
    if (currentFacts.parent === undefined) break;
    current = ancestorWithId(current, currentFacts.parent);
    currentFacts = current ? current.frame.scopes.get(current.backendNodeId) : undefined;
  }
  return `> ${steps.join(' > ')}`;
}

/** The scope parent is an ancestor in the flat tree too (slots only add nodes between them). */
function ancestorWithId(node: DomNode, backendNodeId: number): DomNode | undefined {
  let current = node.parent;
  while (current && current.backendNodeId !== backendNodeId) current = current.parent;
  return current;
}

/** A name as Playwright's role engine compares names that are not exact: white space collapsed, lower case. */
export function comparableName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}
