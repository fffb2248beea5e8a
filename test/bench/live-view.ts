import { ProjectKeys } from '../../src/service/auth';
import { startRemoteSession, type ScreencastFrame } from '../../src/service/client';
import { RehearseService } from '../../src/service/server';
import { cpuSecondsOf } from '../support/process-cpu';
import type { StaticSite } from '../../src/cli/static-site';
import { median, percentile } from './stats';

const KEY = 'bench-live-view-0123456789';

/** A page that turns its colour at each press: the frame after a click shows the change. */
const PRESS_PAGE = `data:text/html,${encodeURIComponent('<!doctype html><title>press</title><style>html,body{margin:0;height:100%}</style><body onmousedown="document.body.style.background = document.body.style.background === \'black\' ? \'white\' : \'black\'">')}`;

/** What the live view costs and how quickly it answers, through the HTTP service as the VS Code tab uses it. */
export async function liveViewRows(site: StaticSite): Promise<(string | number)[][]> {
  const service = new RehearseService({ keys: new ProjectKeys({ [KEY]: 'bench' }), access: { network: { allowPrivate: true, allowOrigins: [] } }, session: { env: {} } });
  const url = await service.listen(0);
  const session = await startRemoteSession({ url, apiKey: KEY });
  const rows: (string | number)[][] = [];
  try {
    await session.navigate(PRESS_PAGE);
    const frames: { frame: ScreencastFrame; at: number }[] = [];
    const viewing = new AbortController();
    const stream = session.screencast((frame) => frames.push({ frame, at: performance.now() }), { signal: viewing.signal, maxWidth: 1280, maxHeight: 800 });
    await until(() => frames.length > 0);

    // Input to frame: from sending a press until the frame showing its effect arrives (the tab then draws it).
    const latencies: number[] = [];
    for (let press = 0; press < 30; press++) {
      await pause(150);
      const seen = frames.length;
      const sent = performance.now();
      await session.input([{ type: 'mouseDown', x: 200, y: 200, button: 'left', clickCount: 1 }, { type: 'mouseUp', x: 200, y: 200, button: 'left', clickCount: 1 }]);
      await until(() => frames.length > seen, 3_000);
      latencies.push(frames[seen]!.at - sent);
    }
    rows.push(['input to frame: a click that changes the page, until its frame arrives (median / p95 ms of 30)', `${median(latencies).toFixed(0)} / ${percentile(latencies, 0.95).toFixed(0)}`]);

    // A still page: frames and CPU while someone watches it, and while nobody does.
    await pause(1_000);
    const idle = await measure(frames, 5_000, async () => undefined);
    rows.push(['still page, viewer open: frames per second', idle.fps.toFixed(1)]);
    rows.push(['still page, viewer open: CPU, browser + service (% of one core)', idle.cpu.toFixed(1)]);

    // Scrolling a long page with the wheel, as fast as a person's wheel sends events (one per 16 ms).
    await session.navigate(`${site.origin}/long.html`);
    await pause(500);
    const scrolling = await measure(frames, 3_000, async (end) => {
      for (let step = 0; performance.now() < end; step++) {
        await session.input([{ type: 'wheel', x: 400, y: 300, deltaX: 0, deltaY: step % 60 < 30 ? 120 : -120 }]);
        await pause(16);
      }
    });
    rows.push(['scrolling with the wheel: frames per second', scrolling.fps.toFixed(1)]);
    rows.push(['scrolling with the wheel: CPU, browser + service (% of one core)', scrolling.cpu.toFixed(1)]);
    viewing.abort();
    await stream;

    await pause(1_000);
    const closed = await measure([], 5_000, async () => undefined);
    rows.push(['still page, no viewer: CPU, browser + service (% of one core)', closed.cpu.toFixed(1)]);
  } finally {
    await session.end().catch(() => undefined);
    await service.close();
  }
  return rows;
}

async function measure(frames: readonly unknown[], ms: number, work: (end: number) => Promise<void>): Promise<{ fps: number; cpu: number }> {
  const before = frames.length;
  const browser = cpuSecondsOf(/chrom/i);
  const own = process.cpuUsage();
  const started = performance.now();
  await Promise.all([work(started + ms), pause(ms)]);
  const seconds = (performance.now() - started) / 1000;
  const ownUsage = process.cpuUsage(own);
  const cpuSeconds = cpuSecondsOf(/chrom/i) - browser + (ownUsage.user + ownUsage.system) / 1e6;
  return { fps: (frames.length - before) / seconds, cpu: (cpuSeconds / seconds) * 100 };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  for (const end = performance.now() + ms; !check(); await pause(5)) {
    if (performance.now() > end) throw new Error(`the live view bench waited ${ms} ms for a frame`);
  }
}


