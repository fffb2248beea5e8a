/**
 * The section an element sits in, as a person tells same-named elements apart ("the checkbox under «.uncheck()»"): the
 * nearest heading before it inside the nearest container that has one (an example's title, a card's header, a
 * fieldset's legend, a dialog's title). Runs in the page: the recorder keeps it on a step whose element's role and name
 * repeat, and replay's target check reads it again on the element a selector finds.
 */
export const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role=heading], legend';

/** How many characters of a heading are kept: enough to tell sections apart. */
const MOST_CHARACTERS = 80;

export interface Section {
  readonly heading: Element;
  readonly text: string;
}

export const headingText = (heading: Element) => ((heading as HTMLElement).innerText ?? heading.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, MOST_CHARACTERS);

/**
 * `headings`: those of the element's document or shadow root, in order, when the caller reads many elements' sections
 * (one scan of the page); an element in a shadow root is under the headings of its own tree.
 */
export function sectionOf(element: Element, headings: readonly Element[] = [...(element.getRootNode() as Document | ShadowRoot).querySelectorAll(HEADINGS)]): Section | undefined {
  const before = headings.filter((heading) => !heading.contains(element) && heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (!before.length) return undefined;
  for (let container = element.parentElement; container; container = container.parentElement) {
    const inside = before.filter((heading) => container.contains(heading));
    for (let index = inside.length - 1; index >= 0; index--) {
      const text = headingText(inside[index]!);
      if (text) return { heading: inside[index]!, text };
    }
  }
  return undefined;
}

/** The section's heading text, or '' outside any: what replay compares with the one recorded. */
export const sectionName = (element: Element, headings?: readonly Element[]): string => sectionOf(element, headings)?.text ?? '';
