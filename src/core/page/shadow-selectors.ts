import { isGeneratedId } from '../snapshot/generated-ids';
import { formatSelector, type Hop } from '../snapshot/selector-syntax';
import type { PageFingerprint } from './describe-in-page';
import { openRoots } from './find-sole';
import { describingSelectors, idSelectors, ownClassSelector } from './own-attributes';
import { positionalPath } from './positional-path';
import { isShadowRootNode } from './node-kinds';

const quote = (text: string) => JSON.stringify(text);

/**
 * Selectors for an element inside open shadow roots, made in the page at the moment its gesture starts: a calendar
 * drawn in a shadow root redraws its days on each click, and the engine's snapshot, asked once the step arrives, finds
 * the element gone. Playwright's css and role engines pierce open roots, so an attribute or a role and name unique over
 * the document and all its open roots finds it; last, its place inside its root, through a hop into each root on the
 * way (`shadow:css=html > body > label > span >>> > div:nth-of-type(1) > main > …`). Each is proven before it is written
 * (proveSelectors). An element in a closed root gets none here: the snapshot, which sees closed roots, names it.
 * Runs in the page, built into the recorder's script.
 */
export function shadowSelectors(element: Element, { role, name }: PageFingerprint): string[] {
  if (!insideOpenRootsOnly(element)) return [];
  const roots = openRoots();
  const count = (css: string) => {
    try {
      return roots.reduce((found, root) => found + root.querySelectorAll(css).length, 0);
    } catch {
      return 0;
    }
  };
  const alone = (css: string) => count(css) === 1;
  const selectors = idSelectors(element, alone);
  // Proven, as every selector here, by the finder replay uses: a twin of that role and name anywhere refuses it.
  if (/^[a-z]+$/.test(role) && role !== 'generic' && role !== 'none' && name && name.length <= 100) selectors.push(`role=${role}[name=${quote(name)}i]`);
  selectors.push(...describingSelectors(element, alone));
  const part = ownClassSelector(element, alone);
  if (part) selectors.push(part);
  selectors.push(placeInRoots(element));
  return selectors;
}

/** Whether the element sits in shadow roots that are all open (Playwright and the page's finder see into those). */
function insideOpenRootsOnly(element: Element): boolean {
  let root = element.getRootNode();
  if (!(isShadowRootNode(root))) return false;
  for (; isShadowRootNode(root); root = root.host.getRootNode()) if (root.mode !== 'open') return false;
  return root === element.ownerDocument;
}

/** The element's place: each host on the way by its id, its tag if the only one of its scope, or its place there. */
function placeInRoots(element: Element): string {
  const hops: Hop[] = [];
  const target = childPath(element);
  for (let host = (element.getRootNode() as ShadowRoot).host; ; host = (host.getRootNode() as ShadowRoot).host) {
    const scope = host.getRootNode() as Document | ShadowRoot;
    const inDocument = scope === element.ownerDocument;
    const byOwn = host.id && !isGeneratedId(host.id) ? `#${CSS.escape(host.id)}` : host.localName.includes('-') ? CSS.escape(host.localName) : undefined;
    const selector = byOwn && scope.querySelectorAll(byOwn).length === 1 ? byOwn : undefined;
    hops.unshift({ kind: 'shadow', selector: inDocument ? (selector ? `css=${selector}` : positionalPath(host)) : (selector ?? childPath(host)) });
    if (inDocument) break;
  }
  return formatSelector(hops, target);
}

/** `> div:nth-of-type(1) > main > div:nth-of-type(3)`: the path from the top of the element's own shadow root. */
function childPath(element: Element): string {
  const steps: string[] = [];
  for (let current: Element | null = element; current; current = current.parentElement) {
    const siblings = current.parentElement ? [...current.parentElement.children] : [...(current.getRootNode() as ShadowRoot).children];
    const same = siblings.filter((sibling) => sibling.localName === current.localName);
    steps.unshift(`${CSS.escape(current.localName)}:nth-of-type(${same.indexOf(current) + 1})`);
    if (!current.parentElement) break;
  }
  return `> ${steps.join(' > ')}`;
}
