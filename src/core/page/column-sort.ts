/**
 * The order a table's or a grid's column is sorted in, as its header says it (aria-sort) or, where it says none (an
 * app that draws its own table and an arrow beside the title: TanStack Table's examples), as its cells show it: a click
 * on a header keeps that order as its effect, and a release whose headers sort nothing fails there. Runs in the page.
 */

/** A sorted column's order, as aria-sort says it (the schema's SORT_ORDERS: page code imports no schema). */
type SortOrder = 'ascending' | 'descending' | 'none' | 'other';
export interface Sorted {
  column: string;
  order: SortOrder;
  /** Replay's print of the column (columnNow) before the click, where the header says no order. */
  from?: string | undefined;
}

/** Levels up from a clicked element its column's header may be (a sort button in the header's title box). */
const HEADER_LEVELS = 6;
const HEADERS = 'th, [role=columnheader], [role=rowheader]';

/** The header a clicked element is, or sits in (a few levels up). */
function headerOf(element: Element): Element | undefined {
  let node: Element | null = element;
  for (let level = 0; node && level <= HEADER_LEVELS; level++, node = node.parentElement) if (node.hasAttribute('aria-sort') || node.matches(HEADERS)) return node.matches(HEADERS) ? node : undefined;
  return undefined;
}

/** The column the element heads, by title, and its order; undefined when it heads none, or one in no order. */
export function sortOf(element: Element): Sorted | undefined {
  const header = headerOf(element);
  const now = header ? columnNow(header) : undefined;
  return now?.order ? { column: now.column, order: now.order } : undefined;
}

/**
 * A column as it is now: its title, the order it is in (none when in no order), and, where its header says no order (no
 * aria-sort), a print of what it shows, hashed: the header's text (an arrow drawn beside the title) and its cells in
 * order. Replay reads the print before a click on the header and asks it to change: rows that already came in the
 * recorded order, under a header that sorts nothing, do not stand for a sort. Given a title, the page's header of that
 * title (case and spacing aside); undefined when there is none. Self-contained (its cells' roles and spacing written again
 * here): exported Playwright code sends this same function to the page by its source, and nothing outside it goes along.
 */
export function columnNow(column: string | Element): { column: string; order?: SortOrder; print?: string } | undefined {
  const ORDERS = ['ascending', 'descending', 'none', 'other'];
  const HEADERS = 'th, [role=columnheader], [role=rowheader]';
  const CELLS = 'td, th, [role=cell], [role=gridcell], [role=rowheader], [role=columnheader]';
  const TABLES = 'table, [role=grid], [role=treegrid], [role=table]';
  // Cells of a column read for its order: a page's worth, not a whole virtualized table.
  const MOST_ROWS = 200;
  const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();
  // A column by the words of the title its header shows: its accessible name may take in a sort button's tooltip
  // ("Price Sort"), and an arrow drawn beside the title ("Price 🔼") comes and goes with the order.
  const titleOf = (header: Element) => (spaced((header as HTMLElement).innerText ?? '') || spaced(header.getAttribute('aria-label') ?? header.getAttribute('title') ?? ''))
    .split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).join(' ');
  const header = typeof column === 'string'
    ? [...document.querySelectorAll(HEADERS)].find((each) => titleOf(each).toLowerCase() === spaced(column).toLowerCase())
    : column;
  const title = header ? titleOf(header) : '';
  if (!header || !title) return undefined;
  const said = header.getAttribute('aria-sort');
  if (said) return ORDERS.includes(said) ? { column: title, order: said as SortOrder } : { column: title };

  // The texts of the column's cells under its header, in the order shown: by aria-colindex, else by place in the row.
  const row = header.parentElement;
  const table = header.closest(TABLES);
  const colIndex = header.getAttribute('aria-colindex');
  const place = row ? [...row.children].filter((cell) => cell.matches(CELLS)).indexOf(header) : -1;
  const rows = row && table ? [...table.querySelectorAll('tr, [role=row]')].filter((each) => each !== row && each.closest(TABLES) === table).slice(0, MOST_ROWS) : [];
  const texts = rows.flatMap((each) => {
    const cells = [...each.children].filter((cell) => cell.matches(CELLS));
    const cell = colIndex ? cells.find((one) => one.getAttribute('aria-colindex') === colIndex) : cells[place];
    const text = cell ? spaced((cell as HTMLElement).innerText ?? '') : '';
    return text ? [text] : [];
  });
  let hash = 2166136261;
  for (const text of [(header as HTMLElement).innerText ?? '', ...texts]) {
    for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 16777619);
    hash = Math.imul(hash ^ 10, 16777619);
  }
  const print = (hash >>> 0).toString(36);

  // Whether the texts run up, down, or neither: numbers as numbers (a price, "€24", "1,200"), words as a person sorts
  // them. At least two differ.
  if (new Set(texts).size < 2) return { column: title, print };
  const numbers = texts.map((text) => {
    const figure = /-?\d[\d,]*(?:\.\d+)?/.exec(text)?.[0];
    return figure === undefined ? undefined : Number(figure.replace(/,/g, ''));
  });
  const compare = numbers.every((number) => number !== undefined)
    ? (a: number, b: number) => numbers[a]! - numbers[b]!
    : (a: number, b: number) => texts[a]!.localeCompare(texts[b]!, undefined, { numeric: true, sensitivity: 'base' });
  const steps = texts.slice(1).map((_, index) => compare(index, index + 1));
  if (steps.every((step) => step <= 0)) return { column: title, order: 'ascending', print };
  if (steps.every((step) => step >= 0)) return { column: title, order: 'descending', print };
  return { column: title, print };
}
