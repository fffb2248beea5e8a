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
  const wanted = recordedWords(then);
  const found = wordsOf(now);
  return wanted.length >= LEAST_WORDS && found.length <= wanted.length * 2 && holdsAll(found, wanted);
}

/**
 * Whether a row's cells now still show what the row read, cell for cell: the cells whose words were all in it make up
 * all its words (a status column added beside "Leeks" and "Alliums" is no matter), where a row whose cell reads "Milk
 * chocolate" does not make up "Milk". Cells tell the words apart, so a short row ("Leeks Alliums") is told too.
 */
export function cellsHold(then: string, cells: readonly string[]): boolean {
  const wanted = recordedWords(then);
  if (!wanted.length) return false;
  const kept = cells.map(wordsOf).filter((words) => words.length && holdsAll(wanted, words)).flat();
  return holdsAll(kept, wanted) && (then.endsWith('…') || kept.length === wanted.length);
}

/** The words of a recorded anchor, without the last of one clipped with "…", which may have been cut. */
function recordedWords(then: string): string[] {
  const words = wordsOf(then.endsWith('…') ? then.slice(0, -1) : then);
  if (then.endsWith('…')) words.pop();
  return words;
}

/** Whether `found` has every word of `wanted`, as many times. */
function holdsAll(found: readonly string[], wanted: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const word of found) left.set(word, (left.get(word) ?? 0) + 1);
  for (const word of wanted) {
    const count = left.get(word) ?? 0;
    if (!count) return false;
    left.set(word, count - 1);
  }
  return true;
}
