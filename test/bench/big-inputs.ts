/**
 * Big inputs stay usable (issue 43, item 5): a flow of BENCH_BIG_STEPS steps (default 2,000), its file read as the
 * editor reads it for CodeLens and diagnostics, and replayed; then `rehearse replay` over BENCH_FLOW_FILES flow files
 * (default 1,000) with two workers, the CLI's memory sampled all along.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSession } from '../../src/core/engine-session';
import { FlowFileError, parseFlow } from '../../src/flows/format';
import { nodeAt, parseLocations } from '../../src/flows/json-locations';
import { replayFlow } from '../../src/flows/replay';
import type { Flow } from '../../src/schema';
import type { StaticSite } from '../../src/cli/static-site';
import { processTree, pssMiB, residentOf } from '../support/process-memory';
import { median } from './stats';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');

/** Four steps a cycle on the sign-in page: type, tick or untick, click, check the typing. */
function bigFlow(site: StaticSite, steps: number): Flow {
  return {
    version: 1, name: `${steps} steps`, startUrl: `${site.origin}/login.html`,
    steps: Array.from({ length: steps }, (_, index): Flow['steps'][number] => {
      const cycle = Math.floor(index / 4);
      switch (index % 4) {
        case 0: return { action: { selector: 'css=#email', description: 'textbox "Email"', method: 'fill', arguments: [`user${cycle}@example.com`] } };
        case 1: return { action: { selector: 'role=checkbox[name="Remember me"i]', description: 'checkbox "Remember me"', method: cycle % 2 ? 'uncheck' : 'check', arguments: [] }, effect: { checked: cycle % 2 === 0 } };
        case 2: return { action: { selector: 'role=button[name="Forgot password?"i]', description: 'button "Forgot password?"', method: 'click', arguments: [] } };
        default: return { expect: { selector: 'css=#email', value: `user${cycle}@example.com` } };
      }
    }),
  };
}

function timed(times: number, run: () => void): number {
  const samples: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export async function bigFlowRows(site: StaticSite, steps = Number(process.env.BENCH_BIG_STEPS ?? 2000)): Promise<(string | number)[][]> {
  const flow = bigFlow(site, steps);
  const text = JSON.stringify(flow, null, 2);
  // What the editor does for an open flow file at each version: parse it with locations, check it, place a CodeLens
  // at each step; for a broken file, place each problem at its field.
  const parseMs = timed(5, () => {
    parseLocations(text);
    parseFlow(text, 'big.flow.json');
  });
  const locations = parseLocations(text);
  const lensMs = timed(5, () => {
    for (let index = 0; index < steps; index++) nodeAt(locations, `steps.${index}`);
  });
  // Every step broken (a method no page has): as many problems as steps.
  const broken = text.replace(/"method": "click"/g, '"method": 7');
  let problems = 0;
  const diagnosticsMs = timed(5, () => {
    const brokenLocations = parseLocations(broken);
    try {
      parseFlow(broken, 'big.flow.json');
    } catch (error) {
      if (!(error instanceof FlowFileError)) throw error;
      problems = error.problems.length;
      for (const problem of error.problems) nodeAt(brokenLocations, problem.field);
    }
  });
  const session = await createSession({ env: {}, cache: false });
  try {
    const started = performance.now();
    const result = await replayFlow(session, flow, { heal: false });
    const ms = performance.now() - started;
    if (result.status !== 'passed') throw new Error(`the ${steps}-step flow ${result.status}: ${JSON.stringify(result.steps.find((step) => step.status !== 'passed'))}`);
    return [
      [`the flow file (${steps} steps)`, `${(text.length / 1024).toFixed(0)} KiB`],
      ['parsed with locations and checked (what CodeLens, decorations and diagnostics share per version), median of 5', `${parseMs.toFixed(0)} ms`],
      [`a CodeLens placed at each of the ${steps} steps`, `${lensMs.toFixed(1)} ms`],
      [`every step broken: parsed, checked and ${problems} problems placed at their fields`, `${diagnosticsMs.toFixed(0)} ms`],
      ['replayed with no model (every step passed)', `${(ms / 1000).toFixed(1)} s, ${(ms / steps).toFixed(1)} ms a step`],
    ];
  } finally {
    await session.end();
  }
}

export async function manyFilesRows(site: StaticSite, count = Number(process.env.BENCH_FLOW_FILES ?? 1000)): Promise<(string | number)[][]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'rehearse-many-'));
  try {
    for (let index = 0; index < count; index++) {
      const flow: Flow = {
        version: 1, name: `flow ${index}`, startUrl: `${site.origin}/login.html`,
        steps: [
          { action: { selector: 'css=#email', description: 'textbox "Email"', method: 'fill', arguments: [`user${index}@example.com`] } },
          { expect: { selector: 'css=#email', value: `user${index}@example.com` } },
        ],
      };
      await writeFile(path.join(folder, `flow-${String(index).padStart(4, '0')}.flow.json`), JSON.stringify(flow));
    }
    const started = performance.now();
    const cli = spawn(process.execPath, [CLI, 'replay', folder, '--workers', '2', '--reporter', 'junit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let junit = '';
    let stderr = '';
    cli.stdout.on('data', (chunk: Buffer) => void (junit += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
    const samples: { at: number; rss: number; tree: number }[] = [];
    const sampler = setInterval(() => {
      const { rssMiB } = residentOf(cli.pid!);
      if (rssMiB) samples.push({ at: performance.now() - started, rss: rssMiB, tree: pssMiB(processTree(cli.pid!).map((process) => process.pid)) });
    }, 1000);
    const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
    clearInterval(sampler);
    const ms = performance.now() - started;
    const passed = (junit.match(/<testsuite name="[^"]*" tests="\d+" failures="0"/g) ?? []).length;
    if (code !== 0) throw new Error(`rehearse replay over ${count} files exited ${code}: ${stderr}`);
    const quarter = (from: number, to: number) => Math.max(...samples.filter((sample) => sample.at >= from * ms && sample.at <= to * ms).map((sample) => sample.rss));
    return [
      [`rehearse replay over ${count} flow files, 2 workers`, `${passed}/${count} passed in ${(ms / 1000).toFixed(0)} s (${(count / (ms / 60_000)).toFixed(0)} flows a minute)`],
      ['the CLI\'s own memory (RSS), highest in the first quarter of the run → in the last', `${quarter(0, 0.25).toFixed(0)} → ${quarter(0.75, 1).toFixed(0)} MiB`],
      ['the CLI and its browsers (PSS), highest', `${Math.max(...samples.map((sample) => sample.tree)).toFixed(0)} MiB`],
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
