import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { saveFlow } from '../../src/flows/format';
import type { Flow } from '../../src/schema';
import { flowProject, runPlaywright } from '../support/playwright-project';
import { median } from './stats';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');

function cli(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(process.execPath, [CLI, ...args], (error, _stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(performance.now() - started)));
  });
}

/**
 * One flow, whole processes, one browser each: `rehearse replay` of it, `npx playwright test` of the spec `rehearse
 * export --playwright` writes from it, and `npx playwright test` of the flow itself through `rehearse/test`.
 * Asynchronous throughout: the pages are served by this process. Median wall times of `runs`.
 */
export async function replayProcessRows(flow: Flow, runs = 3): Promise<string[][]> {
  const project = await flowProject({ bench: flow }, { workers: 1 });
  try {
    return await measure(project, flow, runs);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

async function measure(project: string, flow: Flow, runs: number): Promise<string[][]> {
  const flowFile = path.join(project, 'flows', 'bench.flow.json');
  await saveFlow(flowFile, flow);
  await cli(['export', flowFile, '--playwright', '--out', path.join(project, 'exported.spec.ts')]);
  await writeFile(path.join(project, 'exported.config.js'), "module.exports = { ...require('./playwright.config.js'), testMatch: 'exported.spec.ts' };\n");
  const playwright = async (args: readonly string[]) => {
    const run = await runPlaywright(project, ['test', '--reporter=line', ...args]);
    if (run.code !== 0) throw new Error(`npx playwright test ${args.join(' ')}: ${run.stdout.slice(-2000)}${run.stderr.slice(-1000)}`);
    return run.ms;
  };
  const times = { replay: [] as number[], exported: [] as number[], flowTests: [] as number[] };
  for (let run = 0; run < runs; run++) {
    times.replay.push(await cli(['replay', flowFile, '--reporter', 'json']));
    times.exported.push(await playwright(['--config', 'exported.config.js']));
    times.flowTests.push(await playwright([]));
  }
  const [replay, exported, flowTests] = [median(times.replay), median(times.exported), median(times.flowTests)];
  return [
    ['rehearse replay of the flow (whole process)', replay.toFixed(0), `npx playwright test of its export ${exported.toFixed(0)} ms`, `${(replay / exported).toFixed(2)}×`],
    ['npx playwright test of the flow (rehearse/test)', flowTests.toFixed(0), `npx playwright test of its export ${exported.toFixed(0)} ms`, `${(flowTests / exported).toFixed(2)}×`],
  ];
}
