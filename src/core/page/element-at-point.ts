import { isShadowRootNode } from './node-kinds';
/**
 * Runs in the page: the innermost element at a point, going into shadow roots, open ones and the closed ones the page
 * hooks know (elementFromPoint stops at a shadow host). `from`: the element the document's own hit test gave.
 */
export function innermostAt(from: Element | null, x: number, y: number, closedRoots: WeakMap<Element, ShadowRoot> | undefined): Element | null {
  let element = from;
  for (let depth = 0; element && depth < 32; depth++) {
    const root = element.shadowRoot ?? closedRoots?.get(element);
    const inner = root?.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}

/** Whether `node` is `container` or inside it, across shadow boundaries (a shadow root's host holds what is in it). */
export function composedContains(container: Element, node: Node | null): boolean {
  for (let current = node; current; current = current.parentNode ?? (isShadowRootNode(current) ? current.host : null)) {
    if (current === container) return true;
  }
  return false;
}

/**
 * The focused element of the element's own tree (the document, or its shadow root, closed ones too: the document's
 * activeElement stops at their hosts).
 */
export function focusedBeside(element: Element): Element | null {
  return (element.getRootNode() as Document | ShadowRoot).activeElement;
}

/** The element that has the focus, inside shadow roots (the document's activeElement stops at their hosts). */
export function deepActiveElement(): Element | null {
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  return focused;
}

/** The element's parent in the composed tree: its parent element, or the host of the shadow root it is at the top of. */
export function composedParent(element: Element): Element | null {
  return element.parentElement ?? ((element.getRootNode() as ShadowRoot).host ?? null);
}
