import { existsSync } from 'node:fs';
import path from 'node:path';
import { replayCommand } from './replay-command';
import { serveFolder } from './static-site';
import type { Console } from './usage';

/** The demo folder, whether running from the bundle (dist/cli.js) or from the transpiled tests (out/src/cli). */
export function demoFolder(): string {
  const candidates = [path.resolve(__dirname, '..', 'media', 'demo'), path.resolve(__dirname, '..', '..', '..', 'media', 'demo')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, 'example.flow.json')));
  if (!found) throw new Error(`the demo site is missing (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Where the demo site is served when the port is free (else on any): the example flow's own address, and the same one
 * after each restart of the local service, so that a demo flow copied into a workspace keeps working.
 */
export const DEMO_PORT = 4173;

/**
 * `rehearse demo`: serves the bundled demo site on 127.0.0.1 and replays its example flow headless, with no model and no
 * key. The flow's secret password comes from REHEARSE_VAR_PASSWORD as in CI; the demo sets one when it is not set.
 */
export async function demoCommand(io: Console): Promise<number> {
  const folder = demoFolder();
  const site = await serveFolder(folder, { port: DEMO_PORT });
  io.out(`Serving the demo site on ${site.origin}\n\n`);
  process.env.REHEARSE_VAR_PASSWORD ??= 'demo-password';
  try {
    return await replayCommand({
      patterns: [path.join(folder, 'example.flow.json')], vars: [], headed: false, workers: 1, reporter: 'human',
      update: false, baseUrl: site.origin, heal: false,
    }, io);
  } finally {
    await site.close();
  }
}
