/**
 * Flows at scale on this machine (issue 15): generated flows run as Playwright Test tests with 1, 2 and 4 workers, and
 * as 2 shards run at once (two "machines" sharing this one) whose blob reports are merged. Prints flows per minute and
 * the peak memory per worker (the runner, its workers and their browsers). BENCH_FLOWS sets the number (default 200).
 */
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Flow } from '../../src/schema';
import { flowProject, runPlaywright, testsOf } from '../support/playwright-project';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

export async function scaleRows(count = Number(process.env.BENCH_FLOWS ?? 200)): Promise<(string | number)[][]> {
  const site = await serveFolder(FIXTURES_DIR);
  const flows: Record<string, Flow> = {};
  for (let index = 0; index < count; index++) {
    flows[`flow-${String(index).padStart(4, '0')}`] = {
      version: 1, name: `Generated ${index}`, startUrl: `${site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: [`user${index}@example.com`] } },
        { action: { selector: 'role=checkbox[name="Remember me"]', description: 'Remember me', method: 'check', arguments: [] } },
        { action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password', method: 'click', arguments: [] } },
        { expect: { selector: 'css=#email', value: `user${index}@example.com` } },
      ],
    };
  }
  const project = await flowProject(flows);
  const rows: (string | number)[][] = [];
  const row = (what: string, workers: number, ms: number, peakMiB: number, passed: number) => rows.push([
    what, `${passed}/${count}`, (ms / 1000).toFixed(1), (count / (ms / 60_000)).toFixed(0), (peakMiB / workers).toFixed(0),
  ]);
  try {
    for (const workers of [1, 2, 4]) {
      // The report to a file: with hundreds of tests, stdout also carries the workers' own lines.
      const report = path.join(project, `report-${workers}.json`);
      const run = await runPlaywright(project, ['test', `--workers=${workers}`, '--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report }, 1_800_000);
      row(`${workers} worker${workers === 1 ? '' : 's'}`, workers, run.ms, run.peakMiB, testsOf(await readFile(report, 'utf8')).filter((test) => test.status === 'passed').length);
    }
    // Two shards at once, one worker each, then their blob reports merged into one.
    const blobs = path.join(project, 'all-blobs');
    await mkdir(blobs);
    const started = performance.now();
    const shards = await Promise.all(['1/2', '2/2'].map((shard) => runPlaywright(project, ['test', `--shard=${shard}`, '--workers=1', '--reporter=blob'], { PLAYWRIGHT_BLOB_OUTPUT_DIR: path.join(project, `blob-${shard[0]}`) }, 1_800_000)));
    for (const shard of ['1', '2']) for (const file of await readdir(path.join(project, `blob-${shard}`))) await cp(path.join(project, `blob-${shard}`, file), path.join(blobs, file));
    const mergedReport = path.join(project, 'merged.json');
    await runPlaywright(project, ['merge-reports', '--reporter=json', blobs], { PLAYWRIGHT_JSON_OUTPUT_NAME: mergedReport });
    const merged = { stdout: await readFile(mergedReport, 'utf8') };
    const ms = performance.now() - started;
    row('2 shards at once (1 worker each), merged', 2, ms, shards.reduce((sum, shard) => sum + shard.peakMiB, 0), testsOf(merged.stdout).filter((test) => test.status === 'passed').length);
  } finally {
    await site.close();
    await rm(project, { recursive: true, force: true });
  }
  return rows;
}
