import { isGeneratedId } from '../snapshot/generated-ids';
import { DESCRIPTIVE_ATTRIBUTES, TEST_ID_ATTRIBUTES } from '../snapshot/naming-attributes';
import { isOwnClass } from './holder-selectors';

/**
 * Css selectors from what an element says of itself, each kept only when `alone` says it finds this element alone (in
 * the document, or over the document and its open shadow roots). Runs in the page, built into the recorder's script.
 */
type Alone = (css: string) => boolean;

const quote = (text: string) => JSON.stringify(text);

/** Its test ids and its id, unless a framework made them up. */
export function idSelectors(element: Element, alone: Alone): string[] {
  const found: string[] = [];
  for (const attribute of TEST_ID_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (value && !isGeneratedId(value) && alone(`[${attribute}=${quote(value)}]`)) found.push(`css=[${attribute}=${quote(value)}]`);
  }
  if (element.id && !isGeneratedId(element.id) && alone(`#${CSS.escape(element.id)}`)) found.push(`css=#${CSS.escape(element.id)}`);
  return found;
}

/** Its tag with an attribute that says what it is (`input[name="email"]`, `button[title="Close"]`). */
export function describingSelectors(element: Element, alone: Alone): string[] {
  const tag = CSS.escape(element.localName);
  return DESCRIPTIVE_ATTRIBUTES.flatMap((attribute) => {
    const value = element.getAttribute(attribute);
    return value && value.length <= 100 && alone(`${tag}[${attribute}=${quote(value)}]`) ? [`css=${tag}[${attribute}=${quote(value)}]`] : [];
  });
}

/** Its tag with a class it alone has (`div.ql-editor`): widget libraries name their parts so. */
export function ownClassSelector(element: Element, alone: Alone): string | undefined {
  const tag = CSS.escape(element.localName);
  const part = [...element.classList].filter(isOwnClass).slice(0, 6).find((name) => alone(`${tag}.${CSS.escape(name)}`));
  return part === undefined ? undefined : `css=${tag}.${CSS.escape(part)}`;
}

/**
 * A grid's cell by the row and column ARIA says it is in (`[aria-rowindex="3"] > [aria-colindex="2"]`), or a part of
 * such a cell through it: what stays while the step changes the cell's text, and while a virtualized grid draws its rows
 * in other places of the DOM. Written only when the grid (by its label) or the page holds that cell alone.
 */
export function gridIndexSelector(element: Element, alone: Alone): string | undefined {
  const cell = element.closest('[aria-colindex]');
  const row = cell?.parentElement?.closest('[aria-rowindex]');
  if (!cell || !row || cell.parentElement !== row) return undefined;
  const place = `[aria-rowindex=${quote(row.getAttribute('aria-rowindex')!)}] > [aria-colindex=${quote(cell.getAttribute('aria-colindex')!)}]`;
  const inside = cell === element ? '' : ` ${CSS.escape(element.localName)}`;
  if (inside && cell.querySelectorAll(CSS.escape(element.localName)).length !== 1) return undefined;
  const grid = row.closest('[role=grid], [role=treegrid], table');
  const label = grid?.getAttribute('aria-label');
  const scoped = label && label.length <= 100 ? `[aria-label=${quote(label)}] ${place}${inside}` : undefined;
  if (scoped && alone(scoped)) return `css=${scoped}`;
  return alone(`${place}${inside}`) ? `css=${place}${inside}` : undefined;
}

