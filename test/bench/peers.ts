/**
 * Rehearse next to Stagehand (the version in devDependencies) on the same pages, the same browser build and the same
 * scripted model on loopback, in one run: cold observe (the first on a freshly loaded page), warm observe (the same
 * instruction again), act(Action) with the action observe returned, and raw Playwright clicking each one's selector.
 * The model server's own time is measured and reported apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { locatorFor } from '../../src/core/act/locate';
import { createSession } from '../../src/core/engine-session';
import { launchArgs } from '../../src/core/browser/find-browser';
import type { ActionOutput } from '../../src/schema';
import type { ScriptedModelServer } from '../support/model-server';
import { pickElementRule } from '../support/page-rule';
import { stagehandPickRule } from './stagehand-rule';
import { newerNode, peerBrowser, STAGEHAND4_NODE, STAGEHAND4_VERSION, stagehand4Peer } from './stagehand4-peer';
import { median } from './stats';

/** The Stagehand the bench runs beside, as installed (its package.json is not among its exports). */
const STAGEHAND_VERSION = ((): string => {
  let dir = path.dirname(require.resolve('@browserbasehq/stagehand'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    // dist/cjs has a package.json of its own that only sets the module type.
    const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }) : {};
    if (manifest.version || dir === path.dirname(dir)) return manifest.version ?? 'unknown';
    dir = path.dirname(dir);
  }
})();

export interface PeerFixture {
  readonly label: string;
  readonly url: string;
  readonly instruction: string;
  /** What the right pick's description or selector must mention. */
  readonly expect: RegExp;
  /**
   * One Action every peer replays on the page loaded anew, whatever its own observe picked (Stagehand 4 picks nothing
   * in a frame of another origin): the right element as Stagehand records one, an XPath through the frames.
   */
  readonly replayAction?: ActionOutput;
}

/** A peer's answer, with the time it took where the peer measures it itself (one in another process). */
interface Timed<T> {
  readonly value: T;
  readonly ms?: number;
}

interface Peer {
  readonly name: string;
  goto(url: string): Promise<void>;
  observe(instruction: string): Promise<Timed<ActionOutput | undefined>>;
  act(action: ActionOutput): Promise<Timed<void>>;
  /** A Playwright page on the same browser state, for the raw column. */
  readonly page?: Page;
  close(): Promise<void>;
}

export interface PeerFigures {
  readonly peer: string;
  readonly fixture: string;
  readonly coldMs: number;
  readonly warmMs: number;
  readonly actMs: number;
  /** act(Action) again on the page loaded anew: what each replayed step costs. */
  readonly replayMs: number;
  readonly rawMs?: number;
  /** Median time the scripted model server spent answering one observe. */
  readonly modelMs: number;
  readonly right: string;
  /** The fixture's own Action (see PeerFixture.replayAction) on the page loaded anew: one Action for every peer. */
  readonly givenReplayMs?: number;
}

/** A peer's call and its time: the peer's own measure when it gives one, else the wall time around the call. */
async function timed<T>(call: () => Promise<Timed<T>>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { value: result.value, ms: result.ms ?? performance.now() - started };
}


async function rehearsePeer(models: ScriptedModelServer): Promise<Peer> {
  const session = await createSession({ model: { modelName: 'openai/bench-model', baseURL: models.url('/v1'), apiKey: 'bench' }, browser: { executablePath: peerBrowser() }, env: {}, cache: false });
  return {
    name: 'Rehearse',
    page: session.page(),
    goto: async (url) => void (await session.navigate(url)),
    observe: async (instruction) => ({ value: (await session.observe(instruction)).result[0] }),
    act: async (action) => ({ value: void (await session.act({ ...action, method: action.method ?? 'click', arguments: action.arguments ?? [] })) }),
    close: () => session.end(),
  };
}

async function stagehandPeer(models: ScriptedModelServer): Promise<Peer> {
  const { Stagehand } = await import('@browserbasehq/stagehand');
  const stagehand = new Stagehand({
    env: 'LOCAL', verbose: 0, disablePino: true, logger: () => undefined, selfHeal: false, disableAPI: true,
    model: { modelName: 'openai/gpt-4.1-mini', apiKey: 'bench', baseURL: models.url('/v1') },
    // Stagehand's own --disable-features (it keeps frames in one process) stays: Chromium keeps only the last one.
    localBrowserLaunchOptions: { executablePath: peerBrowser(), headless: true, args: launchArgs({ headless: true }).filter((arg) => !arg.startsWith('--disable-features=')) },
  });
  await stagehand.init();
  const page = stagehand.context.pages()[0]!;
  return {
    name: `Stagehand ${STAGEHAND_VERSION}`,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    observe: async (instruction) => {
      const [first] = await stagehand.observe(instruction);
      return { value: first ? { selector: first.selector, description: first.description, method: first.method ?? 'click', arguments: first.arguments ?? [] } : undefined };
    },
    act: async (action) => {
      const result = await stagehand.act({ selector: action.selector, description: action.description, method: action.method ?? 'click', arguments: action.arguments ?? [] });
      if (result.success === false) throw new Error(`Stagehand ${STAGEHAND_VERSION} did not ${action.method} ${action.selector}: ${result.message}`);
      return { value: undefined };
    },
    close: () => stagehand.close(),
  };
}

async function measure(peer: Peer, fixture: PeerFixture, models: ScriptedModelServer, runs: number): Promise<PeerFigures> {
  const cold: number[] = [];
  const warm: number[] = [];
  const acts: number[] = [];
  const replays: number[] = [];
  const raws: number[] = [];
  const modelTimes: number[] = [];
  let right = 0;
  let picked: ActionOutput | undefined;
  const givenReplays: number[] = [];
  for (let run = 0; run < runs; run++) {
    await peer.goto(fixture.url);
    models.requests.length = 0;
    const first = await timed(() => peer.observe(fixture.instruction));
    picked = first.value;
    cold.push(first.ms);
    modelTimes.push(...models.timings.splice(0));
    if (picked && fixture.expect.test(`${picked.description} ${picked.selector}`)) right++;
    warm.push((await timed(() => peer.observe(fixture.instruction))).ms);
    modelTimes.push(...models.timings.splice(0));
    const given = fixture.replayAction;
    if (given) {
      await peer.goto(fixture.url);
      // A peer that cannot run it has no figure (the table says —).
      const replayed = await timed(() => peer.act(given)).catch(() => undefined);
      if (replayed) givenReplays.push(replayed.ms);
    }
    if (!picked) continue;
    const action = picked;
    acts.push((await timed(() => peer.act(action))).ms);
    // The replay case: the same Action on a page loaded anew since observe (nothing of observe's is of use).
    await peer.goto(fixture.url);
    replays.push((await timed(() => peer.act(action))).ms);
    if (peer.page) {
      // Raw Playwright on a page in the act's state: loaded, observed twice, then the click.
      await peer.goto(fixture.url);
      await peer.observe(fixture.instruction);
      await peer.observe(fixture.instruction);
      const target = locatorFor(peer.page, picked.selector);
      raws.push((await timed(async () => ({ value: await target.click() }))).ms);
    }
  }
  return {
    peer: peer.name, fixture: fixture.label, coldMs: median(cold), warmMs: median(warm), actMs: median(acts), replayMs: median(replays),
    ...(raws.length ? { rawMs: median(raws) } : {}), modelMs: median(modelTimes), right: `${right}/${runs}`, ...(givenReplays.length ? { givenReplayMs: median(givenReplays) } : {}),
  };
}

/**
 * Each Stagehand replaying the same Actions on a page loaded anew (goto, then each act): the median wall time of `runs`
 * after one warm-up, per peer. Stagehand 4's includes its pipe (well under a millisecond a call).
 */
export async function stagehandReplays(models: ScriptedModelServer, url: string, actions: readonly ActionOutput[], runs: number): Promise<{ peer: string; ms: number }[]> {
  const node = newerNode();
  const starts = [stagehandPeer, ...(node ? [(server: ScriptedModelServer) => stagehand4Peer(server, node)] : [])];
  const rows: { peer: string; ms: number }[] = [];
  for (const start of starts) {
    const peer = await start(models);
    try {
      const times: number[] = [];
      for (let run = 0; run <= runs; run++) {
        const started = performance.now();
        await peer.goto(url);
        for (const action of actions) await peer.act(action);
        if (run > 0) times.push(performance.now() - started);
      }
      rows.push({ peer: peer.name, ms: median(times) });
    } finally {
      await peer.close();
    }
  }
  return rows;
}

/**
 * The peers over the fixtures, one peer at a time (each with its own browser), the model rule switched per peer.
 * Stagehand 4 needs a newer Node than this one; without one it is left out, and `note` says why.
 */
export async function comparePeers(models: ScriptedModelServer, fixtures: readonly PeerFixture[], runs: number, note: (text: string) => void): Promise<PeerFigures[]> {
  const figures: PeerFigures[] = [];
  const node = newerNode();
  if (!node) note(`Stagehand ${STAGEHAND4_VERSION} is left out: it needs Node ${STAGEHAND4_NODE} or newer; run .ci/vscode-host.sh (it installs one), or set REHEARSE_BENCH_NODE to one.`);
  const peers = [[rehearsePeer, pickElementRule], [stagehandPeer, stagehandPickRule], ...(node ? [[(server: ScriptedModelServer) => stagehand4Peer(server, node), stagehandPickRule] as const] : [])] as const;
  for (const [start, rule] of peers) {
    models.answerWith(rule);
    const peer = await start(models);
    try {
      for (const fixture of fixtures) figures.push(await measure(peer, fixture, models, runs));
    } finally {
      await peer.close();
    }
  }
  models.answerWith(pickElementRule);
  return figures;
}
