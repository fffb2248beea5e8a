import type { Page } from 'playwright-core';
import type { Action } from '../schema';
import type { ObservedNode } from './act/direct-pointer';
import type { ObservePick } from './observe';
import type { Fingerprint } from './snapshot/snapshot';

/** What observe found for one pick, kept so a picked action can be saved with its fallbacks and fingerprint. */
export interface PickDetails {
  readonly action: Action & { backendNodeId?: number };
  readonly fallbacks: readonly string[];
  readonly fingerprint: Fingerprint;
  /** The element is a secret field (a password): what is typed into it becomes a secret variable. */
  readonly secret?: true;
}

const KEPT_OBSERVATIONS = 50;

/** The main frame's element of each pick of a page's latest observe, by node id, with its selector and the page's state. */
interface LatestPicks {
  readonly state: string;
  readonly selectors: ReadonlyMap<number, string>;
}

/** The picks of a session's latest observe calls, by actionId (the oldest are forgotten). */
export class Observations {
  private readonly byId = new Map<string, PickDetails[]>();
  private readonly latest = new WeakMap<Page, LatestPicks>();

  /** `seen`: the page and its state when observe captured it (none for a scoped or unsettled capture). */
  remember(actionId: string, picks: readonly ObservePick[], seen?: { readonly page: Page; readonly state: string | undefined }): void {
    if (seen?.state) {
      const mainFrame = picks.filter((pick) => pick.element.frame === 0);
      this.latest.set(seen.page, { state: seen.state, selectors: new Map(mainFrame.map((pick) => [pick.element.backendNodeId, pick.output.selector])) });
    } else if (seen) {
      this.latest.delete(seen.page);
    }
    this.byId.set(actionId, picks.map((pick) => ({
      action: { selector: pick.output.selector, description: pick.output.description, method: pick.output.method ?? 'click', arguments: pick.output.arguments ?? [], ...(pick.output.backendNodeId !== undefined ? { backendNodeId: pick.output.backendNodeId } : {}) },
      fallbacks: [pick.element.selector, ...pick.element.fallbacks].filter((selector) => selector !== pick.output.selector),
      fingerprint: pick.element.fingerprint,
      ...(pick.element.secret ? { secret: true as const } : {}),
    })));
    while (this.byId.size > KEPT_OBSERVATIONS) this.byId.delete(this.byId.keys().next().value!);
  }

  details(actionId: string): readonly PickDetails[] | undefined {
    return this.byId.get(actionId);
  }

  /**
   * The element of an action that is one of the page's latest picks, unchanged (its node id and selector as observe
   * returned them), with the state the page had then; acting on it directly is right only while the page still has it.
   */
  observedNode(page: Page, action: { readonly selector: string; readonly backendNodeId?: unknown }): ObservedNode | undefined {
    const { backendNodeId } = action;
    const latest = this.latest.get(page);
    if (typeof backendNodeId !== 'number' || !latest || latest.selectors.get(backendNodeId) !== action.selector) return undefined;
    return { backendNodeId, state: latest.state };
  }
}
