import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import { flowLocations } from '../../src/playwright-test/flow-locations';
import type { Flow } from '../../src/schema';
import { flowProject, runPlaywright, testsOf } from '../support/playwright-project';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

/** Issue 15: flow files are Playwright Test tests (no export step): shards, workers, reports and steps as for code. */
describe('flow files as Playwright Test tests', function () {
  this.timeout(300_000);
  let project: string;
  let site: Awaited<ReturnType<typeof serveFolder>>;
  const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];

  before(async () => {
    site = await serveFolder(FIXTURES_DIR);
    const flows: Record<string, Flow> = {};
    for (const name of names) {
      flows[name] = {
        version: 1, name: `Sign in ${name}`, startUrl: `${site.origin}/login.html`,
        steps: [
          { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: [`${name}@example.com`] } },
          { action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password', method: 'click', arguments: [] } },
          // foxtrot expects what is not there: it fails at its third step.
          { expect: { selector: 'css=#email', value: name === 'foxtrot' ? 'someone-else@example.com' : `${name}@example.com` }, timeout: 1000 },
        ],
      };
    }
    project = await flowProject(flows);
  });
  after(async () => {
    await site?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('npx playwright test replays each flow as a test, each step a test.step, a failing flow failed at its step', async () => {
    const run = await runPlaywright(project, ['test', '--reporter=json']);
    assert.equal(run.code, 1, run.stderr);
    const tests = testsOf(run.stdout);
    assert.deepEqual(tests.map((test) => test.title).sort(), names.map((name) => `Sign in ${name} (flows/${name}.flow.json)`));
    for (const test of tests) assert.equal(test.status, test.title.includes('foxtrot') ? 'failed' : 'passed', test.title);
    const passed = tests.find((test) => test.title.includes('alpha'))!;
    assert.deepEqual(passed.steps.filter((step) => /^\d\. /.test(step)), ['1. fill Email', '2. click Forgot password', '3. expect css=#email = "alpha@example.com"']);
    const failed = tests.find((test) => test.title.includes('foxtrot'))!;
    assert.match(failed.error!, /step 3 .* failed: expected css=#email has the value "someone-else@example.com", but it is "foxtrot@example.com"/);
  });

  it('reports point at the flow file: each test at its name, a failure at the step that failed, with that step shown', async () => {
    const run = await runPlaywright(project, ['test', '--reporter=json', '--grep', 'alpha|foxtrot']);
    const tests = testsOf(run.stdout, project);
    // JSON.stringify(flow, null, 2): "name" on line 3 at column 3, its value at 11; the third step's object on line 24.
    assert.deepEqual(tests.map((test) => test.location).sort(), ['flows/alpha.flow.json:3:11', 'flows/foxtrot.flow.json:3:11']);
    const failed = tests.find((test) => test.title.includes('foxtrot'))!;
    assert.equal(failed.errorAt, 'flows/foxtrot.flow.json:24:5');
    assert.match(failed.snippet!, /> 24 \|     \{\n.*\n.*"expect": \{\n.*"selector": "css=#email",\n.*"value": "someone-else@example.com"/);
    // The list reporter, as a person reads it in a terminal.
    const list = await runPlaywright(project, ['test', '--reporter=list', '--grep', 'foxtrot']);
    assert.match(list.stdout, /flows\/foxtrot\.flow\.json:3:11 › Sign in foxtrot/);
    assert.doesNotMatch(list.stdout, /dist\/test\.js/);
  });

  it('places a flow and its steps in files written any way: CRLF line ends, or all on one line', () => {
    const crlf = '{\r\n  "version": 1,\r\n  "name": "a",\r\n  "steps": [\r\n    {"navigate": "x"},\r\n    {"navigate": "y"}\r\n  ]\r\n}\r\n';
    const placed = flowLocations('a.flow.json', crlf);
    assert.deepEqual([placed.flow, ...placed.steps].map(({ line, column }) => `${line}:${column}`), ['3:11', '5:5', '6:5']);
    const oneLine = flowLocations('b.flow.json', '{"version":1,"name":"b","steps":[{"navigate":"x"},{"navigate":"y"}]}');
    assert.deepEqual([oneLine.flow, ...oneLine.steps].map(({ line, column }) => `${line}:${column}`), ['1:21', '1:34', '1:51']);
  });

  it('--shard 1/2 and 2/2 cover every flow exactly once, and their blob reports merge into one report', async () => {
    const blobs = path.join(project, 'all-blobs');
    await mkdir(blobs);
    const shards: string[][] = [];
    for (const shard of ['1/2', '2/2']) {
      const output = path.join(project, `blob-${shard.replace('/', '-of-')}`);
      const run = await runPlaywright(project, ['test', `--shard=${shard}`, '--reporter=blob,json'], { PLAYWRIGHT_BLOB_OUTPUT_DIR: output });
      shards.push(testsOf(run.stdout).map((test) => test.title));
      for (const file of await readdir(output)) await cp(path.join(output, file), path.join(blobs, file));
    }
    assert.ok(shards.every((titles) => titles.length > 0), `each shard runs some flows: ${JSON.stringify(shards)}`);
    const all = shards.flat().sort();
    assert.deepEqual(all, names.map((name) => `Sign in ${name} (flows/${name}.flow.json)`), 'every flow once, none twice');
    const merged = await runPlaywright(project, ['merge-reports', '--reporter=json', blobs]);
    const tests = testsOf(merged.stdout);
    assert.equal(tests.length, names.length);
    assert.deepEqual(tests.filter((test) => test.status === 'failed').map((test) => test.title), ['Sign in foxtrot (flows/foxtrot.flow.json)']);
  });

  it('on a remote browser: connectOptions to Playwright\'s own run-server (started here, on loopback) runs the flows there', async () => {
    const server = await startRunServer();
    try {
      const config = path.join(project, 'remote.config.js');
      const launchOptions = JSON.stringify({ args: launchArgs({ headless: true }) });
      await writeFile(config, [
        "const { defineConfig } = require('@playwright/test');",
        `module.exports = defineConfig({ testDir: '.', testMatch: 'flows.spec.js', fullyParallel: true, workers: 2, use: { connectOptions: { wsEndpoint: ${JSON.stringify(server.wsEndpoint)}, headers: { 'x-playwright-launch-options': ${JSON.stringify(launchOptions)} } } } });`,
      ].join('\n'));
      const run = await runPlaywright(project, ['test', '--config', config, '--reporter=json', '--grep', 'alpha|bravo']);
      assert.equal(run.code, 0, run.stderr);
      const tests = testsOf(run.stdout);
      assert.deepEqual(tests.map((test) => [test.title, test.status]), [['Sign in alpha (flows/alpha.flow.json)', 'passed'], ['Sign in bravo (flows/bravo.flow.json)', 'passed']]);
    } finally {
      await server.stop();
    }
  });
});

/**
 * `playwright run-server` launches the browsers Playwright downloads, which this machine cannot fetch: its browser
 * folder (PLAYWRIGHT_BROWSERS_PATH, a temporary one) gets a link, where it looks, to the Chromium the tests use.
 */
async function startRunServer(): Promise<{ wsEndpoint: string; stop(): Promise<void> }> {
  const browsers = await mkdtemp(path.join(tmpdir(), 'rehearse-run-server-'));
  const child = spawn(process.execPath, [path.join(path.dirname(require.resolve('playwright-core/package.json')), 'cli.js'), 'run-server', '--host', '127.0.0.1', '--port', '0'], {
    env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: browsers },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; !/Listening on (ws:\S+)/.test(output) && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
  const wsEndpoint = /Listening on (ws:\S+)/.exec(output)?.[1];
  if (!wsEndpoint) throw new Error(`run-server did not start: ${output}`);
  // The first connection says which executable it wanted; link it, then connections launch Chromium.
  const missing = await chromium.connect(wsEndpoint).then(async (browser) => (await browser.close(), undefined), (error: Error) => /Executable doesn't exist at (\S+)/.exec(error.message)?.[1]);
  if (missing) {
    await mkdir(path.dirname(missing), { recursive: true });
    await symlink(findBrowser().executablePath, missing);
  }
  return {
    wsEndpoint,
    // run-server stops on SIGINT (Ctrl+C), not on SIGTERM: a SIGTERM left it running after the suite.
    stop: async () => {
      const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      await rm(browsers, { recursive: true, force: true });
    },
  };
}
