#!/usr/bin/env node
// Runs the test suites and prints, for each, a closing line CI can read:
//   models: 42 passed, 0 failed
// then the total the same way. A suite is a folder under out/test (built by `node esbuild.js --tests`);
// `npm test -- models schema` runs only those. Exit code 1 when anything failed.
// The whole set runs in lanes at once (LANES below), one process each. The first lane's output is shown as it comes,
// the others' held and printed whole when they end, so each suite's output stays together. REHEARSE_TEST_LANES=1
// runs everything in one lane.
// Each failed test is also a line `✘ suite: test: first line of the error`, and those lines are said again just above
// the total: a log cut to its end still names what failed.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
// mocha 12 is an ES module; require() of it yields its namespace.
const mochaModule = require('mocha');
const Mocha = mochaModule.default ?? mochaModule;

const ROOT = path.join(__dirname, '..', '..', 'out', 'test');
const NOT_SUITES = new Set(['support', 'fixtures', 'bench']);
/** Suites that depend on a part built later run after it. */
const ORDER = ['schema', 'models', 'engine', 'flows', 'agent', 'service', 'cli', 'webview', 'extension', 'package'];

function testFiles(dir) {
  return fs.readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => file.endsWith('.test.js'))
    .sort();
}

const FAILURE_LINE = /^✘ .+$/gm;

/** The one format of a failure line (test/support/failure-line.ts), built into out/test with the tests. */
function failureLine(suite, title, error) {
  return require(path.join(ROOT, 'support', 'failure-line.js')).failureLine(suite, title, error);
}

/** A suite with its own runner (run.js: the extension suite runs inside VS Code) is a child process; its last line counts. */
function runExternalSuite(name, runner) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [runner], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      const closing = [...output.matchAll(new RegExp(`^${name}: (\\d+) passed, (\\d+) failed`, 'gm'))].at(-1);
      const passes = closing ? Number(closing[1]) : 0;
      const failures = closing ? Number(closing[2]) : 1;
      const failedTests = output.match(FAILURE_LINE) ?? [];
      if (!closing) failedTests.push(failureLine(name, 'the suite', `ended without its closing line (exit code ${code})`));
      resolve({ passes, failures: code !== 0 && failures === 0 ? 1 : failures, pending: 0, failedTests });
    });
  });
}

async function runSuite(name) {
  const runner = path.join(ROOT, name, 'run.js');
  if (fs.existsSync(runner)) return runExternalSuite(name, runner);
  const mocha = new Mocha({ reporter: 'spec', timeout: 30_000, slow: 2_000 });
  for (const file of testFiles(path.join(ROOT, name))) mocha.addFile(file);
  await mocha.loadFilesAsync();
  const failed = [];
  return new Promise((resolve) => {
    const runner = mocha.run(() => {
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      if (failed.length) console.log(`\n${failed.join('\n')}`);
      console.log(`\n${name}: ${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
      resolve({ passes, failures, pending, failedTests: failed });
    });
    runner.on('fail', (test, error) => failed.push(failureLine(name, test.fullTitle(), error)));
  });
}

/**
 * The lanes, each a process running its suites one after another, both at once: the suites wait a good part of the
 * time (on Chromium, on VS Code, on timeouts), and two lanes fill two cores. A third lane made the run slower, not
 * faster (700 s against 646 s here, 1,400 core-seconds against 1,212): the machine is saturated, and more at once only
 * stretches every wait and every frame the browsers draw meanwhile. Lanes take about as long as each other; a suite
 * not named here runs in the first.
 */
const LANES = [
  // The editor suite (plain Node, its own browsers) runs here: the second lane, with VS Code and the record suite,
  // took 540 s against this one's 370 s. So does the widget gauntlet (about 410 s of 85 scenarios): with it, the
  // second lane took 1,330 s against this one's 590 s.
  ['schema', 'models', 'engine', 'agent', 'service', 'cli', 'playwright-test', 'dev', 'flows', 'security', 'editor', 'gauntlet'],
  ['webview', 'extension', 'record', 'package'],
];

/** Runs suites one after another in this process; prints each one's closing line, then the lane's total. */
async function runLane(suites) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failedTests = [];
  for (const suite of suites) {
    const { passes, failures, pending, failedTests: suiteFailed } = await runSuite(suite);
    passed += passes;
    failed += failures;
    skipped += pending;
    failedTests.push(...suiteFailed);
  }
  return { passed, failed, skipped, failedTests };
}

/** A lane in its own process; with `hold`, its output is kept until asked for, else shown as it comes. */
function startLane(suites, hold) {
  const child = spawn(process.execPath, [__filename, '--lane', ...suites], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk.toString();
    if (!hold) process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => {
    if (hold) output += chunk.toString();
    else process.stderr.write(chunk);
  });
  const started = Date.now();
  const done = new Promise((resolve) => child.on('exit', (code) => {
    console.error(`(lane ${suites.join(', ')}: ${Math.round((Date.now() - started) / 1000)} s)`);
    resolve(code);
  }));
  return { done, output: () => output };
}

/** The closing lines of these suites in a lane's output; a suite without one counts as failed. */
function countClosings(output, suites, code) {
  let passed = 0;
  let failed = 0;
  const failedTests = output.match(FAILURE_LINE) ?? [];
  for (const suite of suites) {
    const closing = [...output.matchAll(new RegExp(`^${suite}: (\\d+) passed, (\\d+) failed`, 'gm'))].at(-1);
    passed += closing ? Number(closing[1]) : 0;
    failed += closing ? Number(closing[2]) : 1;
    if (!closing) failedTests.push(failureLine(suite, 'the suite', `ended without its closing line (lane exit code ${code})`));
  }
  return { passed, failed: code !== 0 && failed === 0 ? 1 : failed, failedTests };
}

async function main() {
  if (!fs.existsSync(ROOT)) {
    console.error('No built tests in out/test: run `node esbuild.js --tests` first (npm test does).');
    process.exit(2);
  }
  const available = fs.readdirSync(ROOT).filter((name) => !NOT_SUITES.has(name) && fs.statSync(path.join(ROOT, name)).isDirectory());
  const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  const asLane = process.argv[2] === '--lane';
  const wanted = process.argv.slice(asLane ? 3 : 2);
  const suites = (wanted.length ? wanted : available).sort((a, b) => rank(a) - rank(b));
  for (const suite of suites) {
    if (!available.includes(suite)) {
      console.error(`No suite named ${suite}; there are: ${available.join(', ')}`);
      process.exit(2);
    }
  }
  const inLanes = !asLane && suites.includes('extension') && suites.length > 1 && process.env.REHEARSE_TEST_LANES !== '1';
  if (!inLanes) {
    const { passed, failed, skipped, failedTests } = await runLane(suites);
    if (!asLane && failedTests.length) console.log(`failed:\n${failedTests.join('\n')}\n`);
    if (!asLane) console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    process.exit(failed ? 1 : 0);
  }
  const laneOf = (suite) => Math.max(0, LANES.findIndex((lane) => lane.includes(suite)));
  const lanes = LANES.map((_lane, index) => suites.filter((suite) => laneOf(suite) === index)).filter((lane) => lane.length);
  const running = lanes.map((lane, index) => startLane(lane, index > 0));
  const codes = await Promise.all(running.map((lane) => lane.done));
  for (const lane of running.slice(1)) console.log(lane.output());
  const counts = lanes.map((lane, index) => countClosings(running[index].output(), lane, codes[index]));
  const passed = counts.reduce((sum, count) => sum + count.passed, 0);
  const failed = counts.reduce((sum, count) => sum + count.failed, 0);
  const failures = [...new Set(counts.flatMap((count) => count.failedTests))];
  if (failures.length) console.log(`failed:\n${failures.join('\n')}\n`);
  console.log(`total: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

void main();
