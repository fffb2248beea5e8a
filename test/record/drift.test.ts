import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import type { Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { DRIFT_FLOWS, LATER_RELEASES, logControlEvents, RECORDED_ON } from './drift-flows';
import { serveKitchensink } from './kitchensink-site';

type Verdict = 'true pass' | 'false pass' | 'honest fail' | 'spurious fail';

interface Run {
  readonly flow: string;
  readonly release: string;
  readonly verdict: Verdict;
  readonly wrongElements: readonly string[];
  /** Steps replay relocated (no selector of theirs found the element): each reported on its step. */
  readonly relocated: number;
  readonly detail: string;
}

const controlEvents = (page: Page) => page.evaluate(() => (window as unknown as { controlEvents?: string[] }).controlEvents ?? []);

/**
 * Issue 41, item 5: flows recorded once on the oldest release of a real app, replayed with no model on its later
 * releases, each run judged by the app's own effects and events, independently of the replay's verdict.
 */
describe('app drift: flows recorded on kitchensink 1.0.0, replayed on its later releases', function () {
  this.timeout(300_000);
  // No model, as the releases were measured: relocation may heal, nothing else can.
  const rig = useEngine({ model: undefined });
  const runs: Run[] = [];

  after(() => {
    const count = (verdict: Verdict) => runs.filter((run) => run.verdict === verdict).length;
    console.log(`\n| flow | ${LATER_RELEASES.map(({ version }) => version).join(' | ')} |\n|---|${LATER_RELEASES.map(() => '---|').join('')}`);
    for (const flow of DRIFT_FLOWS) {
      console.log(`| ${flow.name} | ${LATER_RELEASES.map(({ version }) => runs.find((run) => run.flow === flow.name && run.release === version)?.verdict ?? '-').join(' | ')} |`);
    }
    console.log(`\n${runs.length} replays: ${count('true pass')} true passes, ${count('false pass')} false passes, ${count('honest fail')} honest fails, ${count('spurious fail')} spurious fails, ${runs.filter((run) => run.wrongElements.length).length} with events on a wrong element; ${runs.reduce((sum, run) => sum + run.relocated, 0)} steps relocated\n`);
    for (const run of runs.filter(({ verdict }) => verdict === 'honest fail')) console.log(`honest fail, ${run.flow} on ${run.release}: ${run.detail}`);
  });

  for (const driftFlow of DRIFT_FLOWS) {
    it(`${driftFlow.name}: every later release where its controls are still there passes, on the person's elements`, async () => {
      const page = rig.session.page();
      await page.addInitScript(logControlEvents);
      page.setDefaultTimeout(5000);
      const old = await serveKitchensink('127.0.0.1', RECORDED_ON.app);
      let flow: Flow;
      try {
        await page.goto(`${old.origin}${driftFlow.page}`);
        const recorder = await Recorder.start(rig.session);
        await driftFlow.person(page);
        await page.waitForTimeout(300);
        const recorded = await recorder.stop();
        assert.deepEqual(recorder.problems, []);
        flow = { version: FLOW_VERSION, name: driftFlow.name, steps: recorded.map(({ step }) => step).filter((step) => !('navigate' in step)) };
      } finally {
        await old.close();
      }
      const problems: string[] = [];
      for (const release of LATER_RELEASES) {
        const site = await serveKitchensink('127.0.0.1', release.app);
        try {
          // What the person's gestures do on this release, if its controls are still there.
          await page.goto(`${site.origin}${driftFlow.page}`);
          page.setDefaultTimeout(2000);
          const personWorks = await driftFlow.person(page).then(() => true, () => false);
          await page.waitForTimeout(200);
          const expected = { effects: await driftFlow.effects(page).catch(() => undefined), events: await controlEvents(page) };
          await page.goto(`${site.origin}${driftFlow.page}`);
          // With healing on, as a person replays: relocation may run, the model may not (none is asked, checked below).
          const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000 });
          await page.waitForTimeout(200);
          const actual = { effects: await driftFlow.effects(page).catch(() => undefined), events: await controlEvents(page) };
          const wrongElements = actual.events.filter((event) => !expected.events.includes(event));
          const sameEffects = isDeepStrictEqual(actual.effects, expected.effects) && (driftFlow.effects.length > 0 || isDeepStrictEqual(new Set(actual.events), new Set(expected.events)));
          const passed = replayed.status === 'passed';
          const verdict: Verdict = passed ? (personWorks && sameEffects ? 'true pass' : 'false pass') : personWorks ? 'spurious fail' : 'honest fail';
          const failed = replayed.steps.find((step) => step.status === 'failed');
          const detail = `${JSON.stringify(actual.effects)} vs ${JSON.stringify(expected.effects)}${failed ? `; ${failed.error?.message}` : ''}`;
          const relocated = replayed.steps.filter((step) => step.healed?.by === 'relocation').length;
          runs.push({ flow: driftFlow.name, release: release.version, verdict, wrongElements, relocated, detail });
          if (verdict === 'false pass' || verdict === 'spurious fail' || wrongElements.length) problems.push(`${release.version}: ${verdict}${wrongElements.length ? `, events on ${wrongElements.join(', ')}` : ''}: ${detail}`);
        } finally {
          await site.close();
        }
      }
      assert.deepEqual(problems, [], JSON.stringify(flow.steps, null, 1));
      assert.equal(rig.models.requests.length, 0, 'no model was asked');
    });
  }
});
