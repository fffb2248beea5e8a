import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import type { EngineSession } from '../../src/core/engine-session';
import { FLOW_VERSION, type Flow, type FlowResult, type StepResult } from '../../src/schema';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The widget pages (test/fixtures/widgets) served on loopback for a describe block: `url('tribute.html')`. */
export function useWidgetSite(): { url: (page: string) => string; origin: () => string } {
  let site: StaticSite | undefined;
  before(async () => {
    site = await serveFolder(ROOT);
  });
  after(() => site?.close());
  return { url: (page) => `${site!.origin}/test/fixtures/widgets/${page}`, origin: () => site!.origin };
}

/**
 * Replays a flow with no model from a blank page, on its own page or on a later release of it (`#frozen`: the page's
 * hash that makes it one).
 */
export async function replayOnRelease(session: EngineSession, flow: Flow, release = '', stepTimeoutMs = 3000): Promise<FlowResult> {
  await session.page().goto('about:blank');
  return replayFlow(session, { ...flow, startUrl: `${flow.startUrl}${release}` }, { stepTimeoutMs, heal: false });
}

/** What `person` does on the widget page at `url` once `ready`, recorded as a flow that starts there; it must leave no problem. */
export async function recordOnWidget(session: EngineSession, url: string, ready: (page: Page) => Promise<unknown>, person: (page: Page) => Promise<void>): Promise<Flow> {
  const page = session.page();
  await page.goto(url);
  await ready(page);
  const recorder = await Recorder.start(session);
  await person(page);
  await page.waitForTimeout(500);
  const recorded = await recorder.stop();
  assert.deepEqual(recorder.problems, []);
  return { version: FLOW_VERSION, name: path.basename(url, '.html'), startUrl: url, steps: recorded.map(({ step }) => step) };
}

/** The step a replay failed at, if any. */
export const failedStep = (result: FlowResult): StepResult | undefined => result.steps.find((step) => step.error);
