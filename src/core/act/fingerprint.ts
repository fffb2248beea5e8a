import type { Locator } from 'playwright-core';
import type { Fingerprint } from '../snapshot/snapshot';

/** The role and accessible name Playwright computes for an element, read from its public aria snapshot. */
export async function readFingerprint(locator: Locator, timeout = 2000): Promise<Fingerprint | undefined> {
  try {
    const aria = await locator.ariaSnapshot({ timeout });
    const match = /^- ([\w-]+)(?: ("(?:[^"\\]|\\.)*"))?/.exec(aria.trim());
    if (!match) return undefined;
    const role = match[1]!;
    if (match[2]) return { role, name: JSON.parse(match[2]) as string };
    // An element without an accessible name (a clickable <div>) is known by its text, as the snapshot names it.
    const text = (await locator.innerText({ timeout })).replace(/\s+/g, ' ').trim();
    return { role, name: text.length > 120 ? `${text.slice(0, 119)}…` : text };
  } catch {
    return undefined;
  }
}

function normalizeName(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/[\s:*]+$/, '').trim().toLowerCase();
}

/** Same role and same name, ignoring case, spacing and a trailing colon or required-marker. */
export function fingerprintsMatch(expected: Fingerprint, actual: Fingerprint | undefined): boolean {
  if (!actual) return false;
  const sameRole = expected.role === actual.role || (isGeneric(expected.role) && isGeneric(actual.role));
  return sameRole && normalizeName(expected.name) === normalizeName(actual.name);
}

function isGeneric(role: string): boolean {
  return role === 'generic' || role === 'clickable' || role === 'text' || role === 'paragraph';
}
