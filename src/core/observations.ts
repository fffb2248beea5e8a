import type { Action } from '../schema';
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

/** The picks of a session's latest observe calls, by actionId (the oldest are forgotten). */
export class Observations {
  private readonly byId = new Map<string, PickDetails[]>();

  remember(actionId: string, picks: readonly ObservePick[]): void {
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
}
