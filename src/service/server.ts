import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSession, type EngineSession, type SessionOptions } from '../core/engine-session';
import { ServiceCancelledError, ServiceTimeoutError, SessionNotFoundError } from '../core/errors';
import { redact, redactUrls } from '../core/redact';
import type { ProjectKeys } from './auth';
import { checkModelEndpoints, clientBrowser, CLOSED_ACCESS, inheritModel, modelsOf, operatorEndpoints, type ServiceAccess } from './client-access';
import { HostCheck } from './host-check';
import { errorBody, HttpError, toHttp } from './http-errors';
import { header, json, readBody, readJson, refuseBrowserOrigin, requestPath, validBody } from './http-io';
import { API, SessionStartRequestSchema, type RouteName } from '../schema/api';
import { SPEC_ROUTES, type Route, type RouteTable } from './routes';
import { WORKBENCH_ROUTES } from './workbench-routes';
import { LIVE_VIEW_ROUTES } from './live-view-routes';
import { cutSlowClients } from './slow-clients';
import { EventWriter } from './sse';

export { CLOSED_ACCESS, type ServiceAccess };

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

const DEFAULT_LIMITS: ServiceLimits = {
  bodyBytes: 1024 * 1024, sessionsPerProject: 8, callTimeoutMs: 10 * 60_000, idleTimeoutMs: 5 * 60_000, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000,
};

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
  /** Calls running beside the one call at a time (the live view): the session is in use while any runs. */
  beside: number;
  lastUsed: number;
}

/** Every route of the contract has its handler here: one missing, or one the contract does not name, does not compile. */
const ROUTES: RouteTable<RouteName> = { ...SPEC_ROUTES, ...WORKBENCH_ROUTES, ...LIVE_VIEW_ROUTES };

/** A route's own name, not one every object has (`constructor`, `toString`). */
function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(API, name);
}

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
    // Slow clients are cut by cutSlowClients' timers, one per connection. Node's own sweep is off: it runs in the event
    // loop's timer phase, before the bytes that arrived while the service was busy are read, and so cut prompt clients
    // of a busy service (a burst of session starts) as slow.
    const server = createServer({ headersTimeout: 0, requestTimeout: 0 }, (request, response) => {
      this.handle(request, response).catch((error: unknown) => this.lastResort(response, error));
    });
    server.keepAliveTimeout = 5_000;
    cutSlowClients(server, this.limits);
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
      if (hosted.busy || hosted.beside > 0 || now - hosted.lastUsed < this.limits.idleTimeoutMs) continue;
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

  /** Failures the service did not expect (5xx, or an error the engine only wrapped) are logged with their cause. */
  private logFailure(what: string, error: unknown, http: HttpError, secrets: readonly (string | undefined)[]): void {
    if (http.status < 500 && http.code !== 'ServiceError') return;
    const cause = (error as { cause?: unknown })?.cause;
    this.log(`${what}: ${(error as Error)?.stack ?? String(error)}${cause instanceof Error ? `\ncaused by: ${cause.stack ?? cause.message}` : ''}`, secrets);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const modelKey = header(request, 'x-model-api-key');
    const serviceKey = header(request, 'x-svc-api-key') ?? header(request, 'x-bb-api-key');
    let path = '?';
    try {
      path = requestPath(request.url);
      this.hosts?.check(header(request, 'host'));
      refuseBrowserOrigin(header(request, 'origin'), header(request, 'sec-fetch-site'));
      const project = this.options.keys.projectOf(serviceKey);
      if (!project) throw new HttpError(401, 'Unauthorized', 'Missing or invalid x-svc-api-key.');
      if (request.method === 'POST' && path === '/v1/sessions/start') {
        await this.start(request, response, project, modelKey);
        return;
      }
      const match = SESSION_PATH.exec(path);
      if (!match) throw new HttpError(404, 'NotFound', `No route ${request.method} ${path}.`);
      const [, id, action] = match as unknown as [string, string, string];
      const hosted = this.hostedFor(id, project);
      if (action === 'replay' && request.method === 'GET') return json(response, 200, { success: true, data: replayMetrics(hosted.session) });
      if (request.method !== 'POST') throw new HttpError(405, 'MethodNotAllowed', `${request.method} is not allowed on ${path}; use POST.`);
      if (action === 'end') {
        await readBody(request, this.limits.bodyBytes);
        this.sessions.delete(id);
        this.rememberEnded(id, project);
        await hosted.session.end();
        return json(response, 200, { success: true, data: {} });
      }
      if (!isRouteName(action)) throw new HttpError(404, 'NotFound', `No route POST ${path}.`);
      await this.operate(request, response, hosted, action, modelKey);
    } catch (error) {
      const http = toHttp(error);
      this.logFailure(`${request.method} ${path}`, error, http, [modelKey, serviceKey]);
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
      const body = validBody(SessionStartRequestSchema, await readJson(request, this.limits.bodyBytes));
      const browser = clientBrowser(body.browser, this.access.browserUrls);
      const model = body.model ?? (body.modelName ? inheritModel(body.modelName, this.options.session?.model) : undefined);
      if (body.model) await checkModelEndpoints(body.model, 'model', this.access.network);
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
      this.sessions.set(session.id, { session, project, busy: false, beside: 0, lastUsed: Date.now() });
      this.log(`session ${session.id} started for ${project} (${session.browserOrigin})`);
      json(response, 200, { success: true, data: { sessionId: session.id, available: true, idleTimeoutMs: this.limits.idleTimeoutMs } });
    } finally {
      this.starting.set(project, (this.starting.get(project) ?? 1) - 1);
    }
  }

  private async operate<N extends RouteName>(request: IncomingMessage, response: ServerResponse, hosted: Hosted, name: N, modelKey: string | undefined): Promise<void> {
    const raw = await readJson(request, this.limits.bodyBytes);
    const route: Route<N> = ROUTES[name];
    const body = validBody(API[name].request, raw);
    for (const [model, field] of modelsOf(body)) await checkModelEndpoints(model, field, this.access.network);
    const beside = route.concurrent === true;
    if (!beside && hosted.busy) throw new HttpError(409, 'SessionBusy', `Session ${hosted.session.id} is busy with another call; wait for it to finish.`);
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
    if (beside) hosted.beside++;
    else hosted.busy = true;
    try {
      const outcome = await route.run(hosted.session, body, {
        signal: controller.signal, ...(modelKey ? { modelApiKey: modelKey } : {}), mcpUrls: this.access.mcpUrls,
        log: (message, data) => writer?.log(redact(message, [modelKey]), data ?? {}),
        streaming, drained: () => writer?.drained() ?? Promise.resolve(),
      });
      if (writer) writer.finished(outcome.result, outcome.extra);
      else json(response, 200, { success: true, data: { result: outcome.result, ...outcome.extra } }, outcome.headers);
    } catch (error) {
      const http = toHttp(error);
      this.logFailure(`${name} on ${hosted.session.id}`, error, http, [modelKey]);
      if (writer) writer.error(http.code, http.message, http.field);
      else throw http;
    } finally {
      clearTimeout(timer);
      if (beside) hosted.beside--;
      else hosted.busy = false;
      hosted.lastUsed = Date.now();
    }
  }
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
