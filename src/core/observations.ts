import type { Page } from 'playwright-core';
import type { Action } from '../schema';
import { observedNodeOf, type ObservedNode } from './act/direct-pointer';
import type { ObservePick } from './observe';
import type { Fingerprint, PageSnapshot } from './snapshot/snapshot';

/** What observe found for one pick, kept so a picked action can be saved with its fallbacks and fingerprint. */
export interface PickDetails {
  readonly action: Action & { backendNodeId?: number };
  readonly fallbacks: readonly string[];
  readonly fingerprint: Fingerprint;
  /** The element is a secret field (a password): what is typed into it becomes a secret variable. */
  readonly secret?: true;
}

const KEPT_OBSERVATIONS = 50;

interface ObservedAction {
  readonly selector: string;
  readonly backendNodeId?: number | undefined;
}

/** The picks of a session's latest observe calls, by actionId (the oldest are forgotten). */
export class Observations {
  private readonly byId = new Map<string, PickDetails[]>();
  /** What each page's latest observe (its picks) or agent outline (all its elements) says an action's element is. */
  private readonly latest = new WeakMap<Page, (action: ObservedAction) => ObservedNode | undefined>();

  /** `seen`: the page and the capture the picks are from. */
  remember(actionId: string, picks: readonly ObservePick[], seen?: { readonly page: Page; readonly snapshot: PageSnapshot }): void {
    if (seen) {
      const bySelector = new Map(picks.flatMap((pick) => {
        const node = observedNodeOf(seen.snapshot, pick.element);
        return node ? [[pick.output.selector, node] as const] : [];
      }));
      this.latest.set(seen.page, (action) => bySelector.get(action.selector));
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
  observedNode(page: Page, action: ObservedAction): ObservedNode | undefined {
    const node = this.latest.get(page)?.(action);
    return node && 'backendNodeId' in node && node.backendNodeId === action.backendNodeId ? node : undefined;
  }

  /**
   * The outline an agent's model was shown: its elements are looked up when acted on (a selector is worked out only
   * for the one acted on; node ids of frames in other processes may repeat, so the selector decides).
   */
  rememberOutline(page: Page, snapshot: PageSnapshot): void {
    this.latest.set(page, (action) => {
      for (const element of snapshot.elements.values()) {
        if (element.backendNodeId === action.backendNodeId && element.selector === action.selector) return observedNodeOf(snapshot, element);
      }
      return undefined;
    });
  }
}
