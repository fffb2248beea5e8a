import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProjectKeys } from '../../src/service/auth';
import { RehearseService, type ServiceAccess, type ServiceLimits } from '../../src/service/server';
import type { SessionOptions } from '../../src/core/engine-session';
import { ScriptedModelServer } from '../support/model-server';

export const KEY = 'key-security-0123456789abcdef';

/** A server that counts what reaches it: one standing for a public site, one for an internal address. */
export interface CountingServer {
  readonly origin: string;
  readonly hits: string[];
  close(): Promise<void>;
}

export async function countingServer(host: string, handler: (request: IncomingMessage, response: ServerResponse, self: CountingServer) => void): Promise<CountingServer> {
  const hits: string[] = [];
  let self: CountingServer;
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request, response, self);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  self = {
    origin: `http://${host}:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return self;
}

export function html(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>page</title></head><body>${body}</body></html>`);
}

export interface SecurityRig {
  service: RehearseService;
  url: string;
  /** Stands for a public site: its origin is allowed, as a public address would be. */
  site: CountingServer;
  /** Stands for an internal address (127.0.0.2): a team's service must never reach it. */
  internal: CountingServer;
  /** Another site the network policy allows, but that an agent was not told about. */
  elsewhere: CountingServer;
  models: ScriptedModelServer;
  /** An allowed origin where nothing listens (the connection is refused). */
  closedPort: string;
  logs: string[];
  call(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  start(body?: unknown): Promise<string>;
}

/** A service configured as for a team: the default, closed network policy, with only the stand-in public site allowed. */
export function useClosedService(options: { limits?: Partial<ServiceLimits>; session?: SessionOptions; access?: Partial<ServiceAccess> } = {}): SecurityRig {
  const rig = {} as SecurityRig;
  before(async function () {
    this.timeout(60_000);
    rig.internal = await countingServer('127.0.0.2', (_request, response) => html(response, '<p>internal secret 7731</p>'));
    rig.elsewhere = await countingServer('127.0.0.1', (_request, response) => html(response, '<p>elsewhere</p>'));
    rig.site = await countingServer('127.0.0.1', (request, response) => {
      const internal = rig.internal.origin;
      switch (request.url) {
        case '/redirect': response.writeHead(302, { location: `${internal}/after-redirect` }).end(); return;
        case '/frame': html(response, `<iframe src="${internal}/in-frame"></iframe>`); return;
        case '/fetch': html(response, `<script>fetch('${internal}/by-fetch').catch(() => {}); new Image().src = '${internal}/by-image';</script>`); return;
        case '/popup': html(response, `<a id="go" href="${internal}/in-popup" target="_blank">open</a>`); return;
        case '/link': html(response, `<a id="go" href="${rig.elsewhere.origin}/by-link">Other site</a>`); return;
        case '/redirect-elsewhere': response.writeHead(302, { location: `${rig.elsewhere.origin}/collect?via=redirect` }).end(); return;
        default: html(response, '<h1>Public page</h1><button>Sign in</button>');
      }
    });
    rig.models = await ScriptedModelServer.start();
    const closed = await countingServer('127.0.0.1', () => undefined);
    rig.closedPort = closed.origin;
    await closed.close();
    rig.logs = [];
    rig.service = new RehearseService({
      keys: new ProjectKeys({ [KEY]: 'team' }),
      session: { env: {}, ...options.session },
      limits: options.limits ?? {},
      access: { network: { allowPrivate: false, allowOrigins: [rig.site.origin, rig.elsewhere.origin, rig.closedPort, rig.models.url('/').replace(/\/$/, '')] }, ...options.access },
      log: (line) => rig.logs.push(line),
    });
    rig.url = await rig.service.listen(0, '127.0.0.1');
    rig.call = (path, init = {}) => fetch(`${rig.url}${path}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-api-key': KEY, ...init.headers },
      ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
    });
    rig.start = async (body = {}) => {
      const response = await rig.call('/v1/sessions/start', { body });
      const parsed = (await response.json()) as { data?: { sessionId: string }; error?: unknown };
      if (!parsed.data) throw new Error(`start failed: ${response.status} ${JSON.stringify(parsed)}`);
      return parsed.data.sessionId;
    };
  });
  after(async () => {
    await rig.service?.close();
    await Promise.all([rig.site?.close(), rig.internal?.close(), rig.elsewhere?.close(), rig.models?.close()]);
  });
  return rig;
}

export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string; field?: string }> {
  const body = (await response.json()) as { error: { code: string; message: string; field?: string } };
  return { status: response.status, ...body.error };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
