/**
 * The section an element sits in, as a person tells same-named elements apart ("the checkbox under «.uncheck()»"): the
 * nearest heading before it inside the nearest container that has one (an example's title, a card's header, a
 * fieldset's legend, a dialog's title). Runs in the page: the recorder keeps it on a step whose element's role and name
 * repeat, and replay's target check reads it again on the element a selector finds.
 */
const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role=heading], legend';

/** How many characters of a heading are kept: enough to tell sections apart. */
const MOST_CHARACTERS = 80;

export interface Section {
  readonly heading: Element;
  readonly text: string;
}

const headingText = (heading: Element) => ((heading as HTMLElement).innerText ?? heading.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, MOST_CHARACTERS);

export function sectionOf(element: Element): Section | undefined {
  const before = [...element.ownerDocument.querySelectorAll(HEADINGS)]
    .filter((heading) => !heading.contains(element) && heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING && headingText(heading));
  if (!before.length) return undefined;
  for (let container = element.parentElement; container; container = container.parentElement) {
    const inside = before.filter((heading) => container.contains(heading));
    if (inside.length) {
      const heading = inside[inside.length - 1]!;
      return { heading, text: headingText(heading) };
    }
  }
  return undefined;
}

/** The section's heading text, or '' outside any: what replay compares with the one recorded. */
export const sectionName = (element: Element): string => sectionOf(element)?.text ?? '';
