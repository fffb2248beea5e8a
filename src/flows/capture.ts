import type { PickDetails } from '../core/engine-session';
import type { ActionStep } from '../schema';

/** A step from an observe pick: the action as observe returned it, with its other selectors and what the element is. */
export function stepFromPick(pick: PickDetails, instruction?: string): ActionStep {
  // A backend node id names an element in one page load only; a file keeps what lasts.
  const { backendNodeId: _transient, ...action } = pick.action;
  return {
    action,
    ...(pick.fallbacks.length ? { fallbacks: [...pick.fallbacks] } : {}),
    target: { role: pick.fingerprint.role, name: pick.fingerprint.name },
    ...(instruction ? { instruction } : {}),
  };
}
