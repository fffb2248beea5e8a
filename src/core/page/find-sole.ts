import { untilDefined } from './custom-elements';
import { composedParent } from './element-at-point';
import { describeInPage, roleOf } from './describe-in-page';
import { shadowEngine } from './shadow-engine';
import { describeSole, type SoleTarget } from './sole-target';
import { isElementNode } from './node-kinds';

/**
 * A stored selector of the page itself run by the page in one call, instead of through Playwright's selector engine
 * (whose role engine computes accessible names across the whole page, and which costs round trips of its own):
 * - `css`: the page's querySelectorAll in the document and every open shadow root, as Playwright's css engine searches;
 * - `xpath`: document.evaluate, elements only, as Playwright's xpath engine (which does not enter shadow roots);
 * - `role`: elements of that role whose accessible name equals the name (whitespace collapsed; `i`: any case),
 *   in the document and open shadow roots, hidden ones (display none, visibility hidden, aria-hidden) left out, as
 *   Playwright's role engine does with the same syntax (`includeHidden`: those too, named as when they showed: an
 *   option in a list that closed on the pick). Role and name are the recorder's (describeInPage);
 * - `shadow`: Rehearse's hops into shadow roots, closed ones included (`shadow:css=host >>> … >>> target`): the
 *   first host as `css`, then each step inside the roots reached, as the engine's shadow selector engine runs it.
 * Only an element found alone is returned. Where this and Playwright could disagree they disagree by this finding
 * more (another element it calls the same), which the engine answers by asking Playwright.
 */
export type StoredQuery =
  | { readonly kind: 'css'; readonly css: string }
  | { readonly kind: 'xpath'; readonly xpath: string }
  | { readonly kind: 'role'; readonly role: string; readonly name?: string; readonly anyCase: boolean; readonly includeHidden?: boolean }
  | { readonly kind: 'shadow'; readonly host: string; readonly within: readonly string[] };

/** Where the page keeps the element found, under an id the engine chose, so its next calls need no node id. */
export interface FoundStash {
  readonly key: string;
  readonly id: string;
}

/**
 * The element the query finds alone, described (describeSole) and kept for the engine; `count: 0` when not alone. A
 * custom element found before its definition has loaded is described once it has (see untilDefined).
 */
export async function findAndKeep(query: StoredQuery, stash: FoundStash): Promise<SoleTarget> {
  const element = findSole(query);
  if (!element) return { count: 0 };
  await untilDefined(element);
  Object.defineProperty(window, Symbol.for(stash.key), { value: { id: stash.id, element }, configurable: true, writable: true });
  return describeSole([element]);
}

/** More elements than this of one role and the page is left to Playwright: names across a huge page cost as much here. */
const MAX_ROLE_CANDIDATES = 5000;

/**
 * The element the query finds alone in the document and its open shadow roots; `roots` when the caller has already
 * listed them (openRoots), to run several queries on one reading of the page.
 */
export function findSole(query: StoredQuery, roots?: readonly (Document | ShadowRoot)[]): Element | null {
  const piercing = (find: Finder, enough: number) => (roots ? inRoots(roots, find, enough) : discovering(find, enough));
  if (query.kind === 'xpath') {
    const found = document.evaluate(query.xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    let element: Element | null = null;
    let count = 0;
    for (let index = 0; index < found.snapshotLength; index++) {
      const node = found.snapshotItem(index);
      if (isElementNode(node)) {
        element = node;
        count++;
      }
    }
    return count === 1 ? element : null;
  }
  if (query.kind === 'shadow') {
    let found = piercing((root) => selected(root, query.host), Infinity);
    for (const step of query.within) found = found.flatMap((host) => shadowEngine.queryAll(host, step));
    return found.length === 1 ? found[0]! : null;
  }
  if (query.kind === 'css') {
    const matches = piercing((root) => selected(root, query.css), 2);
    return matches.length === 1 ? matches[0]! : null;
  }
  let tooMany = false;
  const matches = piercing((_root, all) => {
    const found: Element[] = [];
    tooMany ||= !collectRole(all(), query, found);
    return found;
  }, 2);
  return matches.length === 1 && !tooMany ? matches[0]! : null;
}

/** What a CSS selector finds in a root: nothing when it is no valid selector (a flow edited by hand), never a throw. */
function selected(root: Document | ShadowRoot, css: string): Element[] {
  try {
    return [...root.querySelectorAll(css)];
  } catch {
    return [];
  }
}

/** What a query finds in one root; `all` its elements, read only when asked. */
type Finder = (root: Document | ShadowRoot, all: () => NodeListOf<Element>) => Iterable<Element>;

/** The document and every open shadow root in it, nested ones included. */
export function openRoots(from: Document = document): (Document | ShadowRoot)[] {
  const roots: (Document | ShadowRoot)[] = [from];
  for (let index = 0; index < roots.length; index++) {
    for (const element of roots[index]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  }
  return roots;
}

/** What `find` finds in the roots given, until `enough` are found. */
function inRoots(roots: readonly (Document | ShadowRoot)[], find: Finder, enough: number): Element[] {
  const matches: Element[] = [];
  for (const root of roots) {
    if (matches.length >= enough) break;
    matches.push(...find(root, () => root.querySelectorAll('*')));
  }
  return matches;
}

/** What `find` finds in the document and every open shadow root, found as it goes, until `enough` are found. */
function discovering(find: Finder, enough: number): Element[] {
  const matches: Element[] = [];
  const roots: (Document | ShadowRoot)[] = [document];
  for (let index = 0; index < roots.length && matches.length < enough; index++) {
    const root = roots[index]!;
    const all = root.querySelectorAll('*');
    for (const element of all) if (element.shadowRoot) roots.push(element.shadowRoot);
    matches.push(...find(root, () => all));
  }
  return matches;
}

/** Adds the elements of the query's role and name; false when there are too many to name here. */
function collectRole(elements: NodeListOf<Element>, query: Extract<StoredQuery, { kind: 'role' }>, into: Element[]): boolean {
  const wanted = query.name === undefined ? undefined : comparable(query.name, query.anyCase);
  let candidates = 0;
  for (const element of elements) {
    if (roleOf(element) !== query.role) continue;
    if (++candidates > MAX_ROLE_CANDIDATES) return false;
    if (!query.includeHidden && hiddenForAria(element)) continue;
    if (wanted === undefined || comparable(describeInPage(element).name, query.anyCase) === wanted) into.push(element);
  }
  return true;
}

/** Left out as Playwright leaves it out; an element it decides by other means (display: contents, an option) is kept. */
export function hiddenForAria(element: Element): boolean {
  const style = getComputedStyle(element);
  if (style.display !== 'contents' && element.localName !== 'option' && !element.checkVisibility({ visibilityProperty: true })) return true;
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (current.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}

function comparable(name: string, anyCase: boolean): string {
  const collapsed = name.replace(/\s+/g, ' ').trim();
  return anyCase ? collapsed.toLowerCase() : collapsed;
}
