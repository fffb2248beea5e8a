import { describeInPage } from './describe-in-page';
import { spaced } from './text-places';

/** The item an element sits under in a tree, by its role and name as a person reads them. */
export interface Within {
  readonly role: string;
  readonly name: string;
}

/**
 * The folder a tree's item is in: the item holding it (a tree drawn nested), else the nearest item before it one level
 * up (a tree drawn flat, each item's depth told by `aria-level`). `null` for an item at the top of its tree, undefined
 * for an element in no tree item. Runs in the page.
 */
export function itemAbove(element: Element): Within | null | undefined {
  const item = element.closest('[role=treeitem]');
  if (!item) return undefined;
  const holder = item.parentElement?.closest('[role=treeitem]');
  const above = holder ?? flatItemAbove(item);
  if (!above) return null;
  const { name } = describeInPage(above, false);
  return name ? { role: 'treeitem', name } : null;
}

function flatItemAbove(item: Element): Element | undefined {
  const level = Number(item.getAttribute('aria-level'));
  if (!(level > 1)) return undefined;
  const items = [...(item.closest('[role=tree]') ?? item.parentElement ?? item).querySelectorAll('[role=treeitem]')];
  for (let index = items.indexOf(item) - 1; index >= 0; index--) {
    if (Number(items[index]!.getAttribute('aria-level')) === level - 1) return items[index];
  }
  return undefined;
}

/** Whether two names are one as a person reads them (case and spacing aside). */
export const sameWithin = (a: Within, b: Within) => a.role === b.role && spaced(a.name).toLowerCase() === spaced(b.name).toLowerCase();
