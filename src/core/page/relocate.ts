import { describeInPage, roleOf } from './describe-in-page';
import { openRoots } from './find-sole';
import { RECORDING_MARK } from './keys';
import { isPositional, placeFreeCss, positionalPath } from './positional-path';
import { selectorsInPage } from './selectors-in-page';
import { HEADINGS, sectionName, sectionTitles } from './section-of';
import type { PageFingerprint } from './describe-in-page';

/**
 * Relocation without a model, the page's half: every element of the step's role is scored on what the step remembers
 * besides role and name (after Similo: each clue a weight, the sum a score), so that the engine can pick one only when
 * it is clearly ahead. Runs in the page; the engine filters by name (flows may hold patterns) and decides.
 */
export interface RelocationClues {
  readonly role: string;
  readonly section?: string;
  readonly anchor?: { readonly role: string; readonly name: string };
  /** The step's selectors: the css ones are attributes, ids and classes the element had; the positional one its place. */
  readonly selectors: readonly string[];
}

export interface RelocationCandidate {
  readonly fingerprint: PageFingerprint;
  readonly score: number;
  /** What agreed, in words, for the report: `section`, `id`, `place 80%`… */
  readonly agreed: readonly string[];
}

export interface RelocationSurvey {
  readonly candidates: readonly RelocationCandidate[];
  /** The recorded section's heading is still on the page: a candidate outside it is another element. */
  readonly sectionShown: boolean;
}

/** Weights as Similo gives them: what a person reads (section, anchor, text) and stable attributes count most. */
const WEIGHT = { section: 2, anchor: 1.5, attribute: 1.5, className: 0.5, place: 1 } as const;
/** More elements of one role than this are not scored: a page that large is no place to guess. */
const MOST_CANDIDATES = 3000;
/** Where the page keeps the candidates for the engine's next call (relocatedSelectors). */
const KEPT = Symbol.for('rehearse.relocation');

const clean = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const words = (text: string) => new Set(clean(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean));

/**
 * How alike two texts are as a person reads them: 1 the same; else the share of the shorter one's words the other has,
 * at most 0.8 (a heading a release extended, ".check()" → ".check() — check a box", keeps most of its weight).
 */
function alike(a: string, b: string): number {
  if (clean(a) === clean(b)) return 1;
  const left = words(a);
  const right = words(b);
  const shared = [...left].filter((word) => right.has(word)).length;
  return (0.8 * shared) / Math.max(1, Math.min(left.size, right.size));
}

/**
 * How much of a recorded place an element still has: the share of its path's steps that are the same from the root and
 * from the element up (an example inserted above moves one step in the middle; the rest holds).
 */
function samePlace(recorded: string, element: Element, steps: Map<Element, string>): number {
  const before = recorded.split(' > ');
  const now = positionalPath(element, steps).slice('css='.length).split(' > ');
  const longest = Math.max(before.length, now.length);
  let fromRoot = 0;
  while (fromRoot < before.length && fromRoot < now.length && before[fromRoot] === now[fromRoot]) fromRoot++;
  if (fromRoot === longest) return 1;
  let fromElement = 0;
  while (fromElement < before.length - fromRoot && fromElement < now.length - fromRoot && before[before.length - 1 - fromElement] === now[now.length - 1 - fromElement]) fromElement++;
  return (fromRoot + fromElement) / longest;
}

export function surveyForRelocation(clues: RelocationClues): RelocationSurvey {
  // The document and the open shadow roots in it (a web-component app's controls live in theirs).
  const roots = openRoots();
  const byRole = roots.flatMap((root) => [...root.querySelectorAll('*')]).filter((element) => roleOf(element) === clues.role).slice(0, MOST_CANDIDATES + 1);
  const place = clues.selectors.find(isPositional)?.slice('css='.length);
  // Plain css the element matched when it was recorded: an id, a test id, a naming attribute, a class of its own.
  const matched = placeFreeCss(clues.selectors);
  const kept: Element[] = [];
  const headingsOf = new Map(roots.map((root) => [root, [...root.querySelectorAll(HEADINGS)]]));
  const steps = new Map<Element, string>();
  const candidates = byRole.length > MOST_CANDIDATES ? [] : byRole.flatMap((element) => {
    if (!element.checkVisibility()) return [];
    const described = describeInPage(element);
    const section = sectionName(element, headingsOf.get(element.getRootNode() as Document | ShadowRoot));
    const fingerprint = section ? { ...described, section } : described;
    const agreed: string[] = [];
    let score = 0;
    if (clues.section && section) {
      const share = alike(clues.section, section);
      if (share > 0) agreed.push(share === 1 ? 'section' : `section ${Math.round(share * 100)}%`);
      score += WEIGHT.section * share;
    }
    if (clues.anchor && described.anchor?.role === clues.anchor.role) {
      const share = alike(clues.anchor.name, described.anchor.name);
      if (share > 0) agreed.push(share === 1 ? clues.anchor.role : `${clues.anchor.role} ${Math.round(share * 100)}%`);
      score += WEIGHT.anchor * share;
    }
    for (const css of matched) {
      let matches = false;
      try {
        matches = element.matches(css);
      } catch {
        // A selector this browser cannot read is no clue.
      }
      if (!matches) continue;
      const classOnly = /^[\w-]+\.[\w-]+$/.test(css);
      agreed.push(css);
      score += classOnly ? WEIGHT.className : WEIGHT.attribute;
    }
    if (place) {
      const share = samePlace(place, element, steps);
      agreed.push(`place ${Math.round(share * 100)}%`);
      score += WEIGHT.place * share;
    }
    kept.push(element);
    return [{ fingerprint, score: Math.round(score * 100) / 100, agreed }];
  });
  Object.defineProperty(window, KEPT, { value: kept, configurable: true, writable: true });
  const sectionShown = !!clues.section && roots.some((root) => sectionTitles(root).some((title) => clean(title) === clean(clues.section!)));
  return { candidates, sectionShown };
}

/**
 * The selectors of the candidate the engine chose (its index in the survey), each found to find it alone. One in a
 * shadow root is marked instead (with `mark`), for the engine's snapshot to name: the page makes no selectors there.
 */
export function relocatedSelectors({ index, mark }: { index: number; mark: string }): { selectors: string[]; marked?: true } {
  const element = (window as unknown as Record<symbol, Element[] | undefined>)[KEPT]?.[index];
  if (!element?.isConnected) return { selectors: [] };
  if (element.getRootNode() !== document) {
    element.setAttribute(RECORDING_MARK, mark);
    return { selectors: [], marked: true };
  }
  return { selectors: selectorsInPage(element, describeInPage(element), describeInPage).selectors };
}

/** Takes the mark off the candidate the engine chose. */
export function unmarkRelocated(index: number): void {
  (window as unknown as Record<symbol, Element[] | undefined>)[KEPT]?.[index]?.removeAttribute(RECORDING_MARK);
}
