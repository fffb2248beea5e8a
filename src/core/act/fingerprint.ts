import type { Locator } from 'playwright-core';
import { parsePattern } from '../../schema';
import { TEXT_ANCHOR_ROLES } from '../anchor-words';
import { describeElement, describeInPage, describeSole } from '../page-scripts';
import type { SoleTarget } from '../page/sole-target';
import type { Fingerprint } from '../snapshot/snapshot';

/**
 * The role, accessible name and anchor of the one element a locator finds, computed in the page by the same function
 * the recorder uses at the start of a gesture: recording and replay name elements alike.
 */
export async function readFingerprint(locator: Locator, options: { timeout?: number; withSection?: boolean } = {}): Promise<Fingerprint | undefined> {
  try {
    return await locator.evaluate(options.withSection ? describeElement : describeInPage, undefined, { timeout: options.timeout ?? 2000 });
  } catch {
    return undefined;
  }
}

/**
 * How many elements a locator finds now and, for exactly one, its fingerprint (as readFingerprint reads it) and whether
 * it surely shows: one round trip, no waiting. Undefined when the selector cannot be evaluated on the page.
 */
export async function readSoleTarget(locator: Locator): Promise<SoleTarget | undefined> {
  return locator.evaluateAll(describeSole).catch(() => undefined);
}

/**
 * Names compared as a person reads them: case, runs of spaces, spaces inside brackets and around punctuation
 * (`Clear completed ( 1 )`), and a trailing colon or required-marker do not count.
 */
function normalizeName(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/\s*([()[\]{}:;,.!?])\s*/g, '$1').replace(/[\s:*]+$/, '').trim().toLowerCase();
}

/** A recorded name matches as text (normalised), or as a `/pattern/` (RE2) when the flow says so. */
function namesMatch(expected: string, actual: string): boolean {
  if (/^\/.+\/[ims]*$/s.test(expected)) {
    try {
      return parsePattern(expected).test(actual);
    } catch {
      return false;
    }
  }
  return normalizeName(expected) === normalizeName(actual);
}

/**
 * A name made only of symbols (`✔`, `×`, `…`), often CSS-generated content that another build of the same app draws
 * differently or not at all: it does not decide a match on its own; role and anchor do.
 */
function isWeakName(name: string): boolean {
  return !/[\p{L}\p{N}]/u.test(name);
}

/** Same role, same name and, when one was recorded, the same anchor: the element a person would call by that name. */
export function fingerprintsMatch(expected: Fingerprint, actual: Fingerprint | undefined, was?: { role: string; name: string }): boolean {
  if (!actual) return false;
  // A flow recorded when the element was named otherwise (a design system's select by its options' text).
  if (was && fingerprintsMatch(expected, { ...actual, ...was })) return true;
  const sameRole = expected.role === actual.role || (isGeneric(expected.role) && isGeneric(actual.role));
  const weakButAnchored = !!expected.anchor && isWeakName(expected.name) && isWeakName(actual.name);
  if (!sameRole || (!namesMatch(expected.name, actual.name) && !weakButAnchored)) return false;
  // Same-named elements in other sections (a checkbox of another example) are other elements.
  // A section recorded before labelled groups were sections: the heading it was read from then.
  const sectionMatches = (section: string | undefined) => namesMatch(expected.section!, section ?? '');
  if (expected.section !== undefined && !sectionMatches(actual.section) && !(actual.sectionWas !== undefined && sectionMatches(actual.sectionWas))) return false;
  if (!expected.anchor) return true;
  return !!actual.anchor && expected.anchor.role === actual.anchor.role && namesMatch(expected.anchor.name, actual.anchor.name);
}

/**
 * The element is the expected one in all but the text of the row (the list item) it sits in, which reads otherwise:
 * whether that row still holds what it read is the page's to tell (aloneInGrownAnchor), with the twins in view.
 */
export function onlyAnchorTextDiffers(expected: Fingerprint, actual: Fingerprint | undefined): boolean {
  if (!expected.anchor || !actual?.anchor || !TEXT_ANCHOR_ROLES.has(expected.anchor.role) || actual.anchor.role !== expected.anchor.role) return false;
  return fingerprintsMatch({ ...expected, anchor: undefined }, actual) && !fingerprintsMatch(expected, actual);
}

/** What an element found is, told against what was expected: its section only when the expected one has one. */
export function describeFound(found: Fingerprint, expected: Fingerprint): string {
  const { section, ...rest } = found;
  return describeFingerprint(expected.section !== undefined && section !== undefined ? { ...rest, section } : rest);
}

/** How a fingerprint reads in a message or a step description: `checkbox in listitem "Buy milk"`, `button "×" in row …`. */
export function describeFingerprint(fingerprint: Fingerprint): string {
  const role = isGeneric(fingerprint.role) ? 'element' : fingerprint.role;
  const under = fingerprint.section ? ` under "${fingerprint.section}"` : '';
  if (!fingerprint.anchor) return `${role} "${fingerprint.name}"${under}`;
  // Something named only by its title has no role a person would say: `element in "Inbox"`.
  const around = `${isGeneric(fingerprint.anchor.role) ? '' : `${fingerprint.anchor.role} `}"${fingerprint.anchor.name}"`;
  return `${fingerprint.name ? `${role} "${fingerprint.name}" in ${around}` : `${role} in ${around}`}${under}`;
}

function isGeneric(role: string): boolean {
  return role === 'generic' || role === 'clickable' || role === 'text' || role === 'paragraph' || role === 'none';
}
