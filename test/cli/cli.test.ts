import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { run } from '../../src/cli/main';
import { loadFlow, rebaseFlow, saveFlow } from '../../src/flows/format';
import { FIXTURES_DIR } from '../support/static-server';
import { hangingApp } from '../support/hanging-app';
import { startTraceViewer } from '../../src/service/local-trace-viewer';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const DEMO = path.join(ROOT, 'media', 'demo');
const CANARY = 'pw-canary-93ab1';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `rehearse` command as a user would, with a bounded time. */
function rehearse(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The same command in this process (`run` is what the built CLI calls with the process's arguments): for input errors,
 * which need no browser, it says the same at a fraction of a process start each.
 */
async function rehearseHere(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { out: (text) => (stdout += text), err: (text) => (stderr += text), color: false });
  return { code, stdout, stderr };
}

describe('rehearse CLI', function () {
  this.timeout(120_000);
  let demo: StaticSite;
  let dir: string;
  let flowFile: string;

  before(async () => {
    demo = await serveFolder(DEMO);
    dir = await mkdtemp(path.join(tmpdir(), 'rehearse-cli-'));
    flowFile = path.join(dir, 'tasks.flow.json');
    await saveFlow(flowFile, rebaseFlow(await loadFlow(path.join(DEMO, 'example.flow.json')), demo.origin));
  });
  after(async () => demo.close());

  it('replay: progress per step, exit 0, and the secret never printed', async () => {
    const run = await rehearse(['replay', flowFile], { REHEARSE_VAR_PASSWORD: CANARY });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /▶ Sign in and finish a task/);
    // Its time, in ms below a second and in seconds above (a loaded machine can take more than one).
    assert.match(run.stdout, /✓ 1\. fill Email field \((\d+ ms|\d+\.\d s)\)/);
    assert.match(run.stdout, /✓ 9\. expect role=checkbox\[name="Water the plants"\] checked/);
    assert.match(run.stdout, /1 flow: 1 passed, 0 failed/);
    assert.ok(!run.stdout.includes(CANARY) && !run.stderr.includes(CANARY));
  });

  it('a missing variable is invalid input (exit 2) that says how to give it', async () => {
    const run = await rehearse(['replay', flowFile], { REHEARSE_VAR_PASSWORD: '' });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Sign in and finish a task: no value for %password%; give it with --var password=…, a values file \(--vars\), or REHEARSE_VAR_PASSWORD/);
  });

  it('--var and --vars give values; a failing step exits 1 and skips the rest', async () => {
    const values = path.join(dir, 'values.json');
    await writeFile(values, JSON.stringify({ password: CANARY }));
    const run = await rehearse(['replay', flowFile, '--vars', values, '--var', 'email=someone@example.com']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const failing = path.join(dir, 'failing.flow.json');
    const flow = await loadFlow(flowFile);
    await saveFlow(failing, { ...flow, name: 'Failing', steps: [...flow.steps.slice(0, 4), { expect: { text: 'Nothing like this' }, timeout: 300 }, ...flow.steps.slice(4)] });
    const failed = await rehearse(['replay', failing, '--var', `password=${CANARY}`]);
    assert.equal(failed.code, 1);
    assert.match(failed.stdout, /✗ 5\. expect text "Nothing like this".*\n\s+ExpectationFailed: expected text "Nothing like this" is visible, but it is not/);
    assert.match(failed.stdout, /- 6\. fill New item field \(skipped\)/);
    assert.ok(!failed.stdout.includes(CANARY));
  });

  it('malformed flow files are exit 2 with the file, step and field (in this process: input errors need no browser)', async () => {
    const bad = path.join(dir, 'bad.flow.json');
    const cases: [string, RegExp][] = [
      ['{ not json', /bad\.flow\.json: not valid JSON/],
      [JSON.stringify({ version: 9, name: 'x', steps: [] }), /bad\.flow\.json: version: this flow was made by a newer Rehearse/],
      [JSON.stringify({ version: 1, name: 'x' }), /bad\.flow\.json: steps: is required, expected an array/],
      [JSON.stringify({ version: 1, name: 'x', steps: [{ action: { selector: '#a', description: 'a', method: 'smash', arguments: [] } }] }), /bad\.flow\.json: steps\.0\.action: method: "smash" is not supported/],
    ];
    for (const [text, message] of cases) {
      await writeFile(bad, text);
      const outcome = await rehearseHere(['replay', bad]);
      assert.equal(outcome.code, 2, text);
      assert.match(outcome.stderr, message);
    }
    const before = await readFile(bad, 'utf8');
    await rehearseHere(['replay', bad, '--update']);
    assert.equal(await readFile(bad, 'utf8'), before, 'never overwritten');
    assert.equal((await rehearseHere(['replay', path.join(dir, 'nope-*.flow.json')])).code, 2);
    assert.match((await rehearseHere(['replay', flowFile, '--reporter', 'xml'])).stderr, /--reporter: expected human, json or junit, received "xml"/);
    assert.match((await rehearseHere(['frobnicate'])).stderr, /unknown command "frobnicate"/);
  });

  it('--reporter junit writes XML that validates against the JUnit schema; --reporter json is parseable', async () => {
    const run = await rehearse(['replay', flowFile, '--reporter', 'junit'], { REHEARSE_VAR_PASSWORD: CANARY });
    assert.equal(run.code, 0);
    const xmlFile = path.join(dir, 'report.xml');
    await writeFile(xmlFile, run.stdout);
    const lint = spawnSync('xmllint', ['--noout', '--schema', path.join(FIXTURES_DIR, 'junit.xsd'), xmlFile], { encoding: 'utf8' });
    assert.equal(lint.status, 0, lint.stderr);
    assert.match(run.stdout, /<testsuite name="Sign in and finish a task" tests="10" failures="0" errors="0" skipped="0"/);
    const json = await rehearse(['replay', flowFile, '--reporter', 'json'], { REHEARSE_VAR_PASSWORD: CANARY });
    const parsed = JSON.parse(json.stdout) as { flows: { status: string; steps: unknown[] }[] };
    assert.equal(parsed.flows[0]!.status, 'passed');
    assert.equal(parsed.flows[0]!.steps.length, 10);
  });

  it('faults of the app under test (its server gone, a request that never answers) exit 1 within the steps\' limits, with a valid JUnit report naming each', async () => {
    const gone = await hangingApp();
    await gone.close();
    const hung = await hangingApp();
    try {
      const goneFile = path.join(dir, 'gone.flow.json');
      const hungFile = path.join(dir, 'hung.flow.json');
      await saveFlow(goneFile, { version: 1, name: 'Gone', startUrl: `${gone.origin}/`, steps: [{ action: { selector: 'text=Next', description: 'Next', method: 'click', arguments: [] } }] });
      await saveFlow(hungFile, {
        version: 1, name: 'Hung', startUrl: `${hung.origin}/`,
        steps: [{ action: { selector: 'text=Next', description: 'Next', method: 'click', arguments: [] }, timeout: 3000 }, { expect: { text: 'Welcome' }, timeout: 2000 }],
      });
      const started = Date.now();
      const report = await rehearse(['replay', goneFile, hungFile, '--reporter', 'junit']);
      assert.equal(report.code, 1, report.stderr);
      assert.ok(Date.now() - started < 40_000, `took ${Date.now() - started} ms`);
      const xmlFile = path.join(dir, 'faults.xml');
      await writeFile(xmlFile, report.stdout);
      const lint = spawnSync('xmllint', ['--noout', '--schema', path.join(FIXTURES_DIR, 'junit.xsd'), xmlFile], { encoding: 'utf8' });
      assert.equal(lint.status, 0, lint.stderr + report.stdout);
      assert.match(report.stdout, /<testsuite name="Gone" [^>]*failures="1"/);
      assert.match(report.stdout, /<testsuite name="Hung" [^>]*failures="1"/);
      assert.match(report.stdout, /ERR_CONNECTION_REFUSED|refused/i);
      assert.match(report.stdout, /Welcome|Next/);
    } finally {
      await hung.close();
    }
  });

  it('--update writes healed selectors back; without it the file is untouched', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'rehearse-redesign-'));
    await cp(DEMO, site, { recursive: true });
    const index = path.join(site, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replaceAll('"email"', '"login-email"').replace("getElementById('email')", "getElementById('login-email')"));
    const redesigned = await serveFolder(site);
    try {
      const file = path.join(dir, 'heal.flow.json');
      await saveFlow(file, rebaseFlow(await loadFlow(path.join(DEMO, 'example.flow.json')), redesigned.origin));
      const original = await readFile(file, 'utf8');
      const plain = await rehearse(['replay', file, '--var', `password=${CANARY}`]);
      assert.equal(plain.code, 0, plain.stdout + plain.stderr);
      assert.match(plain.stdout, /healed by fallback: css=#email → role=textbox\[name="Email"\]/);
      assert.match(plain.stdout, /1 step healed \(rerun with --update to save the new selectors\)/);
      assert.equal(await readFile(file, 'utf8'), original);
      const updated = await rehearse(['replay', file, '--var', `password=${CANARY}`, '--update']);
      assert.match(updated.stderr, /updated 1 selector in .*heal\.flow\.json/);
      const flow = await loadFlow(file);
      const first = flow.steps[0] as { action: { selector: string }; fallbacks: string[] };
      assert.equal(first.action.selector, 'role=textbox[name="Email"]');
      assert.deepEqual(first.fallbacks, ['css=#email', 'css=input[name="email"]']);
      assert.ok(!(await readFile(file, 'utf8')).includes(CANARY), 'no secret written');
    } finally {
      await redesigned.close();
    }
  });

  it('--workers 2 replays flows in parallel, each in its own browser context', async () => {
    const copies = path.join(dir, 'many');
    await mkdir(copies, { recursive: true });
    for (const name of ['a', 'b', 'c']) await saveFlow(path.join(copies, `${name}.flow.json`), { ...(await loadFlow(flowFile)), name: `Flow ${name}` });
    const run = await rehearse(['replay', copies, '--workers', '2'], { REHEARSE_VAR_PASSWORD: CANARY });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /3 flows: 3 passed, 0 failed/);
    for (const name of ['a', 'b', 'c']) assert.match(run.stdout, new RegExp(`passed {2}Flow ${name}: 9 of 9 steps`));
  });

  it('--trace-on-failure saves a Playwright trace of a failed flow', async () => {
    const failing = path.join(dir, 'trace.flow.json');
    await saveFlow(failing, { version: 1, name: 'Trace me', startUrl: `${demo.origin}/index.html`, steps: [{ expect: { text: 'Not on this page' }, timeout: 200 }] });
    const traces = path.join(dir, 'traces');
    const run = await rehearse(['replay', failing, '--trace-on-failure', traces]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /trace of the failure: .*trace\.zip/);
    const zip = await readFile(path.join(traces, 'trace.zip'));
    assert.equal(zip.subarray(0, 2).toString(), 'PK');
    // A flow that types a secret is not traced (the trace would keep the value), and says so.
    const secret = path.join(dir, 'secret-trace.flow.json');
    await saveFlow(secret, {
      version: 1, name: 'Secret', startUrl: `${demo.origin}/index.html`, variables: { password: { secret: true } },
      steps: [{ action: { selector: 'css=#password', description: 'Password', method: 'fill', arguments: ['%password%'] } }, { expect: { text: 'Not on this page' }, timeout: 200 }],
    });
    const refused = await rehearse(['replay', secret, '--trace-on-failure', traces], { REHEARSE_VAR_PASSWORD: CANARY });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /no trace: the flow types secret values \(%password%\), which a trace would keep/);
    await assert.rejects(readFile(path.join(traces, 'secret-trace.zip')));
    assert.equal(`${refused.stdout}${refused.stderr}`.includes(CANARY), false);
  });

  it('show-trace serves a kept trace in Playwright\'s viewer on 127.0.0.1, and nothing outside its folder', async () => {
    const trace = path.join(dir, 'traces', 'trace.zip');
    const viewer = await startTraceViewer({ cliPath: CLI, trace });
    try {
      assert.match(viewer.url, /^http:\/\/127\.0\.0\.1:\d+\//);
      assert.match(await (await fetch(viewer.url)).text(), /Playwright Trace Viewer/i);
      const base = viewer.url.replace(/trace\/index\.html.*$/, '');
      assert.equal((await fetch(`${base}trace/file?path=${encodeURIComponent(trace)}`)).status, 200);
      assert.equal((await fetch(`${base}trace/file?path=${encodeURIComponent('/etc/passwd')}`)).status, 403);
    } finally {
      viewer.stop();
    }
    const notATrace = await rehearse(['show-trace', path.join(dir, 'trace.flow.json')]);
    assert.equal(notATrace.code, 2);
    assert.match(notATrace.stderr, /is not a trace file/);
  });

  it('demo: serves the demo site and replays the example flow, exit 0', async () => {
    const run = await rehearse(['demo']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /Serving the demo site on http:\/\/127\.0\.0\.1:\d+/);
    assert.match(run.stdout, /passed {2}Sign in and finish a task: 9 of 9 steps/);
  });

  it('observe with no model says how to give one on the command line (--model, REHEARSE_MODEL), not the library\'s option', async () => {
    const observed = await rehearse(['observe', 'data:text/html,<button>Hi</button>', 'the greeting button'], { REHEARSE_MODEL: '' });
    assert.equal(observed.code, 2);
    assert.match(observed.stderr, /^rehearse: this needs a model, and none is set: pass --model <provider\/model> \(for example openai\/gpt-4\.1-mini\) or set REHEARSE_MODEL/);
    assert.doesNotMatch(observed.stderr, /options\.model|session/);
  });

  it('--help and no arguments', async () => {
    assert.match((await rehearse(['--help'])).stdout, /rehearse replay <files\|folders\|globs…>/);
    assert.equal((await rehearse([])).code, 2);
  });

  it('--version, -v and version print the package\'s version, exit 0', async () => {
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(await rehearse(['--version']), { code: 0, stdout: `rehearse ${version}\n`, stderr: '' });
    for (const args of [['-v'], ['version']]) assert.deepEqual(await rehearseHere(args), { code: 0, stdout: `rehearse ${version}\n`, stderr: '' });
  });
});
