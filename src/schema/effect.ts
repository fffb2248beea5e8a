import * as v from 'valibot';
import { describePlace } from './place-words';
import { flag, list, nonEmptyText, oneOf, strictObject, text, wholeNumber } from './messages';

/** The roles of what a gesture may open (core/page/openings.ts reads the same list). */
export const OPENED_ROLES = ['alertdialog', 'dialog', 'menu', 'listbox', 'tree', 'grid', 'textbox'] as const;

/** A sorted column's order, as aria-sort says it. */
export const SORT_ORDERS = ['ascending', 'descending', 'none', 'other'] as const;

/** The facts of an effect about the page rather than the step's element: checked even when the element is gone. */
export const PAGE_EFFECT_FACTS = ['opened', 'closed', 'current', 'appeared', 'gone', 'sorted'] as const;

/**
 * What a recorded gesture did to its element, read from the page after it settled: replay performs the step, then
 * checks these facts, so a step whose effect did not happen fails and says what is missing instead of passing.
 * Only what changed is kept. A user may edit or delete it.
 */
export const EffectSchema = strictObject({
  checked: v.optional(v.pipe(flag(), v.description('The element is checked afterwards (true) or not (false): a checkbox, switch or radio, native or ARIA.'))),
  selected: v.optional(v.pipe(flag(), v.description('The element is selected afterwards (a tab, an option).'))),
  expanded: v.optional(v.pipe(flag(), v.description('The element is expanded afterwards (aria-expanded): a menu button, a tree node, a disclosure.'))),
  pressed: v.optional(v.pipe(flag(), v.description('The element is pressed afterwards (aria-pressed): a toggle button.'))),
  sorted: v.optional(v.pipe(strictObject({
    column: v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('The name of the column\'s header, as a person reads it (case and spacing do not count).')),
    order: v.pipe(oneOf(SORT_ORDERS), v.description('The order its header says (aria-sort), or, where it says none, its cells show.')),
    from: v.optional(v.pipe(nonEmptyText(), v.maxLength(20, 'expected at most 20 characters'), v.description('Read by replay just before the click, where the header says no order: a fingerprint of the column\'s header text and cells, hashed. Checked to have changed, so rows that already came in that order under a header that sorts nothing do not pass. The recorder does not write it.'))),
  }), v.description('The column the element heads (or sits in the header of: a sort button) is sorted so afterwards: what a click on a table\'s or a grid\'s header did. Checked on the page\'s header of that name, whatever became of the element.'))),
  value: v.optional(v.pipe(text(), v.maxLength(100, 'expected at most 100 characters'), v.description('The value the element is at afterwards: a slider\'s or a spin button\'s aria-valuenow, a range input\'s value, or a text field\'s (what a delimiter key such as a tag\'s comma left in it); in a rich text or code editor, a line it holds (what the typed keys became: "# Plan" a heading "Plan").'))),
  shows: v.optional(v.pipe(nonEmptyText(), v.maxLength(2000, 'expected at most 2,000 characters'), v.description('Text the element, or the editor or cell around it, shows afterwards: what typing there put on the page (spacing ignored).'))),
  place: v.optional(v.pipe(strictObject({
    levels: v.pipe(wholeNumber(1, 20), v.description('How many levels up from the element the layout is (a dashboard grid, a calendar\'s month).')),
    left: v.pipe(share(), v.description('The element\'s left edge, as a fraction of the layout\'s width from its left edge.')),
    top: v.pipe(share(), v.description('The element\'s top edge, as a fraction of the layout\'s height from its top edge.')),
    width: v.optional(v.pipe(share(), v.description('The element\'s width, as a fraction of the layout\'s, when the drag changed its size (an edge or a corner pulled).'))),
    height: v.optional(v.pipe(share(), v.description('The element\'s height, as a fraction of the layout\'s, when the drag changed its size.'))),
    stays: v.optional(v.pipe(v.literal(true, 'expected true or nothing'), v.description('The drag left the element where it was and changed what is inside it (a task\'s progress handle in a Gantt chart): checked within a sixteenth of its size, so that a drag that moved the whole element by a step fails.'))),
  }), v.description('Where the dragged element sits afterwards in the layout it was dropped on (give or take a quarter of its own size), and its size there when the drag resized it (give or take an eighth, its place then too): what a drag onto a layout or a calendar, or on a resize handle, did.'))),
  redrawn: v.optional(v.pipe(strictObject({
    from: v.pipe(nonEmptyText(), v.maxLength(20, 'expected at most 20 characters'), v.description('A fingerprint of the drawing before the gesture: its pixels shrunk to 64 by 64 and hashed.')),
  }), v.description('The canvas (or the canvases the element holds) draws something else afterwards: what a drag, a click or a key on a drawing did, where nothing of it is in the page\'s elements. Checked not to draw what it drew before.'))),
  rearranged: v.optional(v.pipe(strictObject({
    levels: v.pipe(wholeNumber(0, 6), v.description('How many levels up from the element the area is (0: the element itself, a map a key was pressed on).')),
    from: v.pipe(nonEmptyText(), v.maxLength(20, 'expected at most 20 characters'), v.description('A fingerprint of how the area was laid out before the gesture: the boxes of the elements in it, rounded to the pixel, hashed.')),
  }), v.description('The area around the element is laid out otherwise afterwards, when nothing else came of the gesture: a map zoomed by its button or a key, a list switched to a grid. Checked not to be laid out as it was before.'))),
  order: v.optional(v.pipe(list(text()), v.description('The text of each item of the list the element sits in, in order, afterwards: what a drag that reorders a list did.'))),
  within: v.optional(v.pipe(strictObject({
    role: v.pipe(nonEmptyText(), v.maxLength(40, 'expected at most 40 characters'), v.description('Its role (treeitem).')),
    name: v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('Its accessible name, as a person reads it (case and spacing do not count).')),
  }), v.description('The item the element sits under afterwards, when a drag moved it under another: the folder of a tree a file was dropped into (the item holding it, or in a tree drawn flat the nearest one a level up by aria-level). Checked after the step.'))),
  opened: v.optional(v.pipe(strictObject({
    role: v.pipe(oneOf(OPENED_ROLES), v.description('The role of what the gesture opened.')),
    name: v.optional(v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('Its accessible name, as a person reads it (case and spacing do not count).'))),
    count: v.optional(v.pipe(wholeNumber(2, 1000), v.description('How many of that role and name show at least, when more than one did afterwards: one open before does not stand for it.'))),
  }), v.description('What the gesture opened elsewhere on the page when its own element did not change: a dialog, a menu or list in a portal, a rename box a key brought up. Checked to show after the step.'))),
  closed: v.optional(v.pipe(strictObject({
    role: v.pipe(oneOf(OPENED_ROLES), v.description('The role of what the gesture closed.')),
    name: v.optional(v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('Its accessible name, as a person reads it (case and spacing do not count).'))),
  }), v.description('What showed as the gesture began and it closed, when nothing else came of it: the dialog its Close or Escape hid, the menu Escape closed. Checked to show no more after the step.'))),
  current: v.optional(v.pipe(strictObject({
    name: v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('Its accessible name, as a person reads it (case and spacing do not count; numbers do: "Go to slide 3").')),
    role: v.optional(v.pipe(nonEmptyText(), v.maxLength(40, 'expected at most 40 characters'), v.description('Its role (button, link).'))),
  }), v.description('The element the gesture made the current one of its set (aria-current) when its own element did not change: the carousel\'s bullet for the slide an arrow, a key or a swipe moved to, the pager\'s page. Checked to be current after the step.'))),
  appeared: v.optional(v.pipe(strictObject({
    text: v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('The text, as a person reads it (spacing does not count; case does); or the label of an element that shows no text (a diagram\'s edge, by its aria-label).')),
    count: v.optional(v.pipe(wholeNumber(2, 1000), v.description('How many places show it at least, when more than one did afterwards.'))),
  }), v.description('Text a click put on the page when its own element did not change and it opened nothing: the option picked from a list that closed, now the field\'s value or a chip; "Saved" in a status line; the edge a drag from one node to another drew. Checked to show after the step.'))),
  gone: v.optional(v.pipe(strictObject({
    text: v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('The text, as a person reads it (spacing does not count; case does); or the label of an element that shows no text (a diagram\'s edge, by its aria-label).')),
    count: v.optional(v.pipe(wholeNumber(1, 1000), v.description('How many places may still show it, when some did afterwards.'))),
  }), v.description('Text a click took off the page when it put nothing there and opened nothing: the chip its × removed, the row its Delete removed, the dialog its Cancel closed, the edge a key deleted. Checked to show in no more places than that after the step.'))),
});
/** A fraction of a layout's size; an element may stick out of it a little on either side. */
function share() {
  return v.pipe(
    v.number((issue) => `expected a number, received ${issue.received}`),
    v.finite('expected a finite number'),
    v.minValue(-1, (issue) => `expected a fraction of the layout of at least -1, received ${issue.received}`),
    v.maxValue(2, (issue) => `expected a fraction of the layout of at most 2, received ${issue.received}`),
  );
}

export type Effect = v.InferOutput<typeof EffectSchema>;

/** Whether an effect compares with what the page drew, laid out or showed in a column before its gesture (replay reads that "before" itself). */
export const comparesWithBefore = (effect: Effect | undefined): boolean => !!(effect?.redrawn || effect?.rearranged || effect?.sorted);

/** An effect as a person reads it: `checked`, `not expanded`, `the list in the order "B", "A"`. */
export function describeEffect(effect: Effect): string {
  const parts: string[] = [];
  for (const key of ['checked', 'selected', 'expanded', 'pressed'] as const) {
    if (effect[key] !== undefined) parts.push(`${effect[key] ? '' : 'not '}${key}`);
  }
  if (effect.sorted) parts.push(`the column ${JSON.stringify(effect.sorted.column)} ${effect.sorted.order === 'none' ? 'not sorted' : `sorted ${effect.sorted.order}`}`);
  if (effect.value !== undefined) parts.push(`at ${JSON.stringify(effect.value)}`);
  if (effect.shows !== undefined) parts.push(`showing ${JSON.stringify(effect.shows)}`);
  if (effect.place) parts.push(describePlace(effect.place));
  if (effect.redrawn) parts.push('its drawing changed');
  if (effect.rearranged) parts.push('the area around it laid out anew');
  if (effect.order) parts.push(`its list in the order ${effect.order.map((item) => JSON.stringify(item)).join(', ')}`);
  if (effect.within) parts.push(`in ${effect.within.role} ${JSON.stringify(effect.within.name)}`);
  if (effect.opened) parts.push(`opening ${effect.opened.role}${effect.opened.name !== undefined ? ` ${JSON.stringify(effect.opened.name)}` : ''}${effect.opened.count ? ` (${effect.opened.count} of them)` : ''}`);
  if (effect.closed) parts.push(`closing ${effect.closed.role}${effect.closed.name !== undefined ? ` ${JSON.stringify(effect.closed.name)}` : ''}`);
  if (effect.current) parts.push(`${effect.current.role ? `${effect.current.role} ` : ''}${JSON.stringify(effect.current.name)} current`);
  if (effect.appeared) parts.push(`${JSON.stringify(effect.appeared.text)} appearing on the page${effect.appeared.count ? ` (in ${effect.appeared.count} places)` : ''}`);
  if (effect.gone) parts.push(`${JSON.stringify(effect.gone.text)} gone from the page${effect.gone.count ? ` (left in ${effect.gone.count} place${effect.gone.count === 1 ? '' : 's'} at most)` : ''}`);
  return parts.join(', ');
}
