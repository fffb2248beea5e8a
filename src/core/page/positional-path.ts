/**
 * The last resort selector of an element of a document's own tree: its place, tag by tag from the root
 * (`css=html > body > ul > li:nth-of-type(3)`). It holds only while the page is laid out as it was when it was taken.
 * Runs in the page, built into the scripts that import it.
 */
export function positionalPath(element: Element, steps: Map<Element, string> = new Map()): string {
  const path: string[] = [];
  for (let current: Element | null = element; current && current !== element.ownerDocument.documentElement; current = current.parentElement) {
    if (!steps.has(current)) stepsOfChildren(current.parentElement ? [...childrenOf(current.parentElement)] : [current], steps);
    path.unshift(steps.get(current)!);
  }
  return `css=html > ${path.join(' > ')}`;
}

const CHILDREN = Object.getOwnPropertyDescriptor(Element.prototype, 'children')!.get!;
/**
 * An element's children as the DOM has them, which CSS counts: a component library may make `children` of its hosts
 * say only the slotted ones (Stencil's scoped components: Ionic's), which left a step of the path empty.
 */
const childrenOf = (parent: Element): HTMLCollection => CHILDREN.call(parent) as HTMLCollection;

/**
 * Each child's step at once (`li:nth-of-type(3)`, or its tag when alone of its tag): a caller that takes the paths of
 * many elements passes the same map, and a list of 2,000 rows is counted once, not once per row.
 */
function stepsOfChildren(children: readonly Element[], steps: Map<Element, string>): void {
  const byTag = new Map<string, Element[]>();
  for (const child of children) byTag.set(child.localName, [...(byTag.get(child.localName) ?? []), child]);
  for (const [tag, same] of byTag) same.forEach((child, index) => steps.set(child, same.length > 1 ? `${CSS.escape(tag)}:nth-of-type(${index + 1})` : CSS.escape(tag)));
}

export function isPositional(selector: string): boolean {
  return selector.startsWith('css=html > ');
}

/**
 * The bodies of a step's plain CSS selectors that go neither by place nor by text (an id, a test id, a naming attribute,
 * a class of its own): what still finds the element after the page moved it or changed its words.
 */
export function placeFreeCss(selectors: readonly unknown[]): string[] {
  return selectors
    .filter((selector): selector is string => typeof selector === 'string' && selector.startsWith('css=') && !isPositional(selector) && !/:has|>>|:nth-/.test(selector))
    .map((selector) => selector.slice('css='.length));
}
