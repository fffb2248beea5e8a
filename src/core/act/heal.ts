import type { Page } from 'playwright-core';
import type { Action } from '../../schema';
import { ServiceElementNotFoundError } from '../errors';
import type { ObservePick } from '../observe';
import type { Fingerprint } from '../snapshot/snapshot';
import { describeFingerprint, fingerprintsMatch, readFingerprint } from './fingerprint';
import { locatorFor } from './locate';
import { findVerifiedTarget } from './verified-target';
import { relocate, type Relocation } from './relocate';
import type { ObservedNode } from './direct-pointer';

export interface VerifiedSelectorQuery {
  readonly fallbacks?: readonly string[] | undefined;
  /** What the element is to a person; no selector is used for an element with another role or name. */
  readonly target?: Fingerprint | undefined;
  /** Asks the model for the element when every selector fails (only with a target to verify its answer against). */
  readonly heal?: ((signal: AbortSignal) => Promise<readonly ObservePick[]>) | undefined;
  /** Scores the page's elements on what the step remembers when every selector fails (relocate.ts); no model. */
  readonly relocate?: boolean | undefined;
  readonly onProgress?: ((event: { message: string }) => void) | undefined;
}

export interface VerifiedSelector {
  readonly selector: string;
  readonly healed?: { readonly from: string; readonly to: string; readonly by: 'fallback' | 'relocation' | 'model'; readonly target?: Fingerprint };
  /** The element was seen showing as it was found. */
  readonly visible?: boolean;
  /** The element itself, when the page found it alone. */
  readonly node?: ObservedNode;
}

/**
 * The selector to act with: the action's own, else a fallback, each only if it finds one element with the target's role
 * and name; else, with a model, the element the model finds for the description, again only on a target match.
 */
export async function verifiedSelector(page: Page, action: Action, query: VerifiedSelectorQuery, timeoutMs: number, signal: AbortSignal): Promise<VerifiedSelector> {
  const heal = query.target ? query.heal : undefined;
  const target = query.target;
  const selectors = { primary: action.selector, fallbacks: query.fallbacks, target };
  const startedAt = Date.now();
  // Leave time for relocation and healing when they may be needed.
  let search = await findVerifiedTarget(page, selectors, heal || (query.relocate && target) ? timeoutMs / 2 : timeoutMs, signal);
  let relocation: Relocation | undefined;
  if (!search.found && query.relocate && target) {
    relocation = await relocate(page, target, [action.selector, ...(query.fallbacks ?? [])]);
    if (relocation.relocated) {
      query.onProgress?.({ message: relocation.why });
      return { selector: relocation.selector, healed: { from: action.selector, to: relocation.selector, by: 'relocation', target: relocation.fingerprint } };
    }
    // Refused: the element may still be on its way; the selectors have the rest of the time.
    if (!heal) search = await findVerifiedTarget(page, selectors, Math.max(0, timeoutMs - (Date.now() - startedAt)), signal);
  }
  if (search.found) {
    const { selector, visible, node } = search;
    const found = { selector, visible, ...(node ? { node } : {}) };
    return selector === action.selector ? found : { ...found, healed: { from: action.selector, to: selector, by: 'fallback' } };
  }
  const what = action.description || action.selector;
  const refused = relocation && !relocation.relocated ? `; ${relocation.why}` : '';
  if (!heal || !target) {
    throw new ServiceElementNotFoundError(`${what}: no selector finds ${target ? describeFingerprint(target) : 'exactly one element'} (${search.why}${refused}). Not acting on anything else.`);
  }
  query.onProgress?.({ message: `healing: looking for ${describeFingerprint(target)} with the model` });
  for (const pick of await heal(signal)) {
    const actual = await readFingerprint(locatorFor(page, pick.output.selector), { withSection: target.section !== undefined });
    if (fingerprintsMatch(target, actual)) return { selector: pick.output.selector, healed: { from: action.selector, to: pick.output.selector, by: 'model' } };
  }
  throw new ServiceElementNotFoundError(`${what}: no selector finds ${describeFingerprint(target)} (${search.why}${refused}), and the model found no element with that role and name. Not acting on anything else.`);
}
