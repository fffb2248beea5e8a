import { anchorHolds, cellsHold } from '../anchor-words';
import { cellsOf } from './row-key';
import { describeInPage, roleOf } from './describe-in-page';
import { composedParent } from './element-at-point';
import { openRoots } from './find-sole';
import { spaced } from './text-places';

/** Elements of the role looked through for twins: more, and the page is too big to be sure of one. */
const MOST_ALIKE = 3000;

/** The nearest element around `element` with the role, shadow roots crossed. */
function around(element: Element, role: string): Element | undefined {
  for (let ancestor = composedParent(element); ancestor; ancestor = composedParent(ancestor)) if (roleOf(ancestor) === role) return ancestor;
  return undefined;
}

const shownText = (element: Element) => spaced((element as HTMLElement).innerText || element.textContent || '');

/**
 * Whether the element a selector found is the one the step means although the row (the list item) it sits in reads
 * otherwise than it did: that row still shows everything it showed then (anchorHolds), and no other element of the
 * page with the element's role and name (but those around it or in it) sits in a row that does. A twin in another row that also holds those words
 * makes it unsure, and the element is refused. Runs in the page on the element found (Playwright's evaluate).
 */
export function aloneInGrownAnchor(element: Element, anchor: { role: string; name: string }): boolean {
  const holds = (candidate: Element) => {
    const row = around(candidate, anchor.role);
    if (!row) return false;
    // Cell for cell where the row's text is all in its cells; a row with text of its own too (a calendar's week: its
    // days are cells, its events not) word for word.
    const cells = cellsOf(row).map(shownText);
    const text = shownText(row);
    const allInCells = cells.length > 0 && cells.join(' ').replace(/\s+/g, '').length === text.replace(/\s+/g, '').length;
    return allInCells ? cellsHold(anchor.name, cells) : anchorHolds(anchor.name, text);
  };
  if (!holds(element)) return false;
  const role = roleOf(element);
  const { name } = describeInPage(element, false);
  const alike = openRoots().flatMap((root) => [...root.querySelectorAll('*')]).filter((candidate) => roleOf(candidate) === role);
  if (alike.length > MOST_ALIKE) return false;
  // An element around the found one or inside it with its name (an event's box and the title in it) is the same thing.
  const other = (candidate: Element) => !candidate.contains(element) && !element.contains(candidate);
  return alike.every((candidate) => !other(candidate) || describeInPage(candidate, false).name !== name || !holds(candidate));
}
