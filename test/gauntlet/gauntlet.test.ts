import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Recorder } from '../../src/flows/recorder';
import { rebaseFlow } from '../../src/flows/format';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow, type FlowResult } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { WIDGET_SCENARIOS, type WidgetScenario } from '../record/widget-scenarios';

interface Row {
  readonly scenario: WidgetScenario;
  readonly steps: number;
  readonly gestures: number;
  readonly problems: readonly string[];
  readonly replay: FlowResult['status'];
  readonly equal: boolean;
}

const ROOT = path.resolve(__dirname, '..', '..', '..');
const widgetState = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): unknown }).widgetState());

/** Issue 29/34: real widget libraries, recorded from a person's input, replayed with no model on another origin. */
describe('gauntlet: real widgets recorded and replayed', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const rows: Row[] = [];
  let recordSite: StaticSite;
  let replaySite: StaticSite;
  before(async () => {
    recordSite = await serveFolder(ROOT);
    replaySite = await serveFolder(ROOT);
  });
  after(async () => {
    await Promise.all([recordSite?.close(), replaySite?.close()]);
    if (!rows.length) return;
    for (const row of rows) for (const problem of row.problems) console.log(`${row.scenario.library}: ${problem}`);
    const table = rows.map((row) => `| ${row.scenario.category} | ${row.scenario.library} | ${row.gestures} | ${row.steps} | ${row.problems.length} | ${row.replay} | ${row.equal ? 'yes' : 'NO'} | ${row.replay === 'passed' && !row.equal ? 'FALSE PASS' : '0'} |`);
    console.log(['', '| widget | library | gestures | steps | problems reported | replay | state equal | false passes |', '|---|---|---|---|---|---|---|---|', ...table, ''].join('\n'));
  });

  for (const scenario of WIDGET_SCENARIOS) {
    it(`${scenario.category} (${scenario.library}): the person's end state comes back on replay`, async () => {
      const session = rig.session;
      const page = () => session.page();
      const url = `${recordSite.origin}/test/fixtures/widgets/${scenario.page}`;
      await session.navigate(url);
      await scenario.ready(page());
      const recorder = await Recorder.start(session);
      const gestures = await scenario.person(page());
      const recorded = await recorder.stop();
      const wanted = await widgetState(page());
      const flow: Flow = { version: FLOW_VERSION, name: scenario.category, startUrl: url, steps: recorded.map(({ step }) => step) };
      const onReplay = rebaseFlow(flow, replaySite.origin);
      // A fresh page on the other origin: the replay starts where the person started.
      await session.navigate('about:blank');
      const result = await replayFlow(session, { ...onReplay, startUrl: onReplay.startUrl! }, { heal: false, stepTimeoutMs: 8000, ...(scenario.variables ? { variables: scenario.variables } : {}) });
      let replayed: unknown;
      // Read as the person's end state was, once the page has had the person's rest after the last gesture: a library
      // that tells the app its new value a task after drawing it (react-colorful's onChange, from an effect) is not
      // read half-way on a loaded machine.
      await page().waitForTimeout(300);
      if (result.status === 'passed') replayed = await widgetState(page());
      else {
        await scenario.ready(page()).catch(() => undefined);
        replayed = await widgetState(page()).catch(() => undefined);
      }
      const row: Row = { scenario, steps: flow.steps.length, gestures, problems: recorder.problems, replay: result.status, equal: isDeepStrictEqual(wanted, replayed) };
      rows.push(row);
      const failure = result.steps.find((step) => step.status === 'failed');
      const why = `${JSON.stringify(flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description} ${JSON.stringify(step.action.arguments)} @${step.action.selector}${step.effect ? ` effect ${JSON.stringify(step.effect)}` : ''}` : JSON.stringify(step))), null, 1)}\nproblems: ${recorder.problems.join('; ')}\nfailed: ${failure ? `${failure.description}: ${failure.error?.message}` : 'none'}\nused: ${result.steps.map((step) => step.selectorUsed ?? '-').join(' | ')}\nperson: ${JSON.stringify(wanted)}\nreplay: ${JSON.stringify(replayed)}`;
      if (process.env.GAUNTLET_SHOW) console.log(process.env.GAUNTLET_SHOW === "all" ? JSON.stringify(flow.steps, null, 1) : why);
      assert.ok(!(result.status === 'passed' && !row.equal), `a false pass: the person left ${JSON.stringify(wanted)}, the replay ${JSON.stringify(replayed)}: ${why}`);
      assert.equal(result.status, 'passed', why);
      assert.ok(row.equal, why);
      assert.deepEqual(recorder.problems, [], 'every gesture became a step');
    });
  }
});
