/**
 * The row or list item an element sits in is named by all the text it shows (describeInPage), and a later release of
 * the app may add to it (another event in the same week, a column more in the table) without its being another row.
 * These words decide when a row that reads otherwise still holds everything it read when the step was recorded.
 * Pure: runs in Node and in the page.
 */

/** The anchors read from the text of the element (the row, the list item), which a release may add to. */
export const TEXT_ANCHOR_ROLES: ReadonlySet<string> = new Set(['row', 'listitem', 'cell', 'option', 'treeitem']);

/** Fewer words than this say too little: "Milk" is held by "Milk chocolate", which is another item. */
const LEAST_WORDS = 3;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether `now` (the anchor's whole text on the page) holds every word of the recorded anchor `then`, as many times,
 * in any order (a calendar draws a week's events by their time), with at most as many words again added. A recorded
 * anchor clipped with "…" loses its last word, which may have been cut.
 */
export function anchorHolds(then: string, now: string): boolean {
  const wanted = wordsOf(then.endsWith('…') ? then.slice(0, -1) : then);
  if (then.endsWith('…')) wanted.pop();
  const found = wordsOf(now);
  if (wanted.length < LEAST_WORDS || found.length > wanted.length * 2) return false;
  const left = new Map<string, number>();
  for (const word of found) left.set(word, (left.get(word) ?? 0) + 1);
  for (const word of wanted) {
    const count = left.get(word) ?? 0;
    if (!count) return false;
    left.set(word, count - 1);
  }
  return true;
}
