import type { Locator, Page } from 'playwright-core';
import { abortReason, ServiceTimeoutError } from '../errors';
import type { Fingerprint } from '../snapshot/snapshot';
import { describeFingerprint, describeFound, fingerprintsMatch, onlyAnchorTextDiffers, readSoleTarget } from './fingerprint';
import { aloneInGrownAnchor, atCellPlace } from '../page-scripts';
import { locatorFor } from './locate';
import { findStored } from './direct-action';
import type { ObservedNode } from './direct-pointer';

export interface TargetQuery {
  readonly primary: string;
  readonly fallbacks?: readonly string[] | undefined;
  /** When given, an element is used only if its role and name match. */
  readonly target?: Fingerprint | undefined;
}

export type TargetSearch =
  /** `visible`: the element was seen showing as it was found (the action need not look again). */
  /** `node`: the element itself, when the page found it alone (see findStored): the action need not look for it again. */
  | { readonly found: true; readonly selector: string; readonly visible: boolean; readonly node?: ObservedNode }
  | { readonly found: false; readonly why: string };

const POLL_MS = 100;
/** How long the page may take to look for a found element's twins in rows like its own. */
const ANCHOR_CHECK_MS = 1000;

/**
 * Looks for the element among the selectors, best first, until the time is up (elements may appear late). A selector
 * counts only when it finds exactly one element and, with a target, that element has the same role and name: a selector
 * that finds something else is never used.
 */
export async function findVerifiedTarget(page: Page, query: TargetQuery, timeoutMs: number, signal?: AbortSignal): Promise<TargetSearch> {
  const candidates = [query.primary, ...(query.fallbacks ?? [])].filter((selector, index, all) => selector && all.indexOf(selector) === index);
  const endsAt = Date.now() + timeoutMs;
  const findings = new Map<string, string>();
  for (;;) {
    if (signal?.aborted) {
      // The step's time ran out while looking: what each selector found is the answer, not a bare timeout.
      if (abortReason(signal) instanceof ServiceTimeoutError && findings.size) break;
      throw abortReason(signal);
    }
    for (const selector of candidates) {
      const stored = await findStored(page, selector);
      // Another element than the target is a finding only Playwright's own look may confirm (it may count differently).
      if (stored && (!query.target || fingerprintsMatch(query.target, stored.fingerprint))) {
        return { found: true, selector, visible: stored.visible, node: stored.node };
      }
      let locator;
      try {
        locator = locatorFor(page, selector);
      } catch {
        findings.set(selector, 'is not a valid selector');
        continue;
      }
      const sole = await readSoleTarget(locator);
      if (sole?.count !== 1) {
        findings.set(selector, !sole ? 'could not be evaluated' : sole.count === 0 ? 'finds nothing' : `finds ${sole.count} elements`);
        continue;
      }
      const actual = sole.fingerprint;
      if (!query.target || fingerprintsMatch(query.target, actual, sole.was)) return { found: true, selector, visible: sole.visible === true };
      if (await inGrownAnchor(locator, query.target, actual) || await atCellOf(locator, query.target, actual)) return { found: true, selector, visible: sole.visible === true };
      findings.set(selector, `finds ${actual ? describeFound(actual, query.target) : 'an element it cannot describe'}, not ${describeFingerprint(query.target)}`);
    }
    if (Date.now() + POLL_MS > endsAt) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { found: false, why: [...findings].map(([selector, finding]) => `${selector} ${finding}`).join('; ') };
}

/** Whether the element found is the target in a row (a list item) that reads otherwise now but still holds what it read. */
async function inGrownAnchor(locator: Locator, target: Fingerprint, actual: Fingerprint | undefined): Promise<boolean> {
  if (!target.anchor || !onlyAnchorTextDiffers(target, actual)) return false;
  return locator.evaluate(aloneInGrownAnchor, target.anchor, { timeout: ANCHOR_CHECK_MS }).catch(() => false);
}

/**
 * Whether the element found is the target cell (or the field in it) although its value, and so its name and its row's
 * text, reads otherwise: of the same role, in the column of the same title, in the one row that shows the same key.
 */
async function atCellOf(locator: Locator, target: Fingerprint, actual: Fingerprint | undefined): Promise<boolean> {
  if (!target.cell || !actual || actual.role !== target.role) return false;
  return locator.evaluate(atCellPlace, target.cell, { timeout: ANCHOR_CHECK_MS }).catch(() => false);
}
