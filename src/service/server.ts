import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserOptions } from '../core/browser/browser-host';
import { createSession, type EngineSession, type SessionOptions } from '../core/engine-session';
import { ServiceCancelledError, ServiceTimeoutError, SessionNotFoundError } from '../core/errors';
import { chosenEndpoints } from '../core/models';
import { checkDestination, type NetworkPolicy } from '../core/network/address-policy';
import { redact, redactUrl, redactUrls } from '../core/redact';
import { HostCheck } from './host-check';
import { validate, type InputProblem, type ModelSetting } from '../schema';
import type { ProjectKeys } from './auth';
import { errorBody, HttpError, toHttp } from './http-errors';
import { ROUTES as SPEC_ROUTES } from './routes';
import { WORKBENCH_ROUTES } from './workbench-routes';
import { EventWriter } from './sse';
import { SessionStartRequestSchema, type SessionStartRequest } from './wire';

export interface ServiceLimits {
  /** Largest request body, in bytes (413 beyond). */
  readonly bodyBytes: number;
  /** Open sessions per project (429 beyond); a session counts from the moment its start is asked for. */
  readonly sessionsPerProject: number;
  /** Longest call, in ms; the work is cancelled then. */
  readonly callTimeoutMs: number;
  /** A session no call has used for this long is ended, its browser closed (ms). */
  readonly idleTimeoutMs: number;
  /** Time for a client to send a request's headers, and the whole request (ms): slow clients are cut off. */
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  bodyBytes: 1024 * 1024, sessionsPerProject: 8, callTimeoutMs: 10 * 60_000, idleTimeoutMs: 5 * 60_000, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000,
};

/** What the operator lets clients reach (README: Security model). Everything not listed is refused. */
export interface ServiceAccess {
  /** Where session browsers may go; default: the public web only. */
  readonly network: NetworkPolicy;
  /** Browser URLs (CDP or Playwright server) clients may name in sessions/start, by origin. Default: none. */
  readonly browserUrls: readonly string[];
  /** MCP server URLs the agent may connect to (agentConfig.integrations), by prefix. Default: none. */
  readonly mcpUrls: readonly string[];
  /** Host names this service answers to besides its own address (behind a proxy or load balancer). */
  readonly hostNames: readonly string[];
}

export const CLOSED_ACCESS: ServiceAccess = { network: { allowPrivate: false, allowOrigins: [] }, browserUrls: [], mcpUrls: [], hostNames: [] };

export interface ServiceOptions {
  readonly keys: ProjectKeys;
  /** Defaults for every session (browser, environment, cache): the operator's, never a client's. */
  readonly session?: SessionOptions;
  readonly limits?: Partial<ServiceLimits>;
  readonly access?: Partial<ServiceAccess>;
  /** A line per request and per failure; secrets are removed first. */
  readonly log?: (line: string) => void;
}

interface Hosted {
  readonly session: EngineSession;
  readonly project: string;
  busy: boolean;
  lastUsed: number;
}

const ROUTES = { ...SPEC_ROUTES, ...WORKBENCH_ROUTES };
type RouteName = keyof typeof ROUTES;

const SESSION_PATH = /^\/v1\/sessions\/([^/]+)\/([A-Za-z]+)$/;

/** The HTTP API of DESIGN.md §6 over the engine. */
export class RehearseService {
  private server: Server | undefined;
  private readonly sessions = new Map<string, Hosted>();
  private readonly endedSessions = new Map<string, string>();
  /** Starts under way per project: they count against the limit before their browser is up (bursts). */
  private readonly starting = new Map<string, number>();
  private readonly limits: ServiceLimits;
  private readonly access: ServiceAccess;
  private hosts: HostCheck | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: ServiceOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.access = { ...CLOSED_ACCESS, ...options.access };
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer({
      headersTimeout: this.limits.headersTimeoutMs, requestTimeout: this.limits.requestTimeoutMs,
      // How often slow requests are looked for: a slow-loris client is cut off within this of its time running out.
      connectionsCheckingInterval: Math.min(1_000, this.limits.headersTimeoutMs),
    }, (request, response) => {
      this.handle(request, response).catch((error: unknown) => this.lastResort(response, error));
    });
    server.keepAliveTimeout = 5_000;
    server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
      else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.hosts = new HostCheck(host, address.port, this.access.hostNames);
    this.sweeper = setInterval(() => void this.endIdleSessions(), Math.min(this.limits.idleTimeoutMs, 30_000)).unref();
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }

  /** Ends sessions no call has used for the idle timeout; busy ones are in use, whatever their age. */
  private async endIdleSessions(): Promise<void> {
    const now = Date.now();
    for (const [id, hosted] of this.sessions) {
      if (hosted.busy || now - hosted.lastUsed < this.limits.idleTimeoutMs) continue;
      this.sessions.delete(id);
      this.rememberEnded(id, hosted.project);
      this.log(`session ${id} of ${hosted.project} ended after ${Math.round(this.limits.idleTimeoutMs / 1000)} s without a call`);
      await hosted.session.end().catch(() => undefined);
    }
  }

  private rememberEnded(id: string, project: string): void {
    this.endedSessions.set(id, project);
    // Ids of ended sessions are kept for a clear 409, but not for ever.
    while (this.endedSessions.size > 10_000) this.endedSessions.delete(this.endedSessions.keys().next().value!);
  }

  /** An answer for a request whose handling failed where no error should be possible: never a crash, never silence. */
  private lastResort(response: ServerResponse, error: unknown): void {
    this.log(`unexpected failure: ${(error as Error)?.stack ?? String(error)}`);
    if (!response.headersSent) json(response, 500, errorBody(new HttpError(500, 'InternalError', 'The service failed unexpectedly; the error is in its log.')));
    else if (!response.writableEnded) response.end();
  }

  /** Ends every session (closing its browser) and stops listening. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((hosted) => hosted.session.end().catch(() => undefined)));
    this.sessions.clear();
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  private log(line: string, secrets: readonly (string | undefined)[] = []): void {
    this.options.log?.(redactUrls(redact(line, secrets)));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const modelKey = header(request, 'x-model-api-key');
    const serviceKey = header(request, 'x-svc-api-key') ?? header(request, 'x-bb-api-key');
    let path = '?';
    try {
      path = requestPath(request.url);
      this.hosts?.check(header(request, 'host'));
      refuseBrowserOrigin(header(request, 'origin'), header(request, 'sec-fetch-site'));
      const url = { pathname: path };
      const project = this.options.keys.projectOf(serviceKey);
      if (!project) throw new HttpError(401, 'Unauthorized', 'Missing or invalid x-svc-api-key.');
      if (request.method === 'POST' && url.pathname === '/v1/sessions/start') {
        await this.start(request, response, project, modelKey);
        return;
      }
      const match = SESSION_PATH.exec(url.pathname);
      if (!match) throw new HttpError(404, 'NotFound', `No route ${request.method} ${url.pathname}.`);
      const [, id, action] = match as unknown as [string, string, string];
      const hosted = this.hostedFor(id, project);
      if (action === 'replay' && request.method === 'GET') return json(response, 200, { success: true, data: replayMetrics(hosted.session) });
      if (request.method !== 'POST') throw new HttpError(405, 'MethodNotAllowed', `${request.method} is not allowed on ${url.pathname}; use POST.`);
      if (action === 'end') {
        await readBody(request, this.limits.bodyBytes);
        this.sessions.delete(id);
        this.rememberEnded(id, project);
        await hosted.session.end();
        return json(response, 200, { success: true, data: {} });
      }
      if (!(action in ROUTES)) throw new HttpError(404, 'NotFound', `No route POST ${url.pathname}.`);
      await this.operate(request, response, hosted, action as RouteName, modelKey);
    } catch (error) {
      const http = toHttp(error);
      if (http.status >= 500 || http.code === 'ServiceError') this.log(`${request.method} ${path}: ${(error as Error).stack ?? error}${causeOf(error)}`, [modelKey, serviceKey]);
      if (!response.headersSent) json(response, http.status, errorBody(http));
      else if (!response.writableEnded) response.end();
    }
  }

  private hostedFor(id: string, project: string): Hosted {
    const hosted = this.sessions.get(id);
    // Another project's session is as unknown as one that does not exist.
    if (hosted && hosted.project === project) return hosted;
    if (this.endedSessions.get(id) === project) throw new HttpError(409, 'SessionEnded', `Session ${id} has ended; start a new one.`);
    throw new SessionNotFoundError(`No session ${id}.`);
  }

  private async start(request: IncomingMessage, response: ServerResponse, project: string, modelKey: string | undefined): Promise<void> {
    // Counted from here, before anything is awaited: twenty starts at once cannot all pass a limit of eight.
    const open = [...this.sessions.values()].filter((hosted) => hosted.project === project).length + (this.starting.get(project) ?? 0);
    if (open >= this.limits.sessionsPerProject) {
      throw new HttpError(429, 'TooManySessions', `This project has ${open} open sessions, the limit; end one first.`);
    }
    this.starting.set(project, (this.starting.get(project) ?? 0) + 1);
    try {
      const body = validBody<SessionStartRequest>(SessionStartRequestSchema, await readJson(request, this.limits.bodyBytes));
      const browser = clientBrowser(body.browser, this.access.browserUrls);
      const model = body.model ?? (body.modelName ? inheritModel(body.modelName, this.options.session?.model) : undefined);
      if (body.model) await this.checkModelEndpoints(body.model, 'model');
      const defaults = this.options.session ?? {};
      const session = await createSession({
        ...defaults,
        browser: {
          ...defaults.browser,
          ...browser,
          // Each session in its own context, unless the service is set to share an attached browser's open tab.
          isolate: defaults.browser?.isolate ?? true,
        },
        network: this.access.network,
        envKeyEndpoints: operatorEndpoints(defaults.model),
        ...(model ? { model } : {}),
        ...(modelKey ? { modelApiKey: modelKey } : {}),
        ...(body.domSettleTimeoutMs ? { domSettleTimeoutMs: body.domSettleTimeoutMs } : {}),
      });
      this.sessions.set(session.id, { session, project, busy: false, lastUsed: Date.now() });
      this.log(`session ${session.id} started for ${project} (${session.browserOrigin})`);
      json(response, 200, { success: true, data: { sessionId: session.id, available: true, idleTimeoutMs: this.limits.idleTimeoutMs } });
    } finally {
      this.starting.set(project, (this.starting.get(project) ?? 1) - 1);
    }
  }

  /** A client's model endpoints (base URLs, token URIs) are held to the same network policy as its browser. */
  private async checkModelEndpoints(model: ModelSetting | undefined, field: string): Promise<void> {
    for (const endpoint of chosenEndpoints(model, field)) {
      await checkDestination(endpoint.url, this.access.network).catch((error: unknown) => {
        throw new HttpError(400, 'ServiceInvalidArgumentError', `${endpoint.field}: ${error instanceof Error ? error.message : 'refused'}`, endpoint.field);
      });
    }
  }

  private async operate(request: IncomingMessage, response: ServerResponse, hosted: Hosted, name: RouteName, modelKey: string | undefined): Promise<void> {
    const raw = await readJson(request, this.limits.bodyBytes);
    const route = ROUTES[name];
    const body = validBody(route.schema as never, raw) as never;
    for (const [model, field] of modelsOf(body)) await this.checkModelEndpoints(model, field);
    if (hosted.busy) throw new HttpError(409, 'SessionBusy', `Session ${hosted.session.id} is busy with another call; wait for it to finish.`);
    const streaming = header(request, 'x-stream-response') === 'true' || (raw as { streamResponse?: unknown }).streamResponse === true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new ServiceTimeoutError(`The call took longer than the service allows (${this.limits.callTimeoutMs} ms).`)), this.limits.callTimeoutMs);
    // A client that goes away cancels its work: nothing more happens in its browser for it.
    response.on('close', () => {
      if (!response.writableFinished) controller.abort(new ServiceCancelledError('The client went away.'));
    });
    const writer = streaming ? new EventWriter(response) : undefined;
    writer?.system('starting');
    writer?.system('connected');
    hosted.busy = true;
    try {
      const outcome = await route.run(hosted.session, body, {
        signal: controller.signal, ...(modelKey ? { modelApiKey: modelKey } : {}), mcpUrls: this.access.mcpUrls,
        log: (message, data) => writer?.log(redact(message, [modelKey]), data ?? {}),
      });
      if (writer) writer.finished(outcome.result, outcome.extra);
      else json(response, 200, { success: true, data: { result: outcome.result, ...outcome.extra } }, outcome.headers);
    } catch (error) {
      const http = toHttp(error);
      if (http.status >= 500) this.log(`${name} on ${hosted.session.id}: ${(error as Error).stack ?? error}`, [modelKey]);
      if (writer) writer.error(http.code, http.message);
      else throw http;
    } finally {
      clearTimeout(timer);
      hosted.busy = false;
      hosted.lastUsed = Date.now();
    }
  }
}

/** The path of a request target; only origin-form (`/v1/…`) is served, so an absolute-form target never reaches a route. */
function requestPath(target: string | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//')) throw new HttpError(400, 'BadRequestTarget', 'The request target must be a path such as /v1/sessions/start.');
  let path: string;
  try {
    path = new URL(target, 'http://service.invalid').pathname;
    decodeURIComponent(path);
  } catch {
    throw new HttpError(400, 'BadRequestTarget', 'The request target is not a valid path.');
  }
  return path;
}

/**
 * Browsers send Origin (and Sec-Fetch-Site) with the requests a page makes; the service's clients are programs, which
 * do not. A page on another site must never reach the service, even knowing a key: there is no CORS, and such
 * requests are refused before anything else.
 */
function refuseBrowserOrigin(origin: string | undefined, fetchSite: string | undefined): void {
  if ((origin !== undefined && origin !== '') || (fetchSite !== undefined && fetchSite !== 'none')) {
    throw new HttpError(403, 'ForbiddenOrigin', 'Requests from web pages are not accepted: call this service from a program, not from a browser page.');
  }
}

/** Model settings a request body names, with their field, for the endpoint check. */
function modelsOf(body: unknown): [ModelSetting, string][] {
  const found: [ModelSetting, string][] = [];
  const record = body as { options?: { model?: ModelSetting }; agentConfig?: { model?: ModelSetting } } | undefined;
  if (record?.options?.model) found.push([record.options.model, 'options.model']);
  if (record?.agentConfig?.model) found.push([record.agentConfig.model, 'agentConfig.model']);
  return found;
}

/** The operator's own model endpoint may get the keys in the service's environment; no client-chosen one may. */
function operatorEndpoints(model: ModelSetting | undefined): readonly string[] {
  return typeof model === 'object' && model.baseURL ? [model.baseURL] : [];
}

/**
 * What a client may say about its browser: headless or not, and an attached browser only at an origin the operator
 * listed. The executable, its arguments and paths are the operator's alone (`rehearse serve --browser`).
 */
function clientBrowser(browser: SessionStartRequest['browser'], allowed: readonly string[]): BrowserOptions {
  if (!browser) return {};
  if (browser.launchOptions?.executablePath) {
    throw new HttpError(400, 'ServiceInvalidArgumentError', 'browser.launchOptions.executablePath: this service runs the browser its operator configured (rehearse serve --browser); a client cannot choose a program', 'browser.launchOptions.executablePath');
  }
  const attach: BrowserOptions = {};
  for (const field of ['cdpUrl', 'wsEndpoint'] as const) {
    const value = browser[field];
    if (!value) continue;
    const origin = URL.canParse(value) ? `${new URL(value).protocol}//${new URL(value).host}` : undefined;
    if (!origin || !allowed.includes(origin)) {
      throw new HttpError(400, 'ServiceInvalidArgumentError', `browser.${field}: this service attaches only to browsers its operator allows (rehearse serve --allow-browser-url); ${redactUrl(value)} is not one`, `browser.${field}`);
    }
    Object.assign(attach, { [field]: value });
  }
  return { ...attach, ...(browser.launchOptions?.headless !== undefined ? { headless: browser.launchOptions.headless } : {}) };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  return cause instanceof Error ? `\ncaused by: ${cause.stack ?? cause.message}` : '';
}

/** A model named by the client keeps the service's configuration for that provider (base URL, key, headers). */
function inheritModel(modelName: string, configured: ModelSetting | undefined): ModelSetting {
  if (!configured || typeof configured === 'string') return modelName;
  const provider = (name: string) => name.split('/')[0];
  return provider(configured.modelName) === provider(modelName) ? { ...configured, modelName } as ModelSetting : modelName;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new HttpError(413, 'PayloadTooLarge', `The body is ${declared} bytes; the limit is ${limit}.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'PayloadTooLarge', `The body is over the limit of ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  const text = await readBody(request, limit);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'InvalidJson', 'The body is not valid JSON.');
  }
}

function validBody<T>(schema: Parameters<typeof validate>[0], raw: unknown): T {
  const checked = validate(schema, raw);
  if (checked.ok) return checked.value as T;
  const first: InputProblem = checked.problems[0]!;
  throw new HttpError(400, 'InvalidRequest', checked.problems.map((problem) => problem.message).join('; '), first.field);
}

/** Per-call metrics in the shape the Stagehand client reads (GET /replay). */
function replayMetrics(session: EngineSession) {
  return {
    pages: [{
      url: session.isEnded ? '' : session.page().url(),
      actions: session.metrics.map((metric) => ({
        method: metric.method === 'agentExecute' ? 'agent' : metric.method,
        ok: metric.ok,
        startedAt: metric.startedAt,
        durationMs: metric.durationMs,
        ...(metric.usage ? { tokenUsage: { inputTokens: metric.usage.input_tokens, outputTokens: metric.usage.output_tokens, reasoningTokens: metric.usage.reasoning_tokens ?? 0, cachedInputTokens: metric.usage.cached_input_tokens ?? 0, timeMs: metric.usage.inference_time_ms } } : {}),
      })),
    }],
  };
}
