import os from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';

/**
 * A real VS Code for the extension tests: code-server (VS Code server + web workbench: the same extension host and
 * `vscode` API as desktop VS Code), installed into .vscode-test/host by .ci/vscode-host.sh from the npm registry.
 */
export const WORK = path.resolve(__dirname, '..', '..', '..', '.vscode-test');
export const HOST = path.join(WORK, 'host');
const NODE24 = path.join(HOST, 'node');
const ENTRY = path.join(HOST, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

export function hostInstalled(): boolean {
  return existsSync(NODE24) && existsSync(ENTRY);
}

/** Quiet defaults: no welcome page, no telemetry, no AI features, no update checks. */
const QUIET = {
  'workbench.startupEditor': 'none', 'chat.disableAIFeatures': true, 'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false, 'extensions.autoUpdate': false, 'update.mode': 'none', 'workbench.tips.enabled': false,
  'git.enabled': false, 'workbench.welcomePage.walkthroughs.openOnInstall': false,
};

export interface CodeServer {
  readonly url: string;
  readonly process: ChildProcess;
  readonly log: string;
  stop(): void;
}

/**
 * Keeps code-server's config and logs under .vscode-test, never in $HOME. Temporary files (browser profiles, IPC
 * sockets) go to a short folder of their own: a Unix socket path is limited to 107 bytes, and a profile under a deep
 * clone path made Chromium fail to start ("Target page, context or browser has been closed").
 */
function sandboxEnv(run: string): Record<string, string> {
  const home = path.join(run, 'home');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rh-'));
  return { HOME: home, TMPDIR: tmp, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_DATA_HOME: path.join(home, '.local/share'), XDG_CACHE_HOME: path.join(home, '.cache') };
}

async function waitHttp(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch {
      if (Date.now() > end) throw new Error(`code-server did not answer ${url} within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** `trust`: ask whether the folder is trusted, as VS Code does by default (otherwise every folder is trusted). */
export async function startCodeServer(options: { run: string; port: number; folder: string; args?: string[]; env?: Record<string, string>; settings?: Record<string, unknown>; trust?: boolean }): Promise<CodeServer> {
  const userData = path.join(options.run, 'user-data');
  const extensions = path.join(options.run, 'extensions');
  mkdirSync(path.join(userData, 'User'), { recursive: true });
  mkdirSync(extensions, { recursive: true });
  writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET, 'security.workspace.trust.enabled': options.trust === true, ...options.settings }, null, 2));
  const log = path.join(options.run, 'code-server.log');
  const output = openSync(log, 'w');
  const child = spawn(NODE24, [
    ENTRY, '--auth', 'none', '--bind-addr', `127.0.0.1:${options.port}`, '--disable-telemetry', '--disable-update-check',
    ...(options.trust ? [] : ['--disable-workspace-trust']), '--disable-getting-started-override', '--user-data-dir', userData, '--extensions-dir', extensions,
    ...(options.args ?? []), options.folder,
  ], { stdio: ['ignore', output, output], env: { ...process.env, ...sandboxEnv(options.run), ...options.env }, detached: true });
  const stop = () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  try {
    await waitHttp(`http://127.0.0.1:${options.port}/healthz`, 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, process: child, log, stop };
}

/** Runs a command to its end (killed after `timeoutMs`): its exit code and all it printed. */
export async function runToEnd(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number }): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('exit', (exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
  return { code, output };
}

/** Installs a .vsix into a run's extensions folder, as a user would from the command line. */
export async function installVsix(run: string, vsix: string): Promise<void> {
  const { code, output } = await runToEnd(NODE24, [ENTRY, '--extensions-dir', path.join(run, 'extensions'), '--user-data-dir', path.join(run, 'user-data'), '--install-extension', vsix], {
    env: { ...process.env, ...sandboxEnv(run) }, timeoutMs: 120_000,
  });
  if (code !== 0 || !/successfully installed/i.test(output)) throw new Error(`installing ${vsix} failed (exit ${code}): ${output.trim()}`);
}

/** The Chromium that shows the workbench: the full browser a person uses, not the headless shell sessions run in. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findBrowser().executablePath, headless: true, args: launchArgs({ headless: true }), timeout: 30_000 });
}

export function newRun(name: string): { run: string; folder: string } {
  mkdirSync(path.join(WORK, 'runs'), { recursive: true });
  const run = mkdtempSync(path.join(WORK, 'runs', `${name}-`));
  const folder = path.join(run, 'workspace');
  mkdirSync(folder, { recursive: true });
  return { run, folder };
}
