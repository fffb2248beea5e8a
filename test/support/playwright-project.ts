import { spawn } from 'node:child_process';
import { copyFile, link, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import type { Flow } from '../../src/schema';
import { treeMemoryMiB } from './process-memory';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PLAYWRIGHT = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

/**
 * A Playwright Test project of flow files as a user sets one up (a config, one spec calling flowTests), made inside the
 * repository so it resolves the one @playwright/test; `rehearse/test` comes from the project's own node_modules, as
 * from an installed package (see installRehearse).
 */
export async function flowProject(flows: Readonly<Record<string, Flow>>, options: { workers?: number } = {}): Promise<string> {
  await mkdir(path.join(ROOT, '.vscode-test'), { recursive: true });
  const project = await mkdtemp(path.join(ROOT, '.vscode-test', 'playwright-project-'));
  await mkdir(path.join(project, 'flows'));
  const { executablePath } = findBrowser({ headless: true });
  await writeFile(path.join(project, 'playwright.config.js'), [
    "const { defineConfig } = require('@playwright/test');",
    'module.exports = defineConfig({',
    `  testDir: '.', testMatch: 'flows.spec.js', fullyParallel: true, workers: ${options.workers ?? 2}, retries: 0,`,
    `  use: { launchOptions: { executablePath: ${JSON.stringify(executablePath)}, args: ${JSON.stringify(launchArgs({ headless: true }))} } },`,
    '});',
  ].join('\n'));
  // Its own manifest, as a user's project has: without one, the repository's (named rehearse) is the nearest, and Node
  // resolves require('rehearse/test') to the repository's dist/ as the package referring to itself.
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'flows-project', private: true }, null, 2));
  await installRehearse(project);
  await writeFile(path.join(project, 'flows.spec.js'), "const { flowTests } = require('rehearse/test');\nflowTests('flows/**/*.flow.json', { cwd: __dirname });\n");
  for (const [name, flow] of Object.entries(flows)) await writeFile(path.join(project, 'flows', `${name}.flow.json`), JSON.stringify(flow, null, 2));
  return project;
}

/**
 * This build of rehearse/test in node_modules/rehearse, as npm installs the package: its manifest and dist/test.js (a
 * hard link, or a copy across file systems; not a symbolic link, which Node resolves to the repository's dist/). Playwright
 * Test runs a package from node_modules as it is; a file outside it goes through its Babel transform first (3 MB, in
 * the runner and in every worker, about a third of this suite's CPU), which no user's project pays.
 */
async function installRehearse(project: string): Promise<void> {
  const installed = path.join(project, 'node_modules', 'rehearse');
  await mkdir(path.join(installed, 'dist'), { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; exports: unknown };
  await writeFile(path.join(installed, 'package.json'), JSON.stringify({ name: manifest.name, version: manifest.version, exports: manifest.exports }, null, 2));
  const built = path.join(ROOT, 'dist', 'test.js');
  await link(built, path.join(installed, 'dist', 'test.js')).catch(() => copyFile(built, path.join(installed, 'dist', 'test.js')));
}

export interface PlaywrightRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  /** The highest memory of the run's process tree (the runner, its workers and their browsers; proportional set size), in MiB. */
  readonly peakMiB: number;
}

/** `npx playwright test …` in a project, bounded, with its wall time and peak memory. */
export function runPlaywright(cwd: string, args: readonly string[], env: Record<string, string> = {}, timeoutMs = 150_000): Promise<PlaywrightRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [PLAYWRIGHT, ...args], { cwd, env: { ...process.env, ...env, FORCE_COLOR: '0' } });
    let stdout = '';
    let stderr = '';
    let peakMiB = 0;
    const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, treeMemoryMiB(child.pid!))), 500);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      clearInterval(sampler);
      resolve({ code, stdout, stderr, ms: performance.now() - started, peakMiB });
    });
  });
}

interface JsonLocation { file: string; line: number; column: number }

interface JsonSuite {
  suites?: JsonSuite[];
  specs: (JsonLocation & { title: string; tests: { results: { status: string; steps?: { title: string }[]; error?: { message?: string; location?: JsonLocation; snippet?: string } }[] }[] })[];
}

export interface ReportedTest {
  readonly title: string;
  readonly status: string;
  readonly steps: string[];
  /** Where the report says the test is: `file:line:column`, the file relative to the project. */
  readonly location: string;
  readonly error?: string;
  /** Where the report says the error is (`file:line:column`, relative), and the lines of it shown. */
  readonly errorAt?: string;
  readonly snippet?: string;
}

/** Every test of a Playwright JSON report (the report is the output from its first `{`): title, last result, steps. */
export function testsOf(output: string, project = ''): ReportedTest[] {
  const report = JSON.parse(output.slice(output.indexOf('{'))) as { suites: JsonSuite[] };
  const place = ({ file, line, column }: JsonLocation) => `${path.isAbsolute(file) ? path.relative(project, file) : file}:${line}:${column}`;
  const walk = (suite: JsonSuite): ReportedTest[] => [
    ...suite.specs.map((spec) => {
      const result = spec.tests[0]!.results.at(-1)!;
      const error = result.error;
      return {
        title: spec.title, status: result.status, steps: (result.steps ?? []).map((step) => step.title), location: place(spec),
        ...(error?.message ? { error: error.message } : {}), ...(error?.location ? { errorAt: place(error.location) } : {}), ...(error?.snippet ? { snippet: error.snippet } : {}),
      };
    }),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return report.suites.flatMap(walk);
}
