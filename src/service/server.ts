import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSession, type EngineSession, type SessionOptions } from '../core/engine-session';
import { ServiceCancelledError, ServiceTimeoutError, SessionNotFoundError } from '../core/errors';
import { redact } from '../core/redact';
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
  /** Open sessions per project (429 beyond). */
  readonly sessionsPerProject: number;
  /** Longest call, in ms; the work is cancelled then. */
  readonly callTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServiceLimits = { bodyBytes: 1024 * 1024, sessionsPerProject: 8, callTimeoutMs: 10 * 60_000 };

export interface ServiceOptions {
  readonly keys: ProjectKeys;
  /** Defaults for every session (browser, environment, cache). */
  readonly session?: SessionOptions;
  readonly limits?: Partial<ServiceLimits>;
  /** Let clients choose the browser (executable, CDP or Playwright server URL): for a service on loopback only. */
  readonly trustClientBrowser?: boolean;
  /** A line per request and per failure; secrets are removed first. */
  readonly log?: (line: string) => void;
}

interface Hosted {
  readonly session: EngineSession;
  readonly project: string;
  busy: boolean;
}

const ROUTES = { ...SPEC_ROUTES, ...WORKBENCH_ROUTES };
type RouteName = keyof typeof ROUTES;

const SESSION_PATH = /^\/v1\/sessions\/([^/]+)\/([A-Za-z]+)$/;

/** The HTTP API of DESIGN.md §6 over the engine. */
export class RehearseService {
  private server: Server | undefined;
  private readonly sessions = new Map<string, Hosted>();
  private readonly endedSessions = new Map<string, string>();
  private readonly limits: ServiceLimits;

  constructor(private readonly options: ServiceOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }

  /** Ends every session (closing its browser) and stops listening. */
  async close(): Promise<void> {
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
    this.options.log?.(redact(line, secrets));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const modelKey = header(request, 'x-model-api-key');
    const serviceKey = header(request, 'x-svc-api-key') ?? header(request, 'x-bb-api-key');
    const url = new URL(request.url ?? '/', 'http://service');
    try {
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
        this.endedSessions.set(id, project);
        await hosted.session.end();
        return json(response, 200, { success: true, data: {} });
      }
      if (!(action in ROUTES)) throw new HttpError(404, 'NotFound', `No route POST ${url.pathname}.`);
      await this.operate(request, response, hosted, action as RouteName, modelKey);
    } catch (error) {
      const http = toHttp(error);
      if (http.status >= 500) this.log(`${request.method} ${url.pathname}: ${(error as Error).stack ?? error}`, [modelKey, serviceKey]);
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
    const body = validBody<SessionStartRequest>(SessionStartRequestSchema, await readJson(request, this.limits.bodyBytes));
    const open = [...this.sessions.values()].filter((hosted) => hosted.project === project).length;
    if (open >= this.limits.sessionsPerProject) {
      throw new HttpError(429, 'TooManySessions', `This project has ${open} open sessions, the limit; end one first.`);
    }
    const browser = body.browser;
    if (browser && (browser.cdpUrl || browser.wsEndpoint || browser.launchOptions?.executablePath) && !this.options.trustClientBrowser) {
      throw new HttpError(400, 'ServiceInvalidArgumentError', 'browser: this service chooses its own browser; it does not take one from clients', 'browser');
    }
    const defaults = this.options.session ?? {};
    const session = await createSession({
      ...defaults,
      browser: {
        ...defaults.browser,
        ...(browser?.cdpUrl ? { cdpUrl: browser.cdpUrl } : {}),
        ...(browser?.wsEndpoint ? { wsEndpoint: browser.wsEndpoint } : {}),
        ...(browser?.launchOptions?.executablePath ? { executablePath: browser.launchOptions.executablePath } : {}),
        ...(browser?.launchOptions?.headless !== undefined ? { headless: browser.launchOptions.headless } : {}),
        // Each session in its own context, unless the service is set to share an attached browser's open tab.
        isolate: defaults.browser?.isolate ?? true,
      },
      ...(body.model ?? body.modelName ? { model: body.model ?? inheritModel(body.modelName!, defaults.model) } : {}),
      ...(modelKey ? { modelApiKey: modelKey } : {}),
      ...(body.domSettleTimeoutMs ? { domSettleTimeoutMs: body.domSettleTimeoutMs } : {}),
    });
    this.sessions.set(session.id, { session, project, busy: false });
    this.log(`session ${session.id} started for ${project} (${session.browserOrigin})`);
    json(response, 200, { success: true, data: { sessionId: session.id, available: true } });
  }

  private async operate(request: IncomingMessage, response: ServerResponse, hosted: Hosted, name: RouteName, modelKey: string | undefined): Promise<void> {
    const raw = await readJson(request, this.limits.bodyBytes);
    const route = ROUTES[name];
    const body = validBody(route.schema as never, raw) as never;
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
        signal: controller.signal, ...(modelKey ? { modelApiKey: modelKey } : {}),
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
    }
  }
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
