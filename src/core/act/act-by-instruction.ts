import type { Page } from 'playwright-core';
import { referencedVariables, type Action } from '../../schema';
import { cacheKey, cachedStepsStillMatch, pageRegionFingerprint, type ActionCacheStore, type CachedAct } from '../cache/action-cache';
import { ServiceInvalidArgumentError, throwIfAborted } from '../errors';
import type { ModelClient } from '../models';
import { observeWithModel, verifyPicks } from '../observe';
import type { ActCallOptions, ActOutcome } from '../session-types';
import { takeSnapshot } from '../snapshot/snapshot';
import { observedNodeOf, type ObservedNode } from './direct-pointer';
import { planLocally } from './planner';

/** What an act by instruction works with, from the session that runs it. */
export interface InstructionContext {
  readonly page: Page;
  readonly cache: ActionCacheStore | undefined;
  readonly snapshot: { readonly tokenBudget?: number | undefined; readonly settleCapMs?: number | undefined };
  /** The model for this call; throws when none is configured (asked only when the cheaper planners cannot answer). */
  readonly model: () => ModelClient;
  /** Performs one action with the call's variables, deadline and cancellation; `observed`: its element, just captured. */
  readonly perform: (action: Action, observed?: ObservedNode) => Promise<void>;
  readonly signal: AbortSignal;
}

/**
 * act("click Sign in"): the local planner first (no model), then the action cache (steps that still match the page),
 * then the model on a page snapshot; the model's pick is verified on the page before it is performed and cached.
 */
export async function actByInstruction(instruction: string, options: ActCallOptions, context: InstructionContext): Promise<ActOutcome> {
  const { page, signal } = context;
  for (const name of referencedVariables(instruction)) {
    if (options.variables?.[name] === undefined) throw new ServiceInvalidArgumentError(`instruction: %${name}% has no value; pass it in options.variables`, { field: 'instruction' });
  }
  const snapshotOf = (settleCapMs: number | undefined) => takeSnapshot(page, { instruction, frameId: options.frameId ?? undefined, tokenBudget: context.snapshot.tokenBudget, settleCapMs, signal });
  // The planner takes the page as it is, as Playwright's own locators would (acting waits for the element); the model
  // gets a settled page, which is the planner's capture again when nothing changed meanwhile.
  const planned = await planLocally(page, instruction, () => snapshotOf(0));
  if (planned) {
    options.onProgress?.({ message: `local planner: ${planned.action.method} ${planned.action.description}` });
    await context.perform(planned.action);
    return { success: true, message: doneMessage(planned.action.method, planned.action.description), actionDescription: instruction, actions: [planned.action], planner: 'local' };
  }
  const snapshot = await snapshotOf(context.snapshot.settleCapMs);
  const cache = options.serverCache ?? true ? context.cache : undefined;
  const key = cacheKey({ instruction, url: snapshot.url, variableNames: Object.keys(options.variables ?? {}), region: pageRegionFingerprint(snapshot, instruction) });
  if (cache) {
    const cached = await cache.get(key);
    if (cached && (await cachedStepsStillMatch(page, cached))) {
      options.onProgress?.({ message: 'action cache: hit' });
      for (const step of cached.steps) await context.perform(step.action);
      return { success: true, message: `${cached.steps.map((step) => step.action.method).join(', ')} done from the action cache`, actionDescription: instruction, actions: cached.steps.map((step) => step.action), cacheStatus: 'HIT', planner: 'cache' };
    }
    if (cached) await cache.delete(key);
  }
  const observation = await observeWithModel(context.model(), snapshot, instruction, options.variables, signal);
  throwIfAborted(signal);
  const [pick] = await verifyPicks(page, snapshot, observation.picks.slice(0, 1));
  if (!pick) {
    return { success: false, message: `No element on the page matches "${instruction}".`, actionDescription: instruction, actions: [], planner: 'model', usage: observation.usage, ...(cache ? { cacheStatus: 'MISS' as const } : {}) };
  }
  const action: Action = { selector: pick.output.selector, description: pick.output.description, method: pick.output.method ?? 'click', arguments: pick.output.arguments ?? [] };
  await context.perform(action, observedNodeOf(snapshot, pick.element));
  if (cache) await cache.set(key, { instruction, url: snapshot.url, createdAt: new Date().toISOString(), steps: [{ action, fingerprint: pick.element.fingerprint }] } satisfies CachedAct);
  return {
    success: true, message: doneMessage(action.method, action.description), actionDescription: instruction, actions: [action], planner: 'model', usage: observation.usage,
    ...(cache ? { cacheStatus: 'MISS' as const } : {}),
  };
}

/** What an act did, as a sentence: `Typed into textbox "Email"`, `Clicked button "Sign in"`. */
function doneMessage(method: string, description: string): string {
  const verbs: Readonly<Record<string, string>> = {
    click: 'Clicked', doubleclick: 'Double-clicked', rightclick: 'Right-clicked', fill: 'Filled', type: 'Typed into', press: 'Pressed a key in',
    hover: 'Hovered over', selectoption: 'Chose an option in', selectoptionfromdropdown: 'Chose an option in', check: 'Checked', uncheck: 'Unchecked',
    focus: 'Focused', blur: 'Left', scrollto: 'Scrolled', nextchunk: 'Scrolled down', prevchunk: 'Scrolled up', draganddrop: 'Dragged', setinputfiles: 'Chose files for',
  };
  return `${verbs[method.toLowerCase()] ?? `Did ${method} on`} ${description}`;
}
