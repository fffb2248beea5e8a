import type { Frame, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { relocatedSelectors, surveyForRelocation, unmarkRelocated } from '../page-scripts';
import { RECORDING_MARK } from '../page/keys';
import { describeElementByAttribute } from '../snapshot/describe-element';
import type { RelocationCandidate } from '../page/relocate';
import type { Fingerprint } from '../snapshot/snapshot';
import { describeFingerprint, fingerprintsMatch, readSoleTarget } from './fingerprint';
import { locatorFor } from './locate';
import { formatSelector, parseSelector, type Hop } from '../snapshot/selector-syntax';

/** The least a candidate must have beyond its role and name: one whole clue (a section, an id, the row it sits in). */
const LEAST_SCORE = 1;
/** How far ahead of the second the best must be: a whole clue, so that a coin toss between twins is never acted on. */
const MARGIN = 1;
/** The weight of the element's order among its twins in its section, as the section's selector kept it (`>> nth=1`). */
const ORDER_WEIGHT = 1;
/** How long the frame the step is in may take to be found. */
const FRAME_WAIT_MS = 1000;
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
 * saying which candidates there were and why none won. An element in a frame is looked for in the frame its selectors
 * lead to (all through the same frames), open shadow roots included; one behind a closed shadow root is not found.
 */
export async function relocate(page: Page, target: Fingerprint, selectors: readonly string[]): Promise<Relocation> {
  const where = await frameOf(page, selectors);
  if ('why' in where) return { relocated: false, why: where.why };
  const { frame, hops, inner } = where;
  const survey = await frame.evaluate(surveyForRelocation, {
    role: target.role, selectors: inner, ...(target.section ? { section: target.section } : {}), ...(target.anchor ? { anchor: target.anchor } : {}),
  }).catch(() => undefined);
  if (!survey) return { relocated: false, why: 'the page could not be read' };
  const identity: Fingerprint = { role: target.role, name: target.name };
  const indexed = survey.candidates.map((candidate, index) => ({ ...candidate, index }));
  const named = withOrder(indexed.filter((candidate) => fingerprintsMatch(identity, candidate.fingerprint) || (!!target.anchor && fingerprintsMatch(target, candidate.fingerprint))), inner);
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
  const candidatesOf = await selectorsOfChosen(page, frame, hops, best.index);
  for (const selector of candidatesOf) {
    const sole = await readSoleTarget(locatorFor(page, selector));
    if (sole?.count === 1 && sole.fingerprint && fingerprintsMatch(best.fingerprint, sole.fingerprint)) {
      return { relocated: true, selector, fingerprint: sole.fingerprint, why: `relocated to ${described(best)}${second ? `, ahead of ${described(second)}` : ''}` };
    }
  }
  return { relocated: false, why: `relocation chose ${described(best)}, but no selector finds it alone` };
}

/**
 * The selectors of the chosen candidate, through the frames: the page's own; for one in a shadow root, the engine's
 * snapshot's (which knows the hops), found by a mark put on it for the moment.
 */
async function selectorsOfChosen(page: Page, frame: Frame, hops: readonly Hop[], index: number): Promise<string[]> {
  const mark = `relocated-${randomUUID()}`;
  const chosen = await frame.evaluate(relocatedSelectors, { index, mark }).catch(() => ({ selectors: [] as string[], marked: undefined }));
  if (!chosen.marked) return chosen.selectors.map((selector) => formatSelector(hops, selector));
  try {
    const described = await describeElementByAttribute(page, RECORDING_MARK, mark);
    return described ? [described.selector, ...described.fallbacks] : [];
  } finally {
    await frame.evaluate(unmarkRelocated, index).catch(() => undefined);
  }
}

/** The frame a step's selectors all lead to, with those hops and the selectors inside it; why not, when they do not. */
async function frameOf(page: Page, selectors: readonly string[]): Promise<{ frame: Frame; hops: readonly Hop[]; inner: string[] } | { why: string }> {
  // Shadow roots on the way are searched by the survey itself (the open ones; behind a closed one it finds nothing):
  // only the frames matter here, and a frame inside a shadow root is not entered.
  const parsed = selectors.map((selector) => {
    const { hops, target } = parseSelector(selector);
    const shadow = hops.findIndex((hop) => hop.kind === 'shadow');
    return shadow < 0 ? { hops, target } : { hops: hops.slice(0, shadow), target, pierced: hops.slice(shadow).some((hop) => hop.kind === 'frame') };
  });
  if (parsed.some((each) => 'pierced' in each && each.pierced)) return { why: 'an element in a frame inside a shadow root is not relocated' };
  const hops = parsed[0]?.hops ?? [];
  const path = formatSelector(hops, '');
  if (parsed.some((each) => formatSelector(each.hops, '') !== path)) return { why: 'the step\'s selectors lead into different frames: it is not relocated' };
  let frame: Frame | null = page.mainFrame();
  if (hops.length) {
    const element = await locatorFor(page, formatSelector(hops.slice(0, -1), hops.at(-1)!.selector)).elementHandle({ timeout: FRAME_WAIT_MS }).catch(() => null);
    frame = (await element?.contentFrame()) ?? null;
    await element?.dispose();
  }
  if (!frame) return { why: `relocation found no frame ${hops.map((hop) => hop.selector).join(' in ')}` };
  return { frame, hops, inner: parsed.map(({ target }) => target) };
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
