import type { Session } from '../core/session-types';
import { comparesWithBefore, describeEffect, describeStep, replaceVariables, stepKind, unhandledKind, type ActionStep, type Flow, type FlowResult, type StepResult, type StepStatus, type WaitCondition } from '../schema';
import { uploadsForStep, type FlowFiles } from './uploads';

export { describeStep };

const DEFAULT_STEP_TIMEOUT_MS = 10_000;

export type { FlowResult, StepResult, StepStatus };

export interface ReplayOptions {
  readonly variables?: Readonly<Record<string, string>>;
  /** Run the steps up to and including this index (Replay to Here). */
  readonly upTo?: number;
  readonly stepTimeoutMs?: number;
  /** Heal with the model when every selector of a step fails (needs a model on the session). Default true. */
  readonly heal?: boolean;
  readonly signal?: AbortSignal;
  /** Called as each step starts (status undefined) and when it ends. */
  readonly onStep?: (step: Omit<StepResult, 'status' | 'ms'> & { status?: StepStatus; ms?: number }) => void;
  readonly file?: string;
  /** What upload steps send, by the path they name (see collectUploads): a replay never reads files itself. */
  readonly files?: FlowFiles;
  /** A pause before each step after the first, to watch a replay (slow motion); 0 by default. */
  readonly slowMoMs?: number;
  /**
   * Outlines the element an action step is about to act on, for a person watching (the Browser tab); called with no
   * selector once the replay ends, to take the outline off. A failure to outline never fails the step.
   */
  readonly outline?: (selector: string | undefined) => Promise<unknown>;
}

/**
 * Replays a flow on any Session (in-process or remote): no model unless a step's selectors all fail and healing is on.
 * After a failed step the rest are skipped. Variables are resolved by the caller; values never appear in the results.
 */
export async function replayFlow(session: Session, flow: Flow, options: ReplayOptions = {}): Promise<FlowResult> {
  const started = Date.now();
  const results: StepResult[] = [];
  const variables = options.variables ?? {};
  const stepTimeoutMs = options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
  const last = options.upTo ?? flow.steps.length - 1;
  let failed = false;

  const run = async (index: number, kind: StepResult['kind'], description: string, body: () => Promise<Partial<StepResult>>) => {
    if (failed) {
      const skipped: StepResult = { index, kind, description, status: 'skipped', ms: 0 };
      results.push(skipped);
      options.onStep?.(skipped);
      return;
    }
    options.onStep?.({ index, kind, description });
    const stepStarted = Date.now();
    let result: StepResult;
    try {
      const extra = await body();
      result = { index, kind, description, status: extra.error ? 'failed' : 'passed', ms: Date.now() - stepStarted, ...extra };
    } catch (error) {
      const { name, message } = error as Error;
      result = { index, kind, description, status: 'failed', ms: Date.now() - stepStarted, error: { name, message } };
    }
    if (result.status === 'failed') failed = true;
    results.push(result);
    options.onStep?.(result);
  };

  if (flow.startUrl) {
    const startUrl = fillVariables(flow.startUrl, variables);
    await run(-1, 'start', `open ${startUrl}`, async () => {
      await session.navigate(startUrl, { timeout: stepTimeoutMs * 3, signal: options.signal });
      return {};
    });
  }
  // A flow with nothing in it reproduces nothing: it fails, it does not pass.
  if (!flow.steps.length) {
    await run(0, 'action', 'the flow has no step', async () => ({ error: { name: 'EmptyFlow', message: 'The flow has no step, so replaying it would check nothing: record it again or add steps.' } }));
  }
  for (const [index, step] of flow.steps.entries()) {
    if (index > last) break;
    if (options.slowMoMs && (index > 0 || flow.startUrl) && !failed) await pause(options.slowMoMs, options.signal);
    const { kind, description } = describeStep(step);
    await run(index, kind, description, async () => {
      const tagged = stepKind(step);
      switch (tagged.kind) {
        case 'navigate':
          await session.navigate(fillVariables(tagged.step.navigate, variables), { timeout: stepTimeoutMs * 3, signal: options.signal });
          return {};
        case 'wait': return waitStep(session, tagged.step.wait, tagged.step.timeout ?? stepTimeoutMs, variables, options.signal);
        case 'expect': {
          const outcome = await session.expect(tagged.step.expect, { timeout: tagged.step.timeout ?? stepTimeoutMs / 2, variables, signal: options.signal });
          if (outcome.passed) return {};
          const diff = outcome.expected !== undefined && outcome.actual !== undefined ? { expected: outcome.expected, actual: outcome.actual } : {};
          return { error: { name: 'ExpectationFailed', message: outcome.message, ...diff } };
        }
        case 'action': return actionStep(session, tagged.step, variables, tagged.step.timeout ?? stepTimeoutMs, options);
        default: return unhandledKind(tagged);
      }
    });
  }
  await options.outline?.(undefined).catch(() => undefined);
  return { name: flow.name, ...(options.file ? { file: options.file } : {}), status: failed ? 'failed' : 'passed', ms: Date.now() - started, steps: results };
}

async function actionStep(session: Session, step: ActionStep, variables: Readonly<Record<string, string>>, timeout: number, options: ReplayOptions): Promise<Partial<StepResult>> {
  const action = step.action;
  const uploads = uploadsForStep(action.method, action.arguments ?? [], options.files);
  if (uploads.problem) return { error: { name: 'ActFailed', message: uploads.problem } };
  await options.outline?.(action.selector).catch(() => undefined);
  const outcome = await session.act(
    { selector: action.selector, description: action.description, method: action.method ?? 'click', arguments: action.arguments ?? [] },
    {
      variables, timeout, signal: options.signal, heal: options.heal ?? true,
      ...(step.fallbacks ? { fallbacks: step.fallbacks } : {}),
      ...(step.target ? { target: step.target } : {}),
      ...(step.instruction ? { instruction: step.instruction } : {}),
      ...(step.dialog ? { dialog: step.dialog } : {}),
      ...(uploads.files ? { files: uploads.files } : {}),
      ...(comparesWithBefore(step.effect) ? { effect: step.effect } : {}),
    },
  );
  if (!outcome.success) return { error: { name: 'ActFailed', message: outcome.message } };
  const done = { ...(outcome.selectorUsed ? { selectorUsed: outcome.selectorUsed } : {}), ...(outcome.healed ? { healed: outcome.healed } : {}) };
  if (!step.effect) return done;
  // The step was performed; whether it did what the person's gesture did is the effect's to say, never assumed.
  const selector = outcome.selectorUsed ?? action.selector;
  // An effect on a drawing or a layout: changed from the page as replay found it just before the step, and from the
  // one the person saw before theirs (a page that had not stopped moving when replay read it is told by that one).
  const effects = outcome.effect ? [outcome.effect, step.effect] : [step.effect];
  const look = async (where: string, ms: number) => {
    let shown = await session.expect({ selector: where, effect: effects[0]! }, { timeout: ms, variables, signal: options.signal });
    for (const effect of effects.slice(1)) if (shown.passed) shown = await session.expect({ selector: where, effect }, { timeout: ms, variables, signal: options.signal });
    return shown;
  };
  let shown = await look(selector, RENAMED_LOOK_MS);
  if (shown.passed) return done;
  // The step renamed its own element (a day's button that now says ", selected"; an event dragged to 13:00 that said
  // 10:00): the step's other selectors find it. Each is looked at in turn until the time for the effect is up: a
  // library still drawing the element anew has two of it for a moment.
  const others = shown.actual === 'absent' ? [action.selector, ...(step.fallbacks ?? [])].filter((each) => each !== selector) : [];
  const until = Date.now() + Math.min(timeout, EFFECT_TIMEOUT_MS);
  do {
    for (const other of others) if ((await look(other, RENAMED_LOOK_MS).catch(() => undefined))?.passed) return done;
    shown = await look(selector, others.length ? RENAMED_LOOK_MS : Math.max(0, until - Date.now()));
    if (shown.passed) return done;
  } while (others.length && Date.now() < until);
  return {
    ...done,
    error: {
      name: 'EffectMissing',
      message: `${action.method ?? 'click'} on ${action.description} was done, but it did not have its recorded effect: expected ${describeEffect(step.effect)}, found ${shown.actual ?? 'something else'}`,
      expected: describeEffect(step.effect), ...(shown.actual !== undefined ? { actual: shown.actual } : {}),
    },
  };
}

/** How long each of a step's other selectors is given to find its element, renamed by the step, with the effect. */
const RENAMED_LOOK_MS = 300;

/** How long replay waits for a step's recorded effect to show (an animation, a list that re-sorts). */
const EFFECT_TIMEOUT_MS = 3000;

/** A wait is an expectation that reports what it waited for, or a pause that a cancel ends at once. */
async function waitStep(session: Session, wait: WaitCondition, timeout: number, variables: Readonly<Record<string, string>>, signal: AbortSignal | undefined): Promise<Partial<StepResult>> {
  if ('ms' in wait) {
    await pause(wait.ms, signal);
    return {};
  }
  const expectation = 'selector' in wait ? { selector: wait.selector, state: wait.state } : 'text' in wait ? { text: wait.text } : { url: wait.url };
  const outcome = await session.expect(expectation, { timeout, variables, signal });
  return outcome.passed ? {} : { error: { name: 'WaitTimedOut', message: `waited ${timeout} ms: ${outcome.message}` } };
}

/** A pause that a cancel ends at once. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    }, { once: true });
  });
}

function fillVariables(text: string, variables: Readonly<Record<string, string>>): string {
  return replaceVariables(text, (name, whole) => variables[name] ?? whole);
}

/**
 * The flow with each healed step's selector replaced, the old one kept first among its fallbacks; a step relocated to
 * another section or row keeps, of what it remembered, the section and row the element is in now.
 */
export function applyHealing(flow: Flow, result: FlowResult): { flow: Flow; changed: number } {
  let changed = 0;
  const steps = flow.steps.map((step, index) => {
    const healed = result.steps.find((candidate) => candidate.index === index)?.healed;
    if (!healed || !('action' in step)) return step;
    changed++;
    const fallbacks = [healed.from, ...(step.fallbacks ?? [])].filter((selector) => selector !== healed.to);
    const now = healed.target;
    const target = step.target && now ? {
      ...step.target,
      ...(step.target.section !== undefined && now.section ? { section: now.section } : {}),
      ...(step.target.anchor && now.anchor ? { anchor: now.anchor } : {}),
    } : step.target;
    return { ...step, action: { ...step.action, selector: healed.to }, fallbacks: [...new Set(fallbacks)], ...(target ? { target } : {}) };
  });
  return { flow: { ...flow, steps }, changed };
}
