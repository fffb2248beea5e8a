import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, type BrowserContext, type Page } from '@playwright/test';
import { registerShadowEngine } from '../core/browser/shadow-engine';
import { EngineSession } from '../core/engine-session';
import { readFlowFiles } from '../flows/flow-file-uploads';
import { expandFlowFiles } from '../flows/flow-paths';
import { parseFlow } from '../flows/format';
import { replayFlow } from '../flows/replay';
import { resolveVariables } from '../flows/variables';
import { describeStep, type Flow, type ModelSetting, type StepEvent } from '../schema';
import { declareAt, errorAt, flowLocations, type FlowLocations } from './flow-locations';

export interface FlowTestOptions {
  /** Values of variables (else REHEARSE_VAR_<NAME> from the environment, else the flow's defaults). */
  readonly variables?: Readonly<Record<string, string>>;
  /** A model heals a step whose selectors all fail (a model name, or REHEARSE_MODEL); without one, no healing. */
  readonly model?: ModelSetting;
  /** How long a step may take (ms), as `rehearse replay --step-timeout`. */
  readonly stepTimeoutMs?: number;
  /** Where relative patterns start (default: the folder Playwright runs in). */
  readonly cwd?: string;
}

/**
 * Declares a Playwright test for each flow file the patterns match (files, folders, globs), one `test.step` per step,
 * replayed as `rehearse replay` replays it on the test's own page: Playwright Test's workers, `--shard`, retries,
 * projects, reporters and traces then apply to flows as to code. Call it at the top of a spec file:
 *
 *     import { flowTests } from 'rehearse/test';
 *     flowTests('flows/**\/*.flow.json');
 */
export function flowTests(patterns: string | readonly string[], options: FlowTestOptions = {}): void {
  const cwd = options.cwd ?? process.cwd();
  // Playwright's selector engines are set up with a context: registered before the test's context is made.
  const registered = registerShadowEngine();
  for (const file of expandFlowFiles(typeof patterns === 'string' ? [patterns] : patterns, cwd)) {
    const relative = path.relative(cwd, file);
    const text = readFileSync(file, 'utf8');
    const flow = parseFlow(text, relative);
    const locations = flowLocations(file, text);
    declareAt<(fixtures: { page: Page }) => Promise<void>>(locations.flow, test, `${flow.name} (${relative})`, async ({ page }) => {
      await registered;
      await replayAsSteps(file, flow, locations, page.context(), options);
    });
  }
}

async function replayAsSteps(file: string, flow: Flow, locations: FlowLocations, context: BrowserContext, options: FlowTestOptions): Promise<void> {
  const model = options.model ?? (process.env.REHEARSE_MODEL || undefined);
  const session = await EngineSession.onContext(context, { env: process.env, cache: false, ...(model ? { model } : {}) });
  const { values } = resolveVariables(flow, { env: process.env, ...(options.variables ? { given: options.variables } : {}) });
  const uploads = await readFlowFiles(file, flow);
  // Each step of the replay is a test.step, opened when the step starts and closed with its outcome.
  const open = new Map<number, { finish: (event: StepEvent) => void; done: Promise<void> }>();
  const onStep = (event: StepEvent) => {
    if (!event.status) {
      let finish: (ended: StepEvent) => void = () => undefined;
      const ended = new Promise<StepEvent>((resolve) => (finish = resolve));
      const location = locations.steps[event.index] ?? locations.flow;
      const done = test.step(event.index < 0 ? event.description : `${event.index + 1}. ${describeStep(flow.steps[event.index]!).description}`, async () => {
        const outcome = await ended;
        if (outcome.status === 'failed') throw errorAt(location, outcome.error?.message ?? 'failed');
      }, { location });
      open.set(event.index, { finish, done: done.catch(() => undefined) });
      return;
    }
    open.get(event.index)?.finish(event);
  };
  try {
    const result = await replayFlow(session, flow, {
      variables: values, files: uploads, heal: !!model, file: path.basename(file), onStep,
      ...(options.stepTimeoutMs ? { stepTimeoutMs: options.stepTimeoutMs } : {}),
    });
    await Promise.all([...open.values()].map((step) => step.done));
    const failed = result.steps.find((step) => step.status === 'failed');
    if (failed) throw errorAt(locations.steps[failed.index] ?? locations.flow, `${flow.name}: ${failed.index >= 0 ? `step ${failed.index + 1} (${failed.description})` : 'opening the start URL'} failed: ${failed.error?.message ?? 'failed'}`);
  } finally {
    await session.end();
  }
}
