/**
 * Stagehand 4 as a benchmark peer: its SDK needs a newer Node than Rehearse's, so it runs in stagehand4-worker.js
 * under such a Node (the VS Code test host's, or REHEARSE_BENCH_NODE), spoken to a JSON line at a time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import type { ActionOutput } from '../../src/schema';
import type { ScriptedModelServer } from '../support/model-server';

/**
 * Every peer runs in the same browser: the full Chromium, as Stagehand 4 loads an extension, which the headless shell
 * (what a headless Rehearse session picks on its own) cannot.
 */
export function peerBrowser(): string {
  return findBrowser().executablePath;
}

const ROOT = path.resolve(__dirname, '..', '..', '..');
const WORKER = path.join(__dirname, 'stagehand4-worker.js');
const MANIFEST = path.join(ROOT, 'node_modules', 'stagehand4', 'package.json');

export const STAGEHAND4_VERSION = existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { version: string }).version : 'unknown';
export const STAGEHAND4_NODE = '22.18';

/** A Node that Stagehand 4 runs on, or undefined: REHEARSE_BENCH_NODE, the VS Code test host's, or this one. */
export function newerNode(): string | undefined {
  const candidates = [process.env.REHEARSE_BENCH_NODE, path.join(ROOT, '.vscode-test', 'host', 'node'), process.execPath].filter((file): file is string => !!file && existsSync(file));
  const [major, minor] = STAGEHAND4_NODE.split('.').map(Number) as [number, number];
  return candidates.find((node) => {
    const version = /^v(\d+)\.(\d+)/.exec(spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout ?? '');
    return !!version && (Number(version[1]) > major || (Number(version[1]) === major && Number(version[2]) >= minor));
  });
}

interface Reply {
  readonly id: number;
  readonly ok: boolean;
  readonly ms?: number;
  readonly value?: unknown;
  readonly error?: string;
}

/** Stagehand 4 on its own browser, the model being the scripted server; each call timed in the worker. */
export async function stagehand4Peer(models: ScriptedModelServer, node: string) {
  const child = spawn(node, [WORKER], { stdio: ['pipe', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const pending = new Map<number, (reply: Reply) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reply = JSON.parse(line) as Reply;
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  child.on('exit', (code) => {
    for (const settle of pending.values()) settle({ id: 0, ok: false, error: `the worker exited (${code}): ${errors}` });
  });
  let last = 0;
  const call = (op: string, args: Record<string, unknown> = {}) => new Promise<Reply>((resolve, reject) => {
    const id = ++last;
    pending.set(id, (reply) => (reply.ok ? resolve(reply) : reject(new Error(`Stagehand ${STAGEHAND4_VERSION}, ${op}: ${reply.error}`))));
    child.stdin.write(`${JSON.stringify({ id, op, ...args })}\n`);
  });
  // Its own --disable-features, if it has some, stays: Chromium keeps only the last one.
  const args = launchArgs({ headless: true }).filter((arg) => !arg.startsWith('--disable-features='));
  try {
    await call('start', { modelUrl: models.url('/v1'), executablePath: peerBrowser(), args });
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    name: `Stagehand ${STAGEHAND4_VERSION}`,
    goto: async (url: string) => void (await call('goto', { url })),
    observe: async (instruction: string) => {
      const reply = await call('observe', { instruction });
      const first = reply.value as { selector: string; description: string; method?: string; arguments?: string[] } | undefined;
      const value: ActionOutput | undefined = first ? { selector: first.selector, description: first.description, method: first.method ?? 'click', arguments: first.arguments ?? [] } : undefined;
      return { value, ...(reply.ms !== undefined ? { ms: reply.ms } : {}) };
    },
    act: async (action: ActionOutput) => {
      const reply = await call('act', { action: { selector: action.selector, description: action.description, method: action.method ?? 'click', arguments: action.arguments ?? [] } });
      return { value: undefined, ...(reply.ms !== undefined ? { ms: reply.ms } : {}) };
    },
    close: async () => {
      await call('close').catch(() => undefined);
      child.kill();
    },
  };
}
