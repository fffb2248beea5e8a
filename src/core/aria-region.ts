import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { MAX_ARIA_SNAPSHOT_CHARS } from '../schema';
import { locatorFor } from './act/locate';
import { ariaSnapshotForFlow } from './aria-snapshot';
import { ARIA_REGION_MARK } from './page/keys';
import { byMeaning } from './snapshot/by-meaning';
import { describeElementByAttribute } from './snapshot/describe-element';

/** What a person reads as one part of a page: a landmark, a form, a dialog, a list, a table, a group of fields. */
const REGION = [
  'main', 'nav', 'aside', 'header', 'footer', 'form', 'dialog', 'section[aria-label]', 'section[aria-labelledby]', 'fieldset', 'ul', 'ol', 'table',
  '[role=main]', '[role=navigation]', '[role=region]', '[role=form]', '[role=dialog]', '[role=alertdialog]', '[role=list]', '[role=listbox]',
  '[role=grid]', '[role=tree]', '[role=treegrid]', '[role=table]', '[role=tablist]', '[role=menu]', '[role=group]', '[role=radiogroup]',
].join(', ');

/**
 * The region around an element (or the page's main landmark), named by a selector that finds it alone, and its ARIA
 * snapshot: what Add Expect offers to hold as an `aria` expectation. Undefined when there is no such region, or its
 * snapshot is more than a flow holds.
 */
export async function ariaRegionOf(page: Page, selector: string | undefined): Promise<{ selector: string; aria: string } | undefined> {
  const mark = randomBytes(6).toString('hex');
  const start = selector === undefined ? locatorFor(page, 'css=main, [role=main]') : locatorFor(page, selector);
  if ((await start.count()) !== 1) return undefined;
  const marked = await start.evaluate((element, [region, attribute, value]) => {
    const found = element.closest(region);
    found?.setAttribute(attribute, value);
    return !!found;
  }, [REGION, ARIA_REGION_MARK, mark] as const, { timeout: 2000 });
  if (!marked) return undefined;
  try {
    const described = await describeElementByAttribute(page, ARIA_REGION_MARK, mark);
    if (!described) return undefined;
    const named = byMeaning([described.selector, ...described.fallbacks])!;
    const snapshot = await ariaSnapshotForFlow(locatorFor(page, named));
    return 'refused' in snapshot || snapshot.aria.length > MAX_ARIA_SNAPSHOT_CHARS ? undefined : { selector: named, aria: snapshot.aria };
  } finally {
    await start.evaluate((element, [attribute]) => {
      (element.getRootNode() as Document | ShadowRoot).querySelectorAll(`[${attribute}]`).forEach((each) => each.removeAttribute(attribute));
    }, [ARIA_REGION_MARK] as const, { timeout: 2000 }).catch(() => undefined);
  }
}
