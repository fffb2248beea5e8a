import type { Page } from 'playwright-core';
import { relocatedSelectors, surveyForRelocation } from '../page-scripts';
import type { RelocationCandidate } from '../page/relocate';
import type { Fingerprint } from '../snapshot/snapshot';
import { describeFingerprint, fingerprintsMatch, readSoleTarget } from './fingerprint';
import { locatorFor } from './locate';
import { parseSelector } from '../snapshot/selector-syntax';

/** The least a candidate must have beyond its role and name: one whole clue (a section, an id, the row it sits in). */
const LEAST_SCORE = 1;
/** How far ahead of the second the best must be: a whole clue, so that a coin toss between twins is never acted on. */
const MARGIN = 1;
/** The weight of the element's order among its twins in its section, as the section's selector kept it (`>> nth=1`). */
const ORDER_WEIGHT = 1;
/** Candidates named in a refusal. */
const MOST_NAMED = 4;

export type Relocation =
  | { readonly relocated: true; readonly selector: string; readonly fingerprint: Fingerprint; readonly why: string }
  | { readonly relocated: false; readonly why: string };

/**
 * Relocation without a model, for a step whose selectors all failed: among the page's elements with the step's role and
 * name, the one that agrees most with everything else the step remembers (its section, the row or item it sits in, the
 * ids, attributes and classes its selectors used, its place), taken only when it is clearly ahead of the second; in a
 * section whose heading is still on the page, only elements of that section count. Anything less sure is refused,
 * saying which candidates there were and why none won. Elements in frames and shadow roots are not relocated.
 */
export async function relocate(page: Page, target: Fingerprint, selectors: readonly string[]): Promise<Relocation> {
  if (selectors.some((selector) => parseSelector(selector).hops.length)) return { relocated: false, why: 'an element inside a frame or a shadow root is not relocated' };
  const survey = await page.evaluate(surveyForRelocation, {
    role: target.role, selectors: [...selectors], ...(target.section ? { section: target.section } : {}), ...(target.anchor ? { anchor: target.anchor } : {}),
  }).catch(() => undefined);
  if (!survey) return { relocated: false, why: 'the page could not be read' };
  const identity: Fingerprint = { role: target.role, name: target.name };
  const indexed = survey.candidates.map((candidate, index) => ({ ...candidate, index }));
  const named = withOrder(indexed.filter((candidate) => fingerprintsMatch(identity, candidate.fingerprint) || (!!target.anchor && fingerprintsMatch(target, candidate.fingerprint))), selectors);
  const inSection = survey.sectionShown ? named.filter((candidate) => fingerprintsMatch({ ...identity, section: target.section! }, candidate.fingerprint)) : named;
  // The one element that is everything the step remembers (its section, its row) needs no score: no selector reached it.
  const whole = inSection.filter((candidate) => fingerprintsMatch(target, candidate.fingerprint));
  const ranked = whole.length === 1 ? [...whole] : [...inSection].sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  const what = describeFingerprint(identity);
  if (!best) {
    const outside = named.length && survey.sectionShown ? ` (${named.length} outside the section "${target.section}", which is still on the page)` : '';
    return { relocated: false, why: `relocation found no ${what}${outside}` };
  }
  const seen = `${ranked.length} candidate${ranked.length === 1 ? '' : 's'}: ${ranked.slice(0, MOST_NAMED).map(described).join('; ')}`;
  if (best.score < LEAST_SCORE && whole.length !== 1) return { relocated: false, why: `relocation refused, ${seen}; none agrees with enough of what the step remembers` };
  if (second && best.score - second.score < MARGIN) return { relocated: false, why: `relocation refused, ${seen}; none is clearly ahead` };
  const candidatesOf = await page.evaluate(relocatedSelectors, best.index).catch((): string[] => []);
  for (const selector of candidatesOf) {
    const sole = await readSoleTarget(locatorFor(page, selector));
    if (sole?.count === 1 && sole.fingerprint && fingerprintsMatch(best.fingerprint, sole.fingerprint)) {
      return { relocated: true, selector, fingerprint: sole.fingerprint, why: `relocated to ${described(best)}${second ? `, ahead of ${described(second)}` : ''}` };
    }
  }
  return { relocated: false, why: `relocation chose ${described(best)}, but no selector finds it alone` };
}

/**
 * Twins in one section are told apart by their order there: the section's selector kept it (`… >> nth=1`). The page's
 * candidates come in document order, so a candidate's order is its place among the named ones of its section now.
 */
function withOrder<C extends RelocationCandidate>(named: readonly C[], selectors: readonly string[]): C[] {
  const recorded = selectors.map((selector) => /^xpath=.* >> role=.* >> nth=(\d+)$/.exec(selector)?.[1]).find((nth) => nth !== undefined);
  if (recorded === undefined) return [...named];
  const seen = new Map<string, number>();
  return named.map((candidate) => {
    const section = candidate.fingerprint.section ?? '';
    const order = seen.get(section) ?? 0;
    seen.set(section, order + 1);
    if (order !== Number(recorded)) return candidate;
    return { ...candidate, score: Math.round((candidate.score + ORDER_WEIGHT) * 100) / 100, agreed: [...candidate.agreed, `order ${order + 1} in its section`] };
  });
}

function described(candidate: RelocationCandidate): string {
  return `${describeFingerprint(candidate.fingerprint)} (score ${candidate.score}: ${candidate.agreed.join(', ') || 'nothing else agrees'})`;
}
