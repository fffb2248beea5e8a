import { isIP } from 'node:net';
import { ProjectKeys } from '../service/auth';
import { RehearseService } from '../service/server';
import { demoFolder } from './demo-command';
import { serveFolder } from './static-site';
import { UsageError, type Console } from './usage';

export interface ServeArguments {
  readonly port: number;
  readonly host: string;
  readonly keysFile?: string;
  readonly browser?: string;
  /** Also serve the bundled demo site (the VS Code extension's Open Demo). */
  readonly demo?: boolean;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * `rehearse serve`: the HTTP API on one address. Keys come from --keys or REHEARSE_SERVICE_KEYS; on loopback without
 * either, a one-time key is made and printed. Anywhere but loopback a key file is required. Stops cleanly on
 * SIGINT/SIGTERM: sessions ended, browsers closed.
 */
export async function serveCommand(args: ServeArguments, io: Console, stopSignal: Promise<void>): Promise<number> {
  const loopback = isLoopback(args.host);
  let keys: ProjectKeys;
  let printedKey: string | undefined;
  if (args.keysFile) keys = await ProjectKeys.fromFile(args.keysFile).catch((error: Error) => {
    throw new UsageError(`--keys ${error.message}`);
  });
  else if (process.env.REHEARSE_SERVICE_KEYS) keys = ProjectKeys.fromList(process.env.REHEARSE_SERVICE_KEYS);
  else if (loopback) ({ keys, key: printedKey } = ProjectKeys.random());
  else throw new UsageError(`--host ${args.host} is not a loopback address: give --keys <file> so that only holders of a key can drive browsers here`);
  const service = new RehearseService({
    keys,
    session: { browser: { ...(args.browser ? { executablePath: args.browser } : {}) } },
    trustClientBrowser: loopback,
    log: (line) => io.err(`${new Date().toISOString()} ${line}\n`),
  });
  const url = await service.listen(args.port, args.host);
  io.out(`Rehearse service on ${url}/v1\n`);
  if (printedKey) io.out(`key (x-svc-api-key): ${printedKey}\n`);
  const demo = args.demo ? await serveFolder(demoFolder(), { port: 0 }) : undefined;
  if (demo) io.out(`demo site on ${demo.origin}\n`);
  await stopSignal;
  await demo?.close();
  io.err('stopping: ending sessions and closing browsers\n');
  await service.close();
  return 0;
}
