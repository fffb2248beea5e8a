import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import type { Flow } from '../../src/schema';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PLAYWRIGHT = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

interface JsonReport {
  suites: JsonSuite[];
  stats: { expected: number; unexpected: number };
}
interface JsonSuite {
  suites?: JsonSuite[];
  specs: { title: string; tests: { results: { status: string; steps?: { title: string; error?: unknown }[]; error?: { message?: string } }[] }[] }[];
}

/** Every test of a JSON report: its title and its last result. */
function testsOf(report: JsonReport): { title: string; status: string; steps: string[]; error?: string }[] {
  const walk = (suite: JsonSuite): { title: string; status: string; steps: string[]; error?: string }[] => [
    ...suite.specs.map((spec) => {
      const result = spec.tests[0]!.results.at(-1)!;
      return { title: spec.title, status: result.status, steps: (result.steps ?? []).map((step) => step.title), ...(result.error?.message ? { error: result.error.message } : {}) };
    }),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return report.suites.flatMap(walk);
}

function playwright(cwd: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PLAYWRIGHT, ...args], { cwd, env: { ...process.env, ...env, FORCE_COLOR: '0' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Issue 15: flow files are Playwright Test tests (no export step): shards, workers, reports and steps as for code. */
describe('flow files as Playwright Test tests', function () {
  this.timeout(300_000);
  let project: string;
  let site: Awaited<ReturnType<typeof serveFolder>>;
  const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];

  before(async () => {
    site = await serveFolder(FIXTURES_DIR);
    // Inside the repository, so the project resolves @playwright/test (one copy) as a project of the user's would.
    await mkdir(path.join(ROOT, '.vscode-test'), { recursive: true });
    project = await mkdtemp(path.join(ROOT, '.vscode-test', 'playwright-project-'));
    await mkdir(path.join(project, 'flows'));
    const { executablePath } = findBrowser();
    await writeFile(path.join(project, 'playwright.config.js'), [
      "const { defineConfig } = require('@playwright/test');",
      'module.exports = defineConfig({',
      "  testDir: '.', testMatch: 'flows.spec.js', fullyParallel: true, workers: 2, retries: 0,",
      `  use: { launchOptions: { executablePath: ${JSON.stringify(executablePath)}, args: ${JSON.stringify(launchArgs({ headless: true }))} } },`,
      '});',
    ].join('\n'));
    // What a user writes: one spec file that turns the flows into tests (rehearse/test is dist/test.js here).
    await writeFile(path.join(project, 'flows.spec.js'), `const { flowTests } = require(${JSON.stringify(path.join(ROOT, 'dist', 'test.js'))});\nflowTests('flows/**/*.flow.json', { cwd: __dirname });\n`);
    for (const name of names) {
      const flow: Flow = {
        version: 1, name: `Sign in ${name}`, startUrl: `${site.origin}/login.html`,
        steps: [
          { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: [`${name}@example.com`] } },
          { action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password', method: 'click', arguments: [] } },
          // foxtrot expects what is not there: it fails at its third step.
          { expect: { selector: 'css=#email', value: name === 'foxtrot' ? 'someone-else@example.com' : `${name}@example.com` }, timeout: 1000 },
        ],
      };
      await writeFile(path.join(project, 'flows', `${name}.flow.json`), JSON.stringify(flow, null, 2));
    }
  });
  after(async () => {
    await site?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('npx playwright test replays each flow as a test, each step a test.step, a failing flow failed at its step', async () => {
    const run = await playwright(project, ['test', '--reporter=json']);
    assert.equal(run.code, 1, run.stderr);
    const tests = testsOf(JSON.parse(run.stdout) as JsonReport);
    assert.deepEqual(tests.map((test) => test.title).sort(), names.map((name) => `Sign in ${name} (flows/${name}.flow.json)`));
    for (const test of tests) assert.equal(test.status, test.title.includes('foxtrot') ? 'failed' : 'passed', test.title);
    const passed = tests.find((test) => test.title.includes('alpha'))!;
    assert.deepEqual(passed.steps.filter((step) => /^\d\. /.test(step)), ['1. fill Email', '2. click Forgot password', '3. expect css=#email = "alpha@example.com"']);
    const failed = tests.find((test) => test.title.includes('foxtrot'))!;
    assert.match(failed.error!, /step 3 .* failed: expected css=#email has the value "someone-else@example.com", but it is "foxtrot@example.com"/);
  });

  it('--shard 1/2 and 2/2 cover every flow exactly once, and their blob reports merge into one report', async () => {
    const blobs = path.join(project, 'all-blobs');
    await mkdir(blobs);
    const shards: string[][] = [];
    for (const shard of ['1/2', '2/2']) {
      const output = path.join(project, `blob-${shard.replace('/', '-of-')}`);
      const run = await playwright(project, ['test', `--shard=${shard}`, '--reporter=blob,json'], { PLAYWRIGHT_BLOB_OUTPUT_DIR: output });
      const json = run.stdout.slice(run.stdout.indexOf('{'));
      shards.push(testsOf(JSON.parse(json) as JsonReport).map((test) => test.title));
      for (const file of await readdir(output)) await cp(path.join(output, file), path.join(blobs, file));
    }
    assert.ok(shards.every((titles) => titles.length > 0), `each shard runs some flows: ${JSON.stringify(shards)}`);
    const all = shards.flat().sort();
    assert.deepEqual(all, names.map((name) => `Sign in ${name} (flows/${name}.flow.json)`), 'every flow once, none twice');
    const merged = await playwright(project, ['merge-reports', '--reporter=json', blobs]);
    const tests = testsOf(JSON.parse(merged.stdout.slice(merged.stdout.indexOf('{'))) as JsonReport);
    assert.equal(tests.length, names.length);
    assert.deepEqual(tests.filter((test) => test.status === 'failed').map((test) => test.title), ['Sign in foxtrot (flows/foxtrot.flow.json)']);
  });

  it('on a remote browser: connectOptions to a Playwright browser server runs the flows there', async () => {
    const { executablePath } = findBrowser();
    const server = await chromium.launchServer({ executablePath, headless: true, args: launchArgs({ headless: true }), host: '127.0.0.1' });
    try {
      const config = path.join(project, 'remote.config.js');
      await writeFile(config, [
        "const { defineConfig } = require('@playwright/test');",
        `module.exports = defineConfig({ testDir: '.', testMatch: 'flows.spec.js', fullyParallel: true, workers: 2, use: { connectOptions: { wsEndpoint: ${JSON.stringify(server.wsEndpoint())} } } });`,
      ].join('\n'));
      const run = await playwright(project, ['test', '--config', config, '--reporter=json', '--grep', 'alpha|bravo']);
      assert.equal(run.code, 0, run.stderr);
      const tests = testsOf(JSON.parse(run.stdout) as JsonReport);
      assert.deepEqual(tests.map((test) => [test.title, test.status]), [['Sign in alpha (flows/alpha.flow.json)', 'passed'], ['Sign in bravo (flows/bravo.flow.json)', 'passed']]);
    } finally {
      await server.close();
    }
  });
});
