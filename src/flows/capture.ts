import type { PickDetails } from '../core/engine-session';
import { FLOW_VERSION, isVariableReference, type ActionStep, type AgentActionRecord, type Flow, type FlowStep } from '../schema';

export type { AgentActionRecord };

/** The engine's own run actions are read-only; what a client sends is checked by AgentActionRecordSchema: both are taken. */
type DeepReadonly<T> = T extends readonly (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

export type FlowVariables = NonNullable<Flow['variables']>;

/** A step, and the variables it brings (a secret for what is typed into a password field). */
export interface StepWithVariables {
  readonly step: ActionStep;
  readonly variables?: FlowVariables;
}

/** A variable name from a field's name, id or label: `password`, `card_number`. */
function variableNameFor(hint: string): string {
  const base = (hint || 'secret').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'secret';
  return /^[a-z_]/.test(base) ? base : `field_${base}`;
}

/**
 * What is typed into a secret field (a password, a one-time code) never reaches a file: the value becomes a secret
 * variable, asked for or read from the environment at replay. A value that is already a %variable% stays as it is.
 */
export function keepSecret(step: ActionStep, hint: string): StepWithVariables {
  const method = (step.action.method ?? '').toLowerCase();
  const value = step.action.arguments?.[0];
  if ((method !== 'fill' && method !== 'type') || value === undefined || isVariableReference(value)) return { step };
  const name = variableNameFor(hint);
  return {
    step: { ...step, action: { ...step.action, arguments: [`%${name}%`, ...(step.action.arguments ?? []).slice(1)] } },
    variables: { [name]: { description: `typed into ${step.action.description}`, secret: true } },
  };
}

/** A step from an observe pick: the action as observe returned it, with its other selectors and what the element is. */
export function stepFromPick(pick: PickDetails, instruction?: string): StepWithVariables {
  // A backend node id names an element in one page load only; a file keeps what lasts.
  const { backendNodeId: _transient, ...action } = pick.action;
  const step: ActionStep = {
    action,
    ...(pick.fallbacks.length ? { fallbacks: [...pick.fallbacks] } : {}),
    target: { role: pick.fingerprint.role, name: pick.fingerprint.name, ...(pick.fingerprint.anchor ? { anchor: pick.fingerprint.anchor } : {}) },
    ...(instruction ? { instruction } : {}),
  };
  return pick.secret ? keepSecret(step, pick.fingerprint.name) : { step };
}


/** An agent run as a flow that replays with no model: its page actions and navigations, in order. */
export function flowFromAgentRun(actions: readonly DeepReadonly<AgentActionRecord>[], meta: { name: string; startUrl?: string; variables?: Flow['variables'] }): Flow {
  const steps: FlowStep[] = [];
  let variables: FlowVariables = { ...meta.variables };
  for (const record of actions) {
    if (record.status !== 'done') continue;
    if (record.performed) {
      const step: ActionStep = {
        action: { ...record.performed.action, arguments: [...record.performed.action.arguments] },
        ...(record.performed.fallbacks?.length ? { fallbacks: [...record.performed.fallbacks] } : {}),
        ...(record.performed.target ? { target: record.performed.target } : {}),
      };
      const kept = record.performed.secret ? keepSecret(step, record.performed.target?.name ?? '') : { step };
      steps.push(kept.step);
      variables = { ...variables, ...kept.variables };
    } else if (record.navigatedTo) steps.push({ navigate: record.navigatedTo });
  }
  return { version: FLOW_VERSION, name: meta.name, ...(meta.startUrl ? { startUrl: meta.startUrl } : {}), ...(Object.keys(variables).length ? { variables } : {}), steps };
}
