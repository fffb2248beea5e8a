import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError, type Console } from './usage';

/**
 * `rehearse show-trace <trace.zip>`: Playwright's trace viewer for one trace, served on 127.0.0.1 from the bundled
 * playwright-core (no download), serving files of that trace's folder only. Prints `trace viewer: <url>`; runs until
 * stopped.
 */
export async function showTraceCommand(trace: string, io: Console, stop: Promise<void>): Promise<number> {
  const file = path.resolve(trace);
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile() || !file.endsWith('.zip')) throw new UsageError(`show-trace: ${JSON.stringify(trace)} is not a trace file (a .zip that --trace-on-failure or the Testing view kept)`);
  // Playwright's own viewer server is internal to playwright-core (its coreBundle export), pinned with it.
  const { server } = await import('playwright-core/lib/coreBundle');
  const viewer = await server.startTraceViewerServer({ host: '127.0.0.1', port: 0, allowedFileRoots: () => [path.dirname(file)] });
  io.out(`trace viewer: ${viewer.urlPrefix('precise')}${server.traceViewerPath(file, {})}\n`);
  await stop;
  await viewer.stop();
  return 0;
}
