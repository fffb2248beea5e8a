import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';

export interface DebuggableChromium {
  readonly process: ChildProcess;
  readonly cdpUrl: string;
  readonly wsUrl: string;
  /** Kills it, waits for it to exit (bounded) and removes its profile folder. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A Chromium started the way a grid node starts one: its own process, a DevTools port, no Playwright. */
export async function startDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'rehearse-cdp-'));
  const child = spawn(findBrowser().executablePath, [...launchArgs({ headless: true, launcher: 'bare' }), '--headless=new', '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const wsUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not print its DevTools URL within 20 s')), 20_000);
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\/[\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await rm(profile, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  };
  return { process: child, wsUrl, cdpUrl: new URL(wsUrl).origin.replace('ws://', 'http://'), stop };
}

