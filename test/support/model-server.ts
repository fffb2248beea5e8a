import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, sendJson, type LoopbackServer } from './listen';
import { renderAnthropic, renderChat, renderResponses, type Rendered } from './model-wire-formats';

/**
 * A model provider on 127.0.0.1 for tests. It answers the real wire formats that the real `openai` and
 * `@anthropic-ai/sdk` clients speak, JSON and streaming:
 *   …/responses                OpenAI Responses (also Azure v1, Bedrock, compatible servers)
 *   …/chat/completions         OpenAI Chat Completions (also Azure deployments, Google, Vertex, local servers)
 *   …/messages                 Anthropic Messages
 *   …/token                    a Google-style OAuth token endpoint (service-account JWT bearer grant)
 * Every request is recorded. Replies come from a per-test queue (`script`) or, when it is empty, from a `rule`.
 */

export type Wire = 'responses' | 'chat' | 'anthropic' | 'token';

export interface RecordedRequest {
  readonly wire: Wire;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (or, for the token endpoint, the form fields). */
  readonly body: Record<string, unknown>;
  readonly raw: string;
  readonly stream: boolean;
}

export interface ScriptedUsage {
  readonly input?: number;
  readonly output?: number;
  readonly reasoning?: number;
  readonly cached?: number;
}

export type ScriptedReply =
  | {
      readonly text?: string;
      readonly toolCalls?: readonly { readonly name: string; readonly input: unknown; readonly id?: string }[];
      /** The structured object: sent as the text (OpenAI wires) or as the forced tool's input (Anthropic). */
      readonly json?: unknown;
      readonly usage?: ScriptedUsage;
      /** Wait this long before answering (to test cancellation). */
      readonly delayMs?: number;
    }
  | { readonly status: number; readonly message: string; readonly retryAfterMs?: number };

export type Rule = (request: RecordedRequest) => ScriptedReply;

export class ScriptedModelServer {
  readonly requests: RecordedRequest[] = [];
  /** How long each request took the server, from its first byte to the answer's last (benchmarks report it apart). */
  readonly timings: number[] = [];
  private readonly queue: ScriptedReply[] = [];
  private rule: Rule | undefined;
  private tokenCount = 0;
  /** Lifetime given to issued access tokens, in seconds. */
  tokenLifetimeSeconds = 3600;

  private constructor(private readonly loopback: LoopbackServer) {}

  static async start(): Promise<ScriptedModelServer> {
    let instance: ScriptedModelServer | undefined;
    const loopback = await listenOnLoopback((request, response) => void instance!.handle(request, response));
    instance = new ScriptedModelServer(loopback);
    return instance;
  }

  get origin(): string {
    return this.loopback.origin;
  }

  /** Base URL for a wire, as a user would configure it (`http://127.0.0.1:P/v1`). */
  url(path = '/v1'): string {
    return `${this.origin}${path}`;
  }

  /** Queues replies, answered in order. */
  script(...replies: ScriptedReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Answers from a function once the queue is empty. */
  answerWith(rule: Rule | undefined): this {
    this.rule = rule;
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.rule = undefined;
    this.tokenLifetimeSeconds = 3600;
  }

  modelRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.wire !== 'token');
  }

  close(): Promise<void> {
    return this.loopback.close();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    response.on('finish', () => this.timings.push(performance.now() - started));
    const url = new URL(request.url ?? '/', this.origin);
    const raw = await readBody(request);
    const wire = wireOf(url.pathname);
    if (!wire || request.method !== 'POST') {
      sendJson(response, 404, { error: { message: `no such route on the scripted model server: ${request.method} ${url.pathname}` } });
      return;
    }
    const body = wire === 'token' ? Object.fromEntries(new URLSearchParams(raw)) : (JSON.parse(raw || '{}') as Record<string, unknown>);
    const recorded: RecordedRequest = {
      wire,
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body,
      raw,
      stream: body.stream === true,
    };
    this.requests.push(recorded);
    if (wire === 'token') {
      this.tokenCount += 1;
      sendJson(response, 200, { access_token: `vertex-access-token-${this.tokenCount}`, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer' });
      return;
    }
    const reply = this.queue.shift() ?? this.rule?.(recorded);
    if (!reply) {
      sendJson(response, 500, { error: { message: 'the scripted model server has no reply left for this request' } }, { 'x-should-retry': 'false' });
      return;
    }
    if ('status' in reply) {
      const errorBody = wire === 'anthropic'
        ? { type: 'error', error: { type: reply.status === 429 ? 'rate_limit_error' : 'api_error', message: reply.message } }
        : { error: { message: reply.message, type: 'scripted_error', code: null } };
      sendJson(response, reply.status, errorBody, reply.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(reply.retryAfterMs) });
      return;
    }
    if (reply.delayMs && !(await delayUnlessClosed(reply.delayMs, response))) return;
    const rendered = renderFor(wire, recorded, reply);
    if (!recorded.stream) {
      sendJson(response, 200, rendered.json);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of rendered.events) {
      response.write(`${event.event ? `event: ${event.event}\n` : ''}data: ${typeof event.data === 'string' ? event.data : JSON.stringify(event.data)}\n\n`);
    }
    response.end();
  }
}

function wireOf(path: string): Wire | undefined {
  if (path.endsWith('/responses')) return 'responses';
  if (path.endsWith('/chat/completions')) return 'chat';
  if (path.endsWith('/messages')) return 'anthropic';
  if (path.endsWith('/token')) return 'token';
  return undefined;
}

function renderFor(wire: Exclude<Wire, 'token'>, request: RecordedRequest, reply: Exclude<ScriptedReply, { status: number }>): Rendered {
  switch (wire) {
    case 'responses': return renderResponses(request.body, reply);
    case 'chat': return renderChat(request.body, reply);
    case 'anthropic': return renderAnthropic(request.body, reply);
  }
}

/** Waits; false as soon as the client goes away (so a cancelled request does not hold the test up). */
function delayUnlessClosed(ms: number, response: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve(true);
    }, ms);
    response.once('close', onClose);
  });
}
