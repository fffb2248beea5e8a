/**
 * A soak you can rerun (issue 43): the embedded service as the VS Code extension starts it (a child process), used for
 * SOAK_MINUTES (default 3) as a person and CI would use it at once: a Browser tab streaming and clicked every second,
 * recordings made through it one after another, two replay workers each starting a session, replaying a flow and
 * ending it, and observe calls answered by the scripted model. Each SOAK_SAMPLE_SECONDS (default 60) it samples the
 * service's memory and open files, the browsers it runs, and the latency and errors of each kind of work; at the end,
 * the growth after warm-up and the browsers left once the service is stopped. SOAK_WORK picks the kinds of work.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalService, startRemoteSession, type HttpSession, type LocalService, type RecordedStep } from '../../src/service/client';
import type { Flow } from '../../src/schema';
import { click, typing } from '../support/live-input';
import { pickElementRule } from '../support/page-rule';
import { ScriptedModelServer } from '../support/model-server';
import { browserProcesses, processTree, pssMiB, residentOf } from '../support/process-memory';
import type { StaticSite } from '../../src/cli/static-site';
import { percentile } from './stats';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');
const PRESS_PAGE = `data:text/html,${encodeURIComponent('<!doctype html><title>press</title><style>html,body{margin:0;height:100%}</style><body onmousedown="document.body.style.background = document.body.style.background === \'black\' ? \'white\' : \'black\'">')}`;
const KINDS = ['live view click to frame', 'gesture to recorded step', 'replay of a 4-step flow', 'observe'] as const;
type Kind = (typeof KINDS)[number];

interface Interval {
  latencies: Record<Kind, number[]>;
  errors: string[];
}

interface Sample {
  minute: number;
  serviceRssMiB: number;
  /** The service's JavaScript heap after a full collection (the probe's last reading). */
  heapAfterGcMiB: number;
  serviceFds: number;
  browsers: number;
  browsersMiB: number;
  interval: Interval;
}

const freshInterval = (): Interval => ({ latencies: Object.fromEntries(KINDS.map((kind) => [kind, []])) as unknown as Record<Kind, number[]>, errors: [] });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  for (const started = Date.now(); !check();) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await pause(10);
  }
}

/** The 4-step flow the replay workers run (the same as the scale bench's). */
function replayedFlow(site: StaticSite, worker: number): Flow {
  return {
    version: 1, name: `soak ${worker}`, startUrl: `${site.origin}/login.html`,
    steps: [
      { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: [`soak${worker}@example.com`] } },
      { action: { selector: 'role=checkbox[name="Remember me"]', description: 'Remember me', method: 'check', arguments: [] } },
      { action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password', method: 'click', arguments: [] } },
      { expect: { selector: 'css=#email', value: `soak${worker}@example.com` } },
    ],
  };
}

class Soak {
  interval = freshInterval();
  private readonly deadline: number;
  private readonly sessions = new Set<HttpSession>();

  constructor(private readonly service: LocalService, private readonly site: StaticSite, private readonly models: ScriptedModelServer, minutes: number) {
    this.deadline = Date.now() + minutes * 60_000;
  }

  get running(): boolean {
    return Date.now() < this.deadline;
  }

  /** Runs one kind of work in a loop until the end, each failure counted and the loop going on. */
  async loop(kind: Kind, once: () => Promise<number>, restMs: number): Promise<void> {
    while (this.running) {
      try {
        this.interval.latencies[kind].push(await once());
      } catch (error) {
        this.interval.errors.push(`${kind}: ${(error as Error).message}`);
        await pause(1_000);
      }
      await pause(restMs);
    }
  }

  async session(): Promise<HttpSession> {
    const session = await startRemoteSession({ url: this.service.url, apiKey: this.service.key });
    this.sessions.add(session);
    return session;
  }

  async end(session: HttpSession): Promise<void> {
    this.sessions.delete(session);
    await session.end();
  }

  async endAll(): Promise<void> {
    await Promise.all([...this.sessions].map((session) => this.end(session).catch(() => undefined)));
  }

  /** The Browser tab: a viewer streaming all along (called again when the service ends a long stream), a click a second. */
  async liveView(): Promise<void> {
    const session = await this.session();
    await session.navigate(PRESS_PAGE);
    let frames = 0;
    const viewing = new AbortController();
    const stream = (async () => {
      while (!viewing.signal.aborted) await session.screencast(() => void frames++, { signal: viewing.signal, maxWidth: 1280, maxHeight: 800 }).catch((error: Error) => {
        this.interval.errors.push(`live view stream: ${error.message}`);
        return pause(1_000);
      });
    })();
    await until(() => frames > 0, 10_000, 'a first frame');
    await this.loop('live view click to frame', async () => {
      const seen = frames;
      const sent = performance.now();
      await session.input([{ type: 'mouseDown', x: 200, y: 200, button: 'left', clickCount: 1 }, { type: 'mouseUp', x: 200, y: 200, button: 'left', clickCount: 1 }]);
      await until(() => frames > seen, 5_000, 'the frame after a click');
      return performance.now() - sent;
    }, 1_000);
    viewing.abort();
    await stream;
  }

  /** Recordings one after another through the live view: type a name, press Save; each gesture must become its step. */
  async recordings(): Promise<void> {
    const session = await this.session();
    let count = 0;
    await this.loop('gesture to recorded step', async () => {
      await session.navigate(`${this.site.origin}/soak.html`);
      const steps: RecordedStep[] = [];
      const stop = new AbortController();
      let started = false;
      const recording = session.record((step) => steps.push(step), stop.signal, { onStarted: () => void (started = true) });
      try {
        await until(() => started, 10_000, 'the recording started');
        const name = `Ada ${++count}`;
        await session.input([...click({ x: 120, y: 35 }), ...typing(name)]);
        const pressed = performance.now();
        await session.input(click({ x: 80, y: 95 }));
        await until(() => steps.some(({ step }) => 'action' in step && step.action.method === 'click'), 10_000, 'the click on Save recorded');
        const took = performance.now() - pressed;
        const fill = steps.find(({ step }) => 'action' in step && step.action.method === 'fill');
        if (!fill || !('action' in fill.step) || fill.step.action.arguments?.[0] !== name) throw new Error(`the typing was recorded as ${JSON.stringify(steps.map(({ step }) => step))}`);
        return took;
      } finally {
        stop.abort();
        await recording;
      }
    }, 2_000);
  }

  /** A replay worker as CI runs one: a session per flow, started, replayed, ended. */
  async replays(worker: number): Promise<void> {
    const flow = replayedFlow(this.site, worker);
    await this.loop('replay of a 4-step flow', async () => {
      const started = performance.now();
      const session = await this.session();
      try {
        const { result } = await session.replayFlow(flow);
        if (result.status !== 'passed') throw new Error(`the flow ${result.status}: ${JSON.stringify(result.steps.filter((step) => step.status !== 'passed'))}`);
      } finally {
        await this.end(session);
      }
      return performance.now() - started;
    }, 1_000);
  }

  /** Observe calls on the sign-in page, the scripted model answering. */
  async observes(): Promise<void> {
    const session = await this.session();
    await session.navigate(`${this.site.origin}/login.html`);
    const model = { modelName: 'openai/soak-model', baseURL: this.models.url('/v1'), apiKey: 'soak' };
    await this.loop('observe', async () => {
      const started = performance.now();
      const { result } = await session.observe('click the Forgot password? button', { model });
      if (!result[0]?.description.match(/forgot/i)) throw new Error(`observe answered ${JSON.stringify(result)}`);
      return performance.now() - started;
    }, 1_000);
  }
}

/** The service's own process (Node) and the browsers under it, now. */
function measureService(pid: number): Omit<Sample, 'minute' | 'interval' | 'heapAfterGcMiB'> {
  const tree = processTree(pid);
  const browsers = browserProcesses();
  const { rssMiB, fds } = residentOf(pid);
  return {
    serviceRssMiB: rssMiB, serviceFds: fds,
    browsers: tree.filter((process) => browsers.has(process.pid)).length,
    browsersMiB: pssMiB(tree.filter((process) => process.pid !== pid).map((process) => process.pid)),
  };
}

const growth = (from: number, to: number) => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)} %`;
const p = (values: readonly number[], share: number) => (values.length ? percentile(values, share).toFixed(0) : '—');

export async function soakTables(site: StaticSite, minutes = Number(process.env.SOAK_MINUTES ?? 3), sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60)): Promise<{ samples: (string | number)[][]; summary: (string | number)[][] }> {
  const browsersBefore = browserProcesses();
  const models = await ScriptedModelServer.start();
  models.answerWith(pickElementRule);
  // The probe: a full collection in the service before each reading of its heap (see service-memory-probe).
  const probeFile = path.join(await mkdtemp(path.join(tmpdir(), 'rehearse-soak-')), 'memory.jsonl');
  const probe = path.join(__dirname, 'service-memory-probe.js');
  const service = await startLocalService({
    cliPath: CLI, args: ['--allow-private'],
    env: { NODE_OPTIONS: `--require ${probe}`, SOAK_PROBE_FILE: probeFile, SOAK_PROBE_MS: String(Math.max(5_000, sampleSeconds * 500)), ...(process.env.SOAK_HEAP_SNAPSHOTS ? { SOAK_HEAP_SNAPSHOTS: process.env.SOAK_HEAP_SNAPSHOTS } : {}) },
  });
  const heapAfterGc = async () => {
    const last = (await readFile(probeFile, 'utf8').catch(() => '')).trim().split('\n').at(-1);
    return last ? (JSON.parse(last) as { heapUsed: number }).heapUsed / 1024 / 1024 : Number.NaN;
  };
  const soak = new Soak(service, site, models, minutes);
  const samples: Sample[] = [];
  const startedAt = Date.now();
  const sampler = (async () => {
    while (soak.running) {
      await pause(Math.min(sampleSeconds * 1_000, Math.max(0, startedAt + (samples.length + 1) * sampleSeconds * 1_000 - Date.now())));
      const interval = soak.interval;
      soak.interval = freshInterval();
      samples.push({ minute: (Date.now() - startedAt) / 60_000, interval, heapAfterGcMiB: await heapAfterGc(), ...measureService(service.pid) });
    }
  })();
  let crashed = '';
  service.onUnexpectedExit((code, tail) => void (crashed = `the service exited (code ${code}): ${tail}`));
  // SOAK_WORK=live,record,replay,observe: only those kinds of work (to find which one a growth comes with).
  const work = new Set((process.env.SOAK_WORK ?? 'live,record,replay,observe').split(',').map((name) => name.trim()));
  await Promise.all([
    work.has('live') && soak.liveView(), work.has('record') && soak.recordings(), work.has('replay') && soak.replays(1), work.has('replay') && soak.replays(2),
    work.has('observe') && soak.observes(), sampler,
  ]);
  await soak.endAll();
  await pause(2_000);
  const browsersAfterEnd = measureService(service.pid).browsers;
  await service.stop();
  await pause(1_000);
  const left = [...browserProcesses()].filter((pid) => !browsersBefore.has(pid)).length;
  await models.close();

  const rows = samples.map((sample) => [
    sample.minute.toFixed(1), sample.serviceRssMiB.toFixed(0), sample.heapAfterGcMiB.toFixed(0), sample.serviceFds, sample.browsers, sample.browsersMiB.toFixed(0),
    ...KINDS.map((kind) => `${sample.interval.latencies[kind].length} · ${p(sample.interval.latencies[kind], 0.5)} / ${p(sample.interval.latencies[kind], 0.95)}`),
    sample.interval.errors.length,
  ]);
  const warmUp = Math.min(5, Math.max(1, Math.floor(minutes / 3)));
  const base = samples.find((sample) => sample.minute >= warmUp - 0.01) ?? samples[0]!;
  const last = samples.at(-1)!;
  const afterWarmUp = samples.filter((sample) => sample.minute > base.minute);
  const allErrors = samples.flatMap((sample) => sample.interval.errors);
  const firstAndLast = (kind: Kind) => `${p(samples[samples.indexOf(base) + 1]?.interval.latencies[kind] ?? [], 0.95)} → ${p(last.interval.latencies[kind], 0.95)}`;
  const summary: (string | number)[][] = [
    ['minutes, sampled every (s)', `${minutes}, ${sampleSeconds}`],
    [`service RSS after ${base.minute.toFixed(1)} min → at the end (growth)`, `${base.serviceRssMiB.toFixed(0)} → ${last.serviceRssMiB.toFixed(0)} MiB (${growth(base.serviceRssMiB, last.serviceRssMiB)}); highest after warm-up ${Math.max(...afterWarmUp.map((sample) => sample.serviceRssMiB), base.serviceRssMiB).toFixed(0)} MiB`],
    [`service heap after a full GC, after ${base.minute.toFixed(1)} min → at the end`, `${base.heapAfterGcMiB.toFixed(0)} → ${last.heapAfterGcMiB.toFixed(0)} MiB (${growth(base.heapAfterGcMiB, last.heapAfterGcMiB)})`],
    [`service file descriptors after ${base.minute.toFixed(1)} min → at the end`, `${base.serviceFds} → ${last.serviceFds} (${growth(base.serviceFds, last.serviceFds)}); highest ${Math.max(...afterWarmUp.map((sample) => sample.serviceFds), base.serviceFds)}`],
    [`browsers' memory (PSS) after ${base.minute.toFixed(1)} min → at the end`, `${base.browsersMiB.toFixed(0)} → ${last.browsersMiB.toFixed(0)} MiB (${growth(base.browsersMiB, last.browsersMiB)})`],
    ...KINDS.map((kind) => [`${kind}: done, p95 ms in the first interval after warm-up → the last`, `${samples.reduce((sum, sample) => sum + sample.interval.latencies[kind].length, 0)}, ${firstAndLast(kind)}`]),
    ['errors', allErrors.length ? `${allErrors.length}: ${[...new Set(allErrors)].slice(0, 5).join(' | ')}` : '0'],
    ['browsers under the service once every session ended', browsersAfterEnd],
    ['browsers left after the service stopped', left],
    ...(crashed ? [['the service crashed', crashed]] : []),
  ];
  return { samples: rows, summary };
}

export const SOAK_SAMPLE_HEADER = ['minute', 'service RSS MiB', 'its heap after GC MiB', 'service fds', 'browsers', 'browsers MiB', ...KINDS.map((kind) => `${kind}: n · p50 / p95 ms`), 'errors'];
