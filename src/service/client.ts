import * as v from 'valibot';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { errorFromName, ServiceError } from '../core/errors';
import type {
  ActCallOptions, ActOutcome, AgentCallOptions, ExpectCallOptions, ExtractCallOptions, ExtractResult, NavigateOptions, NavigateResult,
  ObserveCallOptions, ObserveResult, Session,
} from '../core/session-types';
import type { RecordedStep } from '../flows/recorder';

import type { FlowFiles } from '../flows/uploads';
import { LiveInputResultSchema, ScreencastFrameSchema, type LiveInputEvent, type LiveInputResult, type ScreencastFrame } from '../schema/live-view';
import { FlowResultSchema, FlowSchema, PickedElementSchema, StepEventSchema, type PickedElement, type Action, type ActionStep, type AgentSetup, type AgentExecuteInput, type AgentResult, type Expectation, type ExpectResult, type Flow, type FlowResult, type ModelSetting, type StepEvent, type StepResult } from '../schema';

export type * from '../core/session-types';
import type { AgentStepEvent } from '../core/agent/agent-events';
export type { AgentStepEvent };
export type { FlowResult, RecordedStep, StepEvent, StepResult };
export type { LiveInputEvent, LiveInputResult, ScreencastFrame };

export interface ReplayCallOptions {
  readonly variables?: Readonly<Record<string, string>>;
  readonly upTo?: number;
  readonly stepTimeoutMs?: number;
  readonly heal?: boolean;
  /** What the flow's upload steps send, read beside the flow file (collectUploads). */
  readonly files?: FlowFiles;
  /** A pause before each step, to watch the replay. */
  readonly slowMoMs?: number;
  readonly signal?: AbortSignal;
  /** Each step as it starts (no status) and as it ends. */
  readonly onStep?: (step: StepEvent) => void;
  /** Keep a Playwright trace of a failed replay (not for flows with secret variables: see traceRefusal). */
  readonly traceOnFailure?: boolean;
}

export interface ServiceConnection {
  /** `http://127.0.0.1:<port>` (no /v1). */
  readonly url: string;
  readonly apiKey: string;
  /** Sent as x-model-api-key: a model key the service does not keep. */
  readonly modelApiKey?: string;
}

export interface StartOptions {
  readonly model?: ModelSetting;
  readonly browser?: { readonly cdpUrl?: string; readonly wsEndpoint?: string; readonly launchOptions?: { readonly executablePath?: string; readonly headless?: boolean } };
  readonly domSettleTimeoutMs?: number;
}

/** An SSE frame of the service (DESIGN.md §6), checked as it arrives: a stream that says something else is an error. */
const FrameSchema = v.object({
  type: v.picklist(['system', 'log']),
  data: v.looseObject({
    status: v.string(),
    result: v.optional(v.unknown()),
    error: v.optional(v.string()),
    code: v.optional(v.string()),
    field: v.optional(v.string()),
    message: v.optional(v.looseObject({ message: v.optional(v.string()), step: v.optional(v.unknown()), recorded: v.optional(v.unknown()) })),
    actionId: v.optional(v.string()),
  }),
});
type Frame = v.InferOutput<typeof FrameSchema>;

/** What the service sent, as the schema says it is, or an error saying what it was not. */
function checked<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ServiceError(`The service sent ${what} of another shape: ${v.summarize(result.issues).split('\n')[0]}`);
  return result.output;
}

function readFrame(text: string, route: string): Frame {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ServiceError(`The service's ${route} stream sent a frame that is not JSON: ${text.slice(0, 120)}`);
  }
  const checked = v.safeParse(FrameSchema, raw);
  if (!checked.success) throw new ServiceError(`The service's ${route} stream sent a frame of another shape (${v.summarize(checked.issues).split('\n')[0]}): ${text.slice(0, 120)}`);
  return checked.output;
}

/** An HTTP failure as the error class the engine would have thrown (the service sends the class name as `code`). */
async function failure(response: Response): Promise<ServiceError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string; field?: string } };
    if (body.error?.message) return errorFromName(body.error.code ?? 'ServiceError', body.error.message, body.error.field);
  } catch {
    // not JSON: report the status
  }
  return new ServiceError(`The service answered HTTP ${response.status}: ${text.slice(0, 200)}`);
}

/** Starts a session on a Rehearse service. */
export async function startRemoteSession(connection: ServiceConnection, options: StartOptions = {}, signal?: AbortSignal): Promise<HttpSession> {
  const response = await fetch(`${connection.url}/v1/sessions/start`, { method: 'POST', headers: headers(connection), body: JSON.stringify(options), signal });
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { data: { sessionId: string } };
  return new HttpSession(connection, body.data.sessionId);
}

function headers(connection: ServiceConnection, streaming = false): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-svc-api-key': connection.apiKey,
    ...(connection.modelApiKey ? { 'x-model-api-key': connection.modelApiKey } : {}),
    ...(streaming ? { 'x-stream-response': 'true' } : {}),
  };
}

/** The Session interface over HTTP: the same calls replay, the CLI and the extension make in-process. */
export class HttpSession implements Session {
  constructor(private readonly connection: ServiceConnection, readonly id: string) {}

  /** Calls a route with streaming on: progress events arrive as they happen; the result comes with `finished`. */
  private async call<T>(route: string, body: unknown, signal?: AbortSignal, onLog?: (frame: Frame) => void): Promise<{ result: T; extra: Frame['data'] }> {
    const response = await fetch(`${this.connection.url}/v1/sessions/${this.id}/${route}`, { method: 'POST', headers: headers(this.connection, true), body: JSON.stringify(body), signal });
    if (!response.ok || !response.body) throw await failure(response);
    let outcome: { result: T; extra: Frame['data'] } | undefined;
    let error: ServiceError | undefined;
    const parser = createParser({
      onEvent: (event: EventSourceMessage) => {
        const frame = readFrame(event.data, route);
        if (frame.type === 'log') onLog?.(frame);
        else if (frame.data.status === 'finished') outcome = { result: frame.data.result as T, extra: frame.data };
        else if (frame.data.status === 'error') error = errorFromName(frame.data.code ?? 'ServiceError', frame.data.error ?? 'The service reported an error.', frame.data.field);
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    if (error) throw error;
    if (!outcome) throw new ServiceError(`The service closed the ${route} stream without a result.`);
    return outcome;
  }

  /** Calls a route as JSON: for short calls made often (live input), where a stream's frames are overhead. */
  private async post(route: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const response = await fetch(`${this.connection.url}/v1/sessions/${this.id}/${route}`, { method: 'POST', headers: headers(this.connection), body: JSON.stringify(body), signal });
    if (!response.ok) throw await failure(response);
    return ((await response.json()) as { data?: { result?: unknown } }).data?.result;
  }

  async navigate(url: string, options: NavigateOptions = {}): Promise<NavigateResult> {
    const { signal, onProgress: _progress, ...rest } = options;
    return (await this.call<NavigateResult>('navigate', { url, options: rest }, signal)).result;
  }

  async observe(instruction?: string, options: ObserveCallOptions = {}): Promise<ObserveResult> {
    const { signal, onProgress, frameId, ...rest } = options;
    const { result, extra } = await this.call<ObserveResult['result']>('observe', { instruction, options: rest, frameId }, signal, (frame) => onProgress?.({ message: frame.data.message?.message ?? '' }));
    return { result, actionId: String(extra.actionId ?? '') };
  }

  async act(input: string | Action, options: ActCallOptions = {}): Promise<ActOutcome> {
    const { signal, onProgress, frameId, ...rest } = options;
    return (await this.call<ActOutcome>('act', { input, options: rest, frameId }, signal, (frame) => onProgress?.({ message: frame.data.message?.message ?? '' }))).result;
  }

  async extract(instruction: string, schema: Record<string, unknown>, options: ExtractCallOptions = {}): Promise<ExtractResult> {
    const { signal, onProgress: _progress, frameId, ...rest } = options;
    return { data: (await this.call<unknown>('extract', { instruction, schema, options: rest, frameId }, signal)).result };
  }

  async expect(expectation: Expectation, options: ExpectCallOptions = {}): Promise<ExpectResult> {
    const { signal, onProgress: _progress, ...rest } = options;
    return (await this.call<ExpectResult>('expect', { expectation, options: rest }, signal)).result;
  }

  async agentExecute(config: AgentSetup, execute: string | AgentExecuteInput, options: AgentCallOptions = {}): Promise<AgentResult> {
    const { signal, onEvent, variables, allowedOrigins } = options;
    const { result } = await this.call<AgentResult>('agentExecute', { agentConfig: config, executeOptions: execute, variables, allowedOrigins }, signal, (frame) => {
      const step = frame.data.message?.step;
      // The frame's shape is checked (readFrame); a step in it is the engine's own AgentStepEvent, passed on as it came.
      if (step && typeof step === 'object') onEvent?.(step as AgentStepEvent);
    });
    return result;
  }

  /** Outlines the element in the browser; no selector clears it. How many elements matched. */
  async highlight(selector: string | undefined, signal?: AbortSignal): Promise<number> {
    return (await this.call<{ matched: number }>('highlight', { selector: selector ?? null }, signal)).result.matched;
  }

  /** Candidates of an observe call (its actionId) as flow steps, with their fallbacks and fingerprints. */
  /** Picks as flow steps; what they type into password fields is replaced by the secret variables given with them. */
  async pickSteps(actionId: string, indexes: readonly number[], instruction?: string): Promise<{ steps: ActionStep[]; variables?: Flow['variables'] }> {
    const { result, extra } = await this.call<ActionStep[]>('pickSteps', { actionId, indexes, ...(instruction ? { instruction } : {}) });
    return { steps: result, ...(extra.variables ? { variables: extra.variables as Flow['variables'] } : {}) };
  }

  /** Replays a flow in this session; `healedFlow` is the flow with healed selectors in place, when any healed. */
  async replayFlow(flow: Flow, options: ReplayCallOptions = {}): Promise<{ result: FlowResult; healedFlow?: Flow; trace?: Uint8Array; traceNote?: string }> {
    const { signal, onStep, ...rest } = options;
    const { result, extra } = await this.call<unknown>('replayFlow', { flow, ...rest }, signal, (frame) => {
      const step = frame.data.message?.step;
      if (step !== undefined) onStep?.(checked(StepEventSchema, step, 'a replay step'));
    });
    return {
      result: checked(FlowResultSchema, result, 'the replay\'s result'),
      ...(extra.healedFlow ? { healedFlow: checked(FlowSchema, extra.healedFlow, 'the healed flow') } : {}),
      ...(typeof extra.trace === 'string' ? { trace: Buffer.from(extra.trace, 'base64') } : {}),
      ...(typeof extra.traceNote === 'string' ? { traceNote: extra.traceNote } : {}),
    };
  }

  /** Waits for the person to click an element in the browser (outlined under the pointer) and names it; `signal` stops. */
  async pickLocator(signal?: AbortSignal): Promise<PickedElement> {
    return checked(PickedElementSchema, (await this.call<unknown>('pickLocator', {}, signal)).result, 'the picked element');
  }

  /**
   * Records what a person does in the browser, a step at a time, until `signal` aborts; a gesture that could not become
   * a step is told to `onProblem` as it happens.
   */
  async record(onStep: (recorded: RecordedStep) => void, signal: AbortSignal, onProblem?: (problem: string) => void): Promise<void> {
    try {
      await this.call<unknown>('record', {}, signal, (frame) => {
        const message = frame.data.message as { recorded?: RecordedStep; problem?: unknown } | undefined;
        if (message?.recorded) onStep(message.recorded);
        else if (typeof message?.problem === 'string') onProblem?.(message.problem);
      });
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  /**
   * Streams the page as the browser draws it until `signal` aborts (the view hidden or closed); a frame comes only when
   * the page changed. Ends by itself when the service's call limit is reached: a viewer that still shows calls again.
   */
  async screencast(onFrame: (frame: ScreencastFrame) => void, options: { maxWidth?: number; maxHeight?: number; quality?: number; signal: AbortSignal }): Promise<void> {
    const { signal, ...size } = options;
    try {
      await this.call<unknown>('screencast', size, signal, (frame) => {
        const drawn = (frame.data.message as { frame?: unknown } | undefined)?.frame;
        if (drawn !== undefined) onFrame(checked(ScreencastFrameSchema, drawn, 'a screencast frame'));
      });
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  /** A person's pointer, wheel and keys (and address bar) in the live view, given to the page in order as real input. */
  async input(events: readonly LiveInputEvent[], signal?: AbortSignal): Promise<LiveInputResult> {
    return checked(LiveInputResultSchema, await this.post('input', { events }, signal), 'the input\'s result');
  }

  /** An agent run's actions as a flow that replays with no model. */
  async agentFlow(actions: AgentResult['actions'] | 'last run', meta: { name: string; startUrl?: string }): Promise<Flow> {
    return (await this.call<Flow>('agentFlow', { ...(actions === 'last run' ? { lastRun: true } : { actions }), ...meta })).result;
  }

  /** A screenshot of the page now, or one the last agent run's steps named. */
  async screenshot(screenshotId?: string): Promise<{ mimeType: string; base64: string }> {
    return (await this.call<{ mimeType: string; base64: string }>('screenshot', screenshotId ? { screenshotId } : {})).result;
  }

  /** The address of the session's page now (from GET /replay). */
  async pageUrl(): Promise<string> {
    const response = await fetch(`${this.connection.url}/v1/sessions/${this.id}/replay`, { headers: headers(this.connection) });
    if (!response.ok) throw await failure(response);
    const body = (await response.json()) as { data: { pages: { url: string }[] } };
    return body.data.pages[0]?.url ?? '';
  }

  async end(): Promise<void> {
    const response = await fetch(`${this.connection.url}/v1/sessions/${this.id}/end`, { method: 'POST', headers: headers(this.connection), body: '{}' });
    if (!response.ok && response.status !== 409) throw await failure(response);
  }
}
export { redact } from '../core/redact';
export { collectUploads, type FlowFiles } from '../flows/uploads';
export { startLocalService, type LocalService } from './local-service';
export { startTraceViewer, type LocalTraceViewer } from './local-trace-viewer';
