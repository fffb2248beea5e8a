import { isIP } from 'node:net';
import { normalizeOrigin, underUrlPrefix } from '../service/client-access';
import { ProjectKeys } from '../service/auth';
import { RehearseService } from '../service/server';
import { DEMO_PORT, demoFolder } from './demo-command';
import { serveFolder } from './static-site';
import { UsageError, type Console } from './usage';

export interface ServeArguments {
  readonly port: number;
  readonly host: string;
  readonly keysFile?: string | undefined;
  /** The browser sessions launch (the operator's choice; clients cannot name one). */
  readonly browser?: string | undefined;
  /** Sessions attach to this browser (CDP or Playwright server) instead of launching one. */
  readonly cdp?: string | undefined;
  readonly ws?: string | undefined;
  /** Also serve the bundled demo site (the VS Code extension's Open Demo). */
  readonly demo?: boolean | undefined;
  /** Origins browsers may reach although their address is private or loopback. */
  readonly allowOrigins?: readonly string[] | undefined;
  /** Private, loopback and link-local addresses are reachable (the extension's local service). */
  readonly allowPrivate?: boolean | undefined;
  /** Browser URLs clients may attach sessions to (by origin). */
  readonly allowBrowserUrls?: readonly string[] | undefined;
  /** MCP server URL prefixes the agent may connect to. */
  readonly allowMcp?: readonly string[] | undefined;
  /** Names the service answers to besides its address. */
  readonly hostNames?: readonly string[] | undefined;
  readonly idleTimeoutMs?: number | undefined;
  /** The most of one model reply the service reads (bytes). */
  readonly modelReplyLimitBytes?: number | undefined;
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
  else if (process.env.REHEARSE_SERVICE_KEYS) {
    try {
      keys = ProjectKeys.fromList(process.env.REHEARSE_SERVICE_KEYS);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  else if (loopback) ({ keys, key: printedKey } = ProjectKeys.random());
  else throw new UsageError(`--host ${args.host} is not a loopback address: give --keys <file> so that only holders of a key can drive browsers here`);
  const origins = (values: readonly string[] | undefined, flag: string) => (values ?? []).map((value) => {
    try {
      return normalizeOrigin(value);
    } catch (error) {
      throw new UsageError(`${flag}: ${(error as Error).message}`);
    }
  });
  if (args.cdp && args.ws) throw new UsageError('--cdp and --ws: give one of them');
  // The demo site is served before the service starts, so that its origin can be allowed.
  const demo = args.demo ? await serveFolder(demoFolder(), { port: DEMO_PORT }) : undefined;
  const service = new RehearseService({
    keys,
    session: {
      browser: {
        ...(args.browser ? { executablePath: args.browser } : {}),
        ...(args.cdp ? { cdpUrl: args.cdp } : {}),
        ...(args.ws ? { wsEndpoint: args.ws } : {}),
      },
      ...(args.modelReplyLimitBytes ? { modelReplyLimitBytes: args.modelReplyLimitBytes } : {}),
    },
    access: {
      network: { allowPrivate: args.allowPrivate === true, allowOrigins: [...origins(args.allowOrigins, '--allow-origin'), ...(demo ? [demo.origin] : [])] },
      browserUrls: origins(args.allowBrowserUrls, '--allow-browser-url'),
      mcpUrls: (args.allowMcp ?? []).map((prefix) => {
        if (!underUrlPrefix(prefix, prefix)) throw new UsageError(`--allow-mcp: expected an http(s) URL prefix without credentials, received ${JSON.stringify(prefix)}`);
        return prefix;
      }),
      hostNames: args.hostNames ?? [],
    },
    ...(args.idleTimeoutMs ? { limits: { idleTimeoutMs: args.idleTimeoutMs } } : {}),
    log: (line) => io.err(`${new Date().toISOString()} ${line}\n`),
  });
  const url = await service.listen(args.port, args.host).catch(async (error: unknown) => {
    await demo?.close();
    throw error;
  });
  io.out(`Rehearse service on ${url}/v1\n`);
  if (printedKey) io.out(`key (x-svc-api-key): ${printedKey}\n`);
  if (demo) io.out(`demo site on ${demo.origin}\n`);
  await stopSignal;
  await demo?.close();
  io.err('stopping: ending sessions and closing browsers\n');
  await service.close();
  return 0;
}
