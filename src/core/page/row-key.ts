import { describeInPage, roleOf, type PageFingerprint } from './describe-in-page';
import { spaced } from './text-places';

/** The roles of a row's cells. */
const CELL_ROLES = new Set(['cell', 'gridcell', 'rowheader']);
const CELLS = 'td, th, [role=cell], [role=gridcell], [role=rowheader]';
const TABLES = 'table, [role=grid], [role=treegrid], [role=table]';
/** Cells of a row looked at for its key: the key columns come first. */
const KEY_CELLS = 4;
/** A key longer than this is the row's data, not its key. */
const LONGEST_KEY = 80;
/**
 * Rows of a table beyond which its rows are not keyed: proving `internal:has` with Playwright's engine names every
 * row's cells (on 2,000 rows a click's step came 500 ms later); the row's whole text and its ARIA place remain.
 */
const MOST_KEYED_ROWS = 300;

/** The row a cell belongs to: the nearest ancestor with that role. */
function rowOf(cell: Element): Element | null {
  for (let node = cell.parentElement; node; node = node.parentElement) if (roleOf(node) === 'row') return node;
  return null;
}

/** A row's own cells, in order (not those of a table nested in one of them). */
export function cellsOf(row: Element): Element[] {
  return [...row.querySelectorAll(CELLS)].filter((cell) => CELL_ROLES.has(roleOf(cell)) && rowOf(cell) === row);
}

/**
 * The element in its row found by the row's key, as a person finds it: the first of the row's cells whose text no
 * other row's cell shows ("Order 1042"), not the whole row's text, which a release adds to (a status column, another
 * event in the week) — `role=row >> internal:has="role=cell[name=\"Order 1042\"s]" >> role=button[name="Cancel"i]`.
 * A cell, or a field in one, by its column first (see columnPart). None when no cell of the row is a key, or the row
 * holds another element like this one. Runs in the page.
 */
export function rowKeySelectors(element: Element, row: Element, fingerprint: PageFingerprint, nameOf: (element: Element) => PageFingerprint): string[] {
  const { role, name } = fingerprint;
  if (roleOf(row) !== 'row' || !/^[a-z]+$/.test(role) || ['generic', 'none', 'paragraph', 'text'].includes(role)) return [];
  const like = (candidate: Element) => roleOf(candidate) === role && (!name || nameOf(candidate).name === name);
  const inRow = [...row.querySelectorAll('*')].filter(like);
  if (inRow.length !== 1 || inRow[0] !== element) return [];
  const key = rowKeyOf(row, element, nameOf);
  if (!key) return [];
  const byKey = `role=row >> internal:has=${JSON.stringify(`role=${key.role}[name=${JSON.stringify(key.name)}s]`)}`;
  const byColumn = columnPart(element, row);
  return [...(byColumn ? [`${byKey} >> ${byColumn}`] : []), `${byKey} >> role=${role}${name ? `[name=${JSON.stringify(name)}i]` : ''}`];
}

/**
 * The row's key: the first of its cells (words before figures) whose text no other row's cell shows, with that cell's
 * role; not the cell that holds `element`. None in a table too big to key.
 */
function rowKeyOf(row: Element, element: Element, nameOf: (element: Element) => PageFingerprint): { role: string; name: string } | undefined {
  const table = row.closest(TABLES);
  const rowCount = table instanceof HTMLTableElement ? table.rows.length : (table ?? row.ownerDocument).querySelectorAll('tr, [role=row]').length;
  if (rowCount > MOST_KEYED_ROWS) return undefined;
  // The page's cells read once, and named only where their text is the key's (a table of 2,000 rows is not named).
  const allCells = [...row.ownerDocument.querySelectorAll(CELLS)];
  const textOf = (cell: Element) => spaced(cell.textContent ?? '');
  // A key in words before one in figures: a row's number or a price is more often its place or its data than its key.
  const worded = (cell: Element) => (/\p{L}/u.test(textOf(cell)) ? 0 : 1);
  for (const cell of cellsOf(row).slice(0, KEY_CELLS).sort((a, b) => worded(a) - worded(b))) {
    if (cell.contains(element)) continue;
    const key = nameOf(cell).name;
    if (!key || key.length > LONGEST_KEY || key.endsWith('…')) continue;
    const cellRole = roleOf(cell);
    const text = textOf(cell);
    const holding = new Set(allCells.filter((each) => textOf(each) === text && roleOf(each) === cellRole && nameOf(each).name === key).map(rowOf));
    if (holding.size === 1) return { role: cellRole, name: key };
  }
  return undefined;
}

/** A cell, or a field in one, as a person names it: the column it is in, and its row's key ("Price" of "Leeks"). */
export interface CellPlace { key: string; column: string }

/** The roles whose name is the cell's value, which the step changes and a release (or the data) may too. */
const VALUE_ROLES = new Set(['cell', 'gridcell', 'textbox', 'spinbutton', 'combobox']);

/** The cell that is the element, or holds it, and its row. */
function cellAndRow(element: Element): { cell: Element; row: Element } | undefined {
  const cell = CELL_ROLES.has(roleOf(element)) ? element : element.closest(CELLS);
  const row = cell && rowOf(cell);
  return cell && row ? { cell, row } : undefined;
}

/** The element's cell place, when it is a cell or a field in one, its row has a key and its column a title. */
export function cellPlaceOf(element: Element, nameOf: (element: Element) => PageFingerprint): CellPlace | undefined {
  if (!VALUE_ROLES.has(roleOf(element))) return undefined;
  const found = cellAndRow(element);
  const key = found && rowKeyOf(found.row, found.cell, nameOf);
  const column = found && key ? columnTitleOf(found.cell, found.row) : undefined;
  return key && column ? { key: key.name, column } : undefined;
}

/**
 * Whether the element is at the cell place: in the column of that title, in the one row whose cell shows that key. What
 * replay asks of a cell whose value (its name, and its row's text) differs from the recording's. Runs in the page.
 */
export function atCellPlace(element: Element, place: CellPlace): boolean {
  const found = cellAndRow(element);
  if (!found || columnTitleOf(found.cell, found.row)?.toLowerCase() !== spaced(place.column).toLowerCase()) return false;
  const table = found.row.closest(TABLES) ?? found.row.ownerDocument;
  const keyText = (cell: Element) => spaced(cell.textContent ?? '');
  const isKey = (cell: Element) => keyText(cell) === place.key || (keyText(cell).includes(place.key) && describeInPage(cell, false).name === place.key);
  const keyed = new Set([...table.querySelectorAll(CELLS)].filter(isKey).map(rowOf));
  return keyed.size === 1 && keyed.has(found.row) && cellsOf(found.row).some((cell) => cell !== found.cell && isKey(cell));
}

/**
 * The title of a cell's column as its header shows it (words only: a sort arrow beside it comes and goes): the header
 * of the same aria-colindex, else at the same place in the header row.
 */
function columnTitleOf(cell: Element, row: Element): string | undefined {
  const table = row.closest(TABLES);
  if (!table) return undefined;
  const headers = [...table.querySelectorAll('th, [role=columnheader]')].filter((header) => roleOf(header) === 'columnheader' && header.closest(TABLES) === table);
  const colIndex = cell.getAttribute('aria-colindex');
  const placeIn = (each: Element) => [...(each.parentElement?.children ?? [])].filter((one) => one.matches(`${CELLS}, [role=columnheader]`)).indexOf(each);
  const header = colIndex ? headers.find((each) => each.getAttribute('aria-colindex') === colIndex) : headers.find((each) => placeIn(each) === placeIn(cell));
  const title = header ? spaced((header as HTMLElement).innerText ?? '').split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).join(' ') : '';
  return title && title.length <= 80 ? title : undefined;
}

/** Attributes a data grid names a cell's column by (MUI X's `data-field`, AG Grid's `col-id`, Tabulator's). */
const COLUMN_ATTRIBUTES = ['data-field', 'col-id', 'data-column-id', 'data-column', 'tabulator-field'];

/**
 * A cell (or the one field in it) by the column its grid names it in (`css=[data-field="price"]`, then ` input`): a
 * cell's name is its value, which the step changes and a release may too, where its column stays.
 */
function columnPart(element: Element, row: Element): string | undefined {
  const cell = element.closest(CELLS);
  if (!cell || rowOf(cell) !== row) return undefined;
  for (const attribute of COLUMN_ATTRIBUTES) {
    const value = cell.getAttribute(attribute);
    if (!value || value.length > 60) continue;
    const css = `[${attribute}=${JSON.stringify(value)}]`;
    if (row.querySelectorAll(css).length !== 1) continue;
    if (cell === element) return `css=${css}`;
    const inside = cell.querySelectorAll(CSS.escape(element.localName));
    return inside.length === 1 && inside[0] === element ? `css=${css} ${CSS.escape(element.localName)}` : undefined;
  }
  return undefined;
}
