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
  /** The heading, or the labelled group itself (`group`). */
  readonly heading: Element;
  readonly text: string;
  readonly group?: true;
}

export const headingText = (heading: Element) => ((heading as HTMLElement).innerText ?? heading.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, MOST_CHARACTERS);

/** A group a person knows by its label, as a fieldset by its legend: a date field's "Arrival" around its month, day and year. */
export const LABELLED_GROUPS = ':is([role=group], [role=radiogroup]):is([aria-labelledby], [aria-label])';

/** A labelled group's name: the text of what labels it, else its aria-label. */
export function groupName(group: Element): string {
  const root = group.getRootNode() as Document | ShadowRoot;
  const labels = (group.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean).map((id) => root.getElementById?.(id)).filter((label): label is HTMLElement => !!label);
  const text = labels.length ? labels.map(headingText).join(' ') : group.getAttribute('aria-label') ?? '';
  return text.replace(/\s+/g, ' ').trim().slice(0, MOST_CHARACTERS);
}

/**
 * `headings`: those of the element's document or shadow root, in order, when the caller reads many elements' sections
 * (one scan of the page); an element in a shadow root is under the headings of its own tree. `groups` false: headings
 * only, as sections were read before labelled groups were (a flow recorded then names its section so).
 */
export function sectionOf(element: Element, headings: readonly Element[] = [...(element.getRootNode() as Document | ShadowRoot).querySelectorAll(HEADINGS)], groups = true): Section | undefined {
  const before = headings.filter((heading) => !heading.contains(element) && heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
  for (let container = element.parentElement; container; container = container.parentElement) {
    const inside = before.filter((heading) => container.contains(heading));
    for (let index = inside.length - 1; index >= 0; index--) {
      const text = headingText(inside[index]!);
      if (text) return { heading: inside[index]!, text };
    }
    if (groups && container.matches(LABELLED_GROUPS)) {
      const text = groupName(container);
      if (text) return { heading: container, text, group: true };
    }
  }
  return undefined;
}

/** The section's heading text, or '' outside any: what replay compares with the one recorded. */
export const sectionName = (element: Element, headings?: readonly Element[]): string => sectionOf(element, headings)?.text ?? '';

/** The section as flows recorded before labelled groups named it, where it differs: they still match. */
export function earlierSectionName(element: Element): string | undefined {
  const now = sectionOf(element);
  if (!now?.group) return undefined;
  return sectionOf(element, undefined, false)?.text ?? '';
}

/** Every section title a root shows: its headings' texts and its labelled groups' names. */
export const sectionTitles = (root: Document | ShadowRoot): string[] => [
  ...[...root.querySelectorAll(HEADINGS)].map(headingText),
  ...[...root.querySelectorAll(LABELLED_GROUPS)].map(groupName),
].filter(Boolean);
