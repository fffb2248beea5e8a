import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StaticSite } from '../../src/cli/static-site';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import { signInFlow } from '../support/sign-in-flow';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface Ran {
  readonly code: number;
  readonly out: string;
}

/** A command in a folder, bounded; its exit code and everything it printed. */
function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}, timeoutMs = 180_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

/** The newest change under a folder (ms). */
function newest(folder: string): number {
  return Math.max(...readdirSync(folder, { recursive: true }).map((entry) => statSync(path.join(folder, String(entry))).mtimeMs));
}

/** The package's types, written from the sources when missing or older than them (CI writes them in its build). */
async function ensureTypes(): Promise<void> {
  const written = await stat(path.join(ROOT, 'dist', 'lib.d.ts')).then((info) => info.mtimeMs, () => 0);
  if (written > newest(path.join(ROOT, 'src'))) return;
  const built = await run(process.execPath, ['esbuild.js', '--types'], ROOT);
  assert.equal(built.code, 0, built.out);
}

/**
 * Issue 33: the package as a team gets it. `npm pack` of this repository, installed into an empty project outside it
 * (no access to this repository's node_modules), then used as README's "Use it in your project" says: the CLI replays a
 * flow, TypeScript checks a file using the library and rehearse/test (and refuses a wrong call), and Playwright Test
 * runs flow files.
 */
describe('the package, installed into a project of its own', function () {
  this.timeout(300_000);
  let project: string;
  let site: StaticSite;
  let packed: { files: { path: string; size: number }[]; size: number; unpackedSize: number; filename: string };

  before(async () => {
    await ensureTypes();
    project = await mkdtemp(path.join(tmpdir(), 'rehearse-project-'));
    site = await serveFolder(FIXTURES_DIR);
    const pack = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', project], ROOT);
    assert.equal(pack.code, 0, pack.out);
    packed = (JSON.parse(pack.out.slice(pack.out.indexOf('['))) as (typeof packed)[])[0]!;
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'a-team-project', private: true }, null, 2));
    // What a TypeScript project using Playwright Test has beside it, at the versions this repository tests with (from
    // npm's cache when it has them).
    const install = await run(NPM, [
      'install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', `./${packed.filename}`,
      `@playwright/test@${manifest.devDependencies['@playwright/test']!.replace(/^\^/, '')}`, `typescript@${manifest.devDependencies.typescript}`, `@types/node@${manifest.devDependencies['@types/node']}`,
    ], project);
    assert.equal(install.code, 0, install.out);
  });
  after(async () => {
    await site?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('holds what a project runs and nothing of the repository: the CLI, the library, rehearse/test, their types, the demo and the schema', () => {
    assert.deepEqual(packed.files.map((file) => file.path).sort(), [
      'LICENSE', 'README.md', 'dist/cli.js', 'dist/lib.d.ts', 'dist/lib.js', 'dist/test.d.ts', 'dist/test.js',
      'media/demo/app.html', 'media/demo/example.flow.json', 'media/demo/index.html', 'media/demo/style.css', 'media/flow.schema.json', 'package.json',
    ]);
    for (const types of ['dist/lib.d.ts', 'dist/test.d.ts']) assert.ok(packed.files.find((file) => file.path === types)!.size > 1000, `${types} has the types`);
  });

  it('the types name no path of this repository, and import only what the package depends on', async () => {
    for (const types of ['lib.d.ts', 'test.d.ts']) {
      const text = await readFile(path.join(project, 'node_modules', 'rehearse', 'dist', types), 'utf8');
      assert.doesNotMatch(text, /from ['"]\.|src\/|import\(['"]\./, `${types} has no relative import`);
      const imported = new Set([...text.matchAll(/^import [^;]* from ['"]([^'"]+)['"];$/gm)].map((match) => match[1]!));
      const dependencies = ['@playwright/test', 'playwright-core', 'valibot'];
      assert.deepEqual([...imported].filter((name) => !dependencies.includes(name)), [], `${types} imports only the package's dependencies and peer`);
      assert.ok(imported.has('valibot'), 'the shapes are valibot schemas, whose types come from the valibot the package depends on');
    }
  });

  it('npx rehearse replays a flow, printing each step', async () => {
    await mkdir(path.join(project, 'flows'), { recursive: true });
    await writeFile(path.join(project, 'flows', 'sign-in.flow.json'), JSON.stringify(signInFlow(site.origin), null, 2));
    const replay = await run(NPX, ['--no-install', 'rehearse', 'replay', 'flows/sign-in.flow.json'], project);
    assert.equal(replay.code, 0, replay.out);
    assert.match(replay.out, /fill Email/);
    assert.match(replay.out, /expect css=#email = "ada@example\.com"/);
    assert.match(replay.out, /1 passed/);
    const version = await run(NPX, ['--no-install', 'rehearse', '--version'], project);
    assert.match(version.out.trim(), /^rehearse \d+\.\d+\.\d+$/);
  });

  it('TypeScript checks a project using the library and rehearse/test, and refuses a wrong call', async () => {
    await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'Node16', moduleResolution: 'Node16', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] },
      files: ['use.ts', 'wrong.ts'],
    }, null, 2));
    await writeFile(path.join(project, 'use.ts'), [
      "import { createSession, loadFlow, replayFlow, ServiceElementNotFoundError, type ActOutcome, type Flow, type ObserveResult } from 'rehearse';",
      "import { flowTests } from 'rehearse/test';",
      '',
      'export async function signIn(origin: string): Promise<boolean> {',
      "  const session = await createSession({ browser: { headless: true } });",
      "  await session.navigate(`${origin}/login.html`);",
      "  const observed: ObserveResult = await session.observe('the email field', { timeout: 5_000 });",
      "  const outcome: ActOutcome = await session.act({ selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['ada@example.com'] });",
      "  const flow: Flow = await loadFlow('flows/sign-in.flow.json');",
      '  const result = await replayFlow(session, flow, { variables: {} });',
      '  await session.end();',
      "  return outcome.success && result.status === 'passed' && observed.result.length >= 0 && !(outcome instanceof ServiceElementNotFoundError);",
      '}',
      '',
      "flowTests('flows/**/*.flow.json', { stepTimeoutMs: 5_000 });",
      '',
    ].join('\n'));
    await writeFile(path.join(project, 'wrong.ts'), [
      "import { createSession, type Flow } from 'rehearse';",
      "import { flowTests } from 'rehearse/test';",
      "export const flow: Flow = { version: 1, name: 'x', steps: [{ navgate: 'https://example.com' }] };",
      'export async function wrong(): Promise<void> {',
      '  const session = await createSession();',
      "  await session.act({ selector: 'css=#a' });",
      '}',
      'flowTests(42);',
      '',
    ].join('\n'));
    // One compilation of both files (the declarations checked with them): the right one clean, the wrong one refused.
    const checked = await run(path.join(project, 'node_modules', '.bin', 'tsc'), ['-p', '.'], project);
    assert.notEqual(checked.code, 0, 'a wrong call does not compile');
    const errors = checked.out.split('\n').filter((line) => /error TS/.test(line));
    assert.deepEqual(errors.filter((line) => !line.startsWith('wrong.ts(')), [], 'the right file and the package\'s declarations have no error');
    assert.equal(errors.length, 3, checked.out);
    assert.match(errors[0]!, /^wrong\.ts\(3,\d+\): error TS\d+: .*navgate/);
    assert.match(errors[1]!, /^wrong\.ts\(6,\d+\): error TS\d+: .*description/);
    assert.match(errors[2]!, /^wrong\.ts\(8,\d+\): error TS2345: Argument of type 'number'/);
  });

  it('npx playwright test runs the project\'s flow files through rehearse/test', async () => {
    const { executablePath } = findBrowser({ headless: true });
    await writeFile(path.join(project, 'playwright.config.js'), [
      "const { defineConfig } = require('@playwright/test');",
      'module.exports = defineConfig({',
      "  testMatch: 'flows.spec.js', workers: 1,",
      `  use: { launchOptions: { executablePath: ${JSON.stringify(executablePath)}, args: ${JSON.stringify(launchArgs({ headless: true }))} } },`,
      '});',
    ].join('\n'));
    await writeFile(path.join(project, 'flows.spec.js'), "const { flowTests } = require('rehearse/test');\nflowTests('flows/**/*.flow.json');\n");
    const tested = await run(NPX, ['--no-install', 'playwright', 'test', '--reporter=line'], project);
    assert.equal(tested.code, 0, tested.out);
    assert.match(tested.out, /1 passed/);
  });
});
