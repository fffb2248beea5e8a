/**
 * The last resort selector of an element of a document's own tree: its place, tag by tag from the root
 * (`css=html > body > ul > li:nth-of-type(3)`). It holds only while the page is laid out as it was when it was taken.
 * Runs in the page, built into the scripts that import it.
 */
export function positionalPath(element: Element): string {
  const steps: string[] = [];
  for (let current: Element | null = element; current && current !== element.ownerDocument.documentElement; current = current.parentElement) {
    const parent: Element | null = current.parentElement;
    const tag = CSS.escape(current.localName);
    const siblings = parent ? [...parent.children].filter((sibling) => sibling.localName === current.localName) : [current];
    steps.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${siblings.indexOf(current) + 1})` : tag);
  }
  return `css=html > ${steps.join(' > ')}`;
}

export function isPositional(selector: string): boolean {
  return selector.startsWith('css=html > ');
}
