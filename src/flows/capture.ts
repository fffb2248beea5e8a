import type { PickDetails } from '../core/engine-session';
import { FLOW_VERSION, type ActionStep, type Flow, type FlowStep } from '../schema';

/** A step from an observe pick: the action as observe returned it, with its other selectors and what the element is. */
export function stepFromPick(pick: PickDetails, instruction?: string): ActionStep {
  // A backend node id names an element in one page load only; a file keeps what lasts.
  const { backendNodeId: _transient, ...action } = pick.action;
  return {
    action,
    ...(pick.fallbacks.length ? { fallbacks: [...pick.fallbacks] } : {}),
    target: { role: pick.fingerprint.role, name: pick.fingerprint.name, ...(pick.fingerprint.anchor ? { anchor: pick.fingerprint.anchor } : {}) },
    ...(instruction ? { instruction } : {}),
  };
}

/** The part of an agent action a flow needs (AgentRunAction of the engine). */
export interface AgentActionRecord {
  readonly status: string;
  readonly performed?: { readonly action: { selector: string; description: string; method: string; arguments: string[] }; readonly fallbacks?: readonly string[]; readonly target?: { role: string; name: string } };
  readonly navigatedTo?: string;
}

/** An agent run as a flow that replays with no model: its page actions and navigations, in order. */
export function flowFromAgentRun(actions: readonly AgentActionRecord[], meta: { name: string; startUrl?: string; variables?: Flow['variables'] }): Flow {
  const steps: FlowStep[] = [];
  for (const record of actions) {
    if (record.status !== 'done') continue;
    if (record.performed) {
      steps.push({
        action: { ...record.performed.action, arguments: [...record.performed.action.arguments] },
        ...(record.performed.fallbacks?.length ? { fallbacks: [...record.performed.fallbacks] } : {}),
        ...(record.performed.target ? { target: record.performed.target } : {}),
      });
    } else if (record.navigatedTo) steps.push({ navigate: record.navigatedTo });
  }
  return { version: FLOW_VERSION, name: meta.name, ...(meta.startUrl ? { startUrl: meta.startUrl } : {}), ...(meta.variables ? { variables: meta.variables } : {}), steps };
}
