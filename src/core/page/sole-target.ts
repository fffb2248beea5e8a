import { describeInPage, earlierName, type PageFingerprint } from './describe-in-page';
import { earlierSectionName, sectionName } from './section-of';

/** What a selector finds, told in one call: how many elements, and for exactly one, who it is and whether it shows. */
export interface SoleTarget {
  readonly count: number;
  readonly fingerprint?: PageFingerprint;
  /** How earlier recordings named it, when they named it otherwise (see earlierName): flows recorded then still match. */
  readonly was?: { readonly role: string; readonly name: string };
  /** True only when Playwright would call the element visible too; false when unsure (it then checks for itself). */
  readonly visible?: boolean;
}

/** Runs in the page on the elements a selector finds (Playwright's evaluateAll): one round trip for count, name and sight. */
export function describeSole(elements: Element[]): SoleTarget {
  if (elements.length !== 1) return { count: elements.length };
  const element = elements[0]!;
  const was = earlierName(element);
  return { count: 1, fingerprint: describeElement(element), visible: surelyVisible(element), ...(was ? { was } : {}) };
}

/** The element's fingerprint with the section it sits in: what replay checks a found element against. */
export function describeElement(element: Element): PageFingerprint {
  const section = sectionName(element);
  const sectionWas = earlierSectionName(element);
  return { ...describeInPage(element), ...(section ? { section } : {}), ...(sectionWas !== undefined ? { sectionWas } : {}) };
}

/**
 * Playwright's rule for visible (rendered, `visibility: visible`, a box of some size), answered false for what it
 * decides by other means (`display: contents`, whose children count): false only makes the caller ask Playwright.
 */
export function surelyVisible(element: Element): boolean {
  const style = getComputedStyle(element);
  if (style.display === 'contents' || !element.checkVisibility() || style.visibility !== 'visible') return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}
