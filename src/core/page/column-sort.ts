import { describeInPage, roleOf } from './describe-in-page';
import { spaced } from './text-places';

/**
 * The order a table's or a grid's column is sorted in, as its header says it (aria-sort) or, where it says none (an
 * app that draws its own table and an arrow beside the title: TanStack Table's examples), as its cells show it: a click
 * on a header keeps that order as its effect, and a release whose headers sort nothing fails there. Runs in the page.
 */

/** A sorted column's order, as aria-sort says it (the schema's SORT_ORDERS: page code imports no schema). */
const SORT_ORDERS = ['ascending', 'descending', 'none', 'other'] as const;
type SortOrder = typeof SORT_ORDERS[number];
export interface Sorted { column: string; order: SortOrder }

/** Levels up from a clicked element its column's header may be (a sort button in the header's title box). */
const HEADER_LEVELS = 6;
/** Cells of a column read for its order: a page's worth, not a whole virtualized table. */
const MOST_ROWS = 200;

const HEADERS = 'th, [role=columnheader]';
const CELLS = 'td, th, [role=cell], [role=gridcell], [role=rowheader], [role=columnheader]';

const isHeader = (element: Element) => roleOf(element) === 'columnheader' || roleOf(element) === 'rowheader';

/**
 * A column by the words of the title its header shows: its accessible name may take in a sort button's tooltip
 * ("Price Sort"), and an arrow drawn beside the title ("Price 🔼") comes and goes with the order.
 */
const columnTitle = (header: Element) => (spaced((header as HTMLElement).innerText ?? '') || spaced(describeInPage(header, false).name))
  .split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).join(' ');

/** The header a clicked element is, or sits in (a few levels up). */
function headerOf(element: Element): Element | undefined {
  let node: Element | null = element;
  for (let level = 0; node && level <= HEADER_LEVELS; level++, node = node.parentElement) if (node.hasAttribute('aria-sort') || node.matches(HEADERS)) return isHeader(node) ? node : undefined;
  return undefined;
}

/** The column the element heads, by title, and its order; undefined when it heads none, or one in no order. */
export function sortOf(element: Element): Sorted | undefined {
  const header = headerOf(element);
  const column = header ? columnTitle(header) : '';
  const order = header && column ? orderOf(header) : undefined;
  return order ? { column, order } : undefined;
}

/** The order the page's column of that title is in now (none when in no order); undefined when no header has that title. */
export function sortedNow(column: string, document: Document): { order?: SortOrder } | undefined {
  const wanted = column.toLowerCase();
  const header = [...document.querySelectorAll(`[aria-sort], ${HEADERS}`)].find((each) => isHeader(each) && columnTitle(each).toLowerCase() === wanted);
  if (!header) return undefined;
  const order = orderOf(header);
  return order ? { order } : {};
}

function orderOf(header: Element): SortOrder | undefined {
  const said = header.getAttribute('aria-sort') as SortOrder | null;
  if (said) return SORT_ORDERS.includes(said) ? said : undefined;
  return shownOrder(columnTexts(header));
}

/** The texts of the column's cells under its header, in the order shown: by aria-colindex, else by place in the row. */
function columnTexts(header: Element): string[] {
  const row = header.parentElement;
  const body = header.closest('table, [role=grid], [role=treegrid], [role=table]');
  if (!row || !body) return [];
  const colIndex = header.getAttribute('aria-colindex');
  const place = [...row.children].filter((cell) => cell.matches(CELLS)).indexOf(header);
  const rows = [...body.querySelectorAll('tr, [role=row]')].filter((each) => each !== row && each.closest('table, [role=grid], [role=treegrid], [role=table]') === body).slice(0, MOST_ROWS);
  return rows.flatMap((each) => {
    const cells = [...each.children].filter((cell) => cell.matches(CELLS));
    const cell = colIndex ? cells.find((one) => one.getAttribute('aria-colindex') === colIndex) : cells[place];
    const text = cell ? spaced((cell as HTMLElement).innerText ?? '') : '';
    return text ? [text] : [];
  });
}

/** A cell's number, when it shows one (a price, "€24", "1,200"). */
const numberIn = (text: string) => {
  const figure = /-?\d[\d,]*(?:\.\d+)?/.exec(text)?.[0];
  return figure === undefined ? undefined : Number(figure.replace(/,/g, ''));
};

/** Whether texts run up, down, or neither: numbers as numbers, words as a person sorts them. At least two differ. */
function shownOrder(texts: readonly string[]): SortOrder | undefined {
  if (new Set(texts).size < 2) return undefined;
  const numbers = texts.map(numberIn);
  const compare = numbers.every((number) => number !== undefined)
    ? (a: number, b: number) => numbers[a]! - numbers[b]!
    : (a: number, b: number) => texts[a]!.localeCompare(texts[b]!, undefined, { numeric: true, sensitivity: 'base' });
  const steps = texts.slice(1).map((_, index) => compare(index, index + 1));
  if (steps.every((step) => step <= 0)) return 'ascending';
  if (steps.every((step) => step >= 0)) return 'descending';
  return undefined;
}
