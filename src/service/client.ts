import * as v from 'valibot';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { errorFromName, ServiceError, ServiceInvalidArgumentError } from '../core/errors';
import type {
  ActCallOptions, ActOutcome, AgentCallOptions, ExpectCallOptions, ExtractCallOptions, ExtractResult, NavigateOptions, NavigateResult,
  ObserveCallOptions, ObserveResult, Session,
} from '../core/session-types';
import type { FlowFiles } from '../flows/uploads';
import type { LiveInputEvent, LiveInputResult, ScreencastFrame } from '../schema/live-view';
import {
  API, describeIssues, SessionStartResultSchema, validate, type Action, type ActionStep, type AgentSetup, type AgentExecuteInput, type AgentResult, type AgentStepEvent, type Expectation,
  type ExpectResult, type ExtraOf, type Flow, type FlowResult, type PickedElement, type ProgressOf, type RecordedStep, type RecordMode, type ReplayFlowRequest, type RequestOf,
  type ResultOf, type RouteName, type SessionStartRequest, type StepEvent, type StepResult,
} from '../schema';

export type * from '../core/session-types';
export type { AgentStepEvent, FlowResult, RecordedStep, StepEvent, StepResult };
export type { LiveInputEvent, LiveInputResult, ScreencastFrame };

/** What a recording tells besides its steps (see HttpSession.record). */
export interface RecordingHandlers {
  readonly onStarted?: () => void;
  readonly onProblem?: (problem: string) => void;
  readonly onPicked?: (selector: string) => void;
}

/** The replayFlow request, less the flow, plus what stays in the process. */
export interface ReplayCallOptions extends Omit<ReplayFlowRequest, 'flow' | 'streamResponse' | 'files'> {
  /** What the flow's upload steps send, read beside the flow file (collectUploads). */
  readonly files?: FlowFiles;
  readonly signal?: AbortSignal;
  /** Each step as it starts (no status) and as it ends. */
  readonly onStep?: (step: StepEvent) => void;
}

export interface ServiceConnection {
  /** `http://127.0.0.1:<port>` (no /v1). */
  readonly url: string;
  readonly apiKey: string;
  /** Sent as x-model-api-key: a model key the service does not keep. */
  readonly modelApiKey?: string;
}

/** The session start request (SPEC's, with Stagehand's fields) as this client sends it. */
export type StartOptions = Omit<SessionStartRequest, 'modelName' | 'selfHeal' | 'systemPrompt' | 'verbose'>;

/** An SSE frame of the service (DESIGN.md §6), checked as it arrives: a stream that says something else is an error. */
const FrameSchema = v.object({
  type: v.picklist(['system', 'log']),
  data: v.looseObject({
    status: v.string(),
    result: v.optional(v.unknown()),
    error: v.optional(v.string()),
    code: v.optional(v.string()),
    field: v.optional(v.string()),
    message: v.optional(v.looseObject({ message: v.optional(v.string()) })),
    actionId: v.optional(v.string()),
  }),
});
type Frame = v.InferOutput<typeof FrameSchema>;

/** What the service sent, as the schema says it is, or an error saying what it was not. */
function checked<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ServiceError(`The service sent ${what} of another shape: ${describeIssues(result.issues)[0]?.message ?? 'not as its contract says'}`);
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

/** An error answer (DESIGN.md §6). */
const ErrorBodySchema = v.object({ error: v.object({ code: v.optional(v.string()), message: v.string(), field: v.optional(v.string()) }) });

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An HTTP failure as the error class the engine would have thrown (the service sends the class name as `code`). */
async function failure(response: Response): Promise<ServiceError> {
  const text = await response.text();
  const body = v.safeParse(ErrorBodySchema, parsedJson(text));
  if (body.success) return errorFromName(body.output.error.code ?? 'ServiceError', body.output.error.message, body.output.error.field);
  return new ServiceError(`The service answered HTTP ${response.status}: ${text.slice(0, 200)}`);
}

/**
 * How long a call waits while its session is busy with another (SessionBusy): a call this client stopped is still
 * winding down on the service for a moment, and a call made right after it (Replay again after Cancel) waits for it.
 */
const BUSY_WAIT_MS = 10_000;

/** A call to a session's route: sent again while the session answers busy, within BUSY_WAIT_MS; any other failure is thrown. */
async function postToSession(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const response = await fetch(url, { ...init, signal: signal ?? null });
    if (response.ok) return response;
    const error = await failure(response);
    if (error.code !== 'SessionBusy' || Date.now() + pause > deadline) throw error;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Starts a session on a Rehearse service. */
export async function startRemoteSession(connection: ServiceConnection, options: StartOptions = {}, signal?: AbortSignal): Promise<HttpSession> {
  const response = await fetch(`${connection.url}/v1/sessions/start`, { method: 'POST', headers: headers(connection), body: JSON.stringify(options), signal: signal ?? null });
  if (!response.ok) throw await failure(response);
  const body = checked(v.looseObject({ data: SessionStartResultSchema }), await response.json(), 'a session start answer');
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

  /**
   * Calls a route of the contract with streaming on: progress arrives as it happens, checked by the route's progress
   * schema; the result comes with `finished`, checked by its result schema. Body and answer are the contract's types.
   */
  private async call<N extends RouteName>(route: N, body: RequestOf<N>, signal?: AbortSignal, onProgress?: (progress: ProgressOf<N>, message: string) => void): Promise<{ result: ResultOf<N>; extra: ExtraOf<N> }> {
    const response = await postToSession(`${this.connection.url}/v1/sessions/${this.id}/${route}`, { method: 'POST', headers: headers(this.connection, true), body: JSON.stringify(body) }, signal);
    if (!response.body) throw new ServiceError(`The service answered the ${route} call with no stream.`);
    const contract = API[route];
    let outcome: { result: ResultOf<N>; extra: ExtraOf<N> } | undefined;
    let error: ServiceError | undefined;
    const parser = createParser({
      onEvent: (event: EventSourceMessage) => {
        const frame = readFrame(event.data, route);
        if (frame.type === 'log') {
          if (onProgress && frame.data.message) onProgress(checked(contract.progress, frame.data.message, `a ${route} progress event`), frame.data.message.message ?? '');
        } else if (frame.data.status === 'finished') {
          outcome = { result: checked(contract.result, frame.data.result, `the ${route} result`), extra: checked(contract.extra, frame.data, `the ${route} result`) };
        } else if (frame.data.status === 'error') {
          error = errorFromName(frame.data.code ?? 'ServiceError', frame.data.error ?? 'The service reported an error.', frame.data.field);
        }
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    if (error) throw error;
    if (!outcome) throw new ServiceError(`The service closed the ${route} stream without a result.`);
    return outcome;
  }

  /** Calls a route as JSON: for short calls made often (live input), where a stream's frames are overhead. */
  private async post<N extends RouteName>(route: N, body: RequestOf<N>, signal?: AbortSignal): Promise<ResultOf<N>> {
    const response = await postToSession(`${this.connection.url}/v1/sessions/${this.id}/${route}`, { method: 'POST', headers: headers(this.connection), body: JSON.stringify(body) }, signal);
    const answer = checked(v.looseObject({ data: v.looseObject({ result: v.unknown() }) }), await response.json(), `the ${route} answer`);
    return checked(API[route].result, answer.data.result, `the ${route} result`);
  }

  async navigate(url: string, options: NavigateOptions = {}): Promise<NavigateResult> {
    const { signal, onProgress, ...rest } = options;
    return (await this.call('navigate', { url, options: rest }, signal, (_, message) => onProgress?.({ message }))).result;
  }

  async observe(instruction?: string, options: ObserveCallOptions = {}): Promise<ObserveResult> {
    const { signal, onProgress, frameId, ...rest } = options;
    const { result, extra } = await this.call('observe', { instruction, options: rest, frameId }, signal, (_, message) => onProgress?.({ message }));
    return { result, actionId: extra.actionId ?? '' };
  }

  async act(input: string | Action, options: ActCallOptions = {}): Promise<ActOutcome> {
    const { signal, onProgress, frameId, ...rest } = options;
    return (await this.call('act', { input, options: rest, frameId }, signal, (_, message) => onProgress?.({ message }))).result;
  }

  async extract(instruction: string, schema: Record<string, unknown>, options: ExtractCallOptions = {}): Promise<ExtractResult> {
    const { signal, onProgress, frameId, ...rest } = options;
    return { data: (await this.call('extract', { instruction, schema, options: rest, frameId }, signal, (_, message) => onProgress?.({ message }))).result };
  }

  async expect(expectation: Expectation, options: ExpectCallOptions = {}): Promise<ExpectResult> {
    const { signal, onProgress, ...rest } = options;
    return (await this.call('expect', { expectation, options: rest }, signal, (_, message) => onProgress?.({ message }))).result;
  }

  async agentExecute(config: AgentSetup, execute: string | AgentExecuteInput, options: AgentCallOptions = {}): Promise<AgentResult> {
    const { signal, onEvent, variables, allowedOrigins } = options;
    const { result } = await this.call('agentExecute', { agentConfig: config, executeOptions: execute, variables, allowedOrigins }, signal, (progress) => {
      if (progress.step) onEvent?.(progress.step);
    });
    return result;
  }

  /** Outlines the element in the browser; no selector clears it. How many elements matched. */
  async highlight(selector: string | undefined, signal?: AbortSignal): Promise<number> {
    return (await this.call('highlight', { selector: selector ?? null }, signal)).result.matched;
  }

  /** Picks of an observe call (its actionId) as flow steps; what they type into password fields is replaced by the secret variables given with them. */
  async pickSteps(actionId: string, indexes: readonly number[], instruction?: string): Promise<{ steps: ActionStep[]; variables?: Flow['variables'] }> {
    const { result, extra } = await this.call('pickSteps', { actionId, indexes: [...indexes], ...(instruction ? { instruction } : {}) });
    return { steps: result, ...(extra.variables ? { variables: extra.variables } : {}) };
  }

  /** Replays a flow in this session; `healedFlow` is the flow with healed selectors in place, when any healed. */
  async replayFlow(flow: Flow, options: ReplayCallOptions = {}): Promise<{ result: FlowResult; healedFlow?: Flow; trace?: Uint8Array; traceNote?: string }> {
    const { signal, onStep, ...rest } = options;
    const { result, extra } = await this.call('replayFlow', { flow, ...rest }, signal, (progress) => {
      if (progress.step) onStep?.(progress.step);
    });
    return {
      result,
      ...(extra.healedFlow ? { healedFlow: extra.healedFlow } : {}),
      ...(extra.trace !== undefined ? { trace: Buffer.from(extra.trace, 'base64') } : {}),
      ...(extra.traceNote !== undefined ? { traceNote: extra.traceNote } : {}),
    };
  }

  /** Waits for the person to click an element in the browser (outlined under the pointer) and names it; `signal` stops. */
  async pickLocator(signal?: AbortSignal): Promise<PickedElement> {
    return (await this.call('pickLocator', {}, signal)).result;
  }

  /**
   * Records what a person does in the browser, a step at a time, until `signal` aborts. Told as they happen: the
   * recording having started (from then on the toolbar's mode can be set), a gesture that could not become a step,
   * and a locator picked with the toolbar.
   */
  async record(onStep: (recorded: RecordedStep) => void, signal: AbortSignal, told: RecordingHandlers = {}): Promise<void> {
    try {
      await this.call('record', {}, signal, (progress) => {
        if (progress.recorded) onStep(progress.recorded);
        else if (progress.problem !== undefined) told.onProblem?.(progress.problem);
        else if (progress.picked !== undefined) told.onPicked?.(progress.picked);
        else if (progress.started) told.onStarted?.();
      });
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  /** The region around an element (none: the page's main landmark) and its ARIA snapshot; undefined when there is none. */
  async ariaRegion(selector?: string, signal?: AbortSignal): Promise<{ selector: string; aria: string } | undefined> {
    const found = (await this.call('ariaRegion', selector === undefined ? {} : { selector }, signal)).result;
    return found.selector !== undefined && found.aria !== undefined ? { selector: found.selector, aria: found.aria } : undefined;
  }

  /** While a recording runs (beside it): what a click in the browser does next, as the toolbar's buttons set it. */
  async recordMode(mode: RecordMode, signal?: AbortSignal): Promise<RecordMode> {
    return (await this.post('recordMode', { mode }, signal)).mode;
  }

  /**
   * Streams the page as the browser draws it until `signal` aborts (the view hidden or closed); a frame comes only when
   * the page changed. Ends by itself when the service's call limit is reached: a viewer that still shows calls again.
   */
  async screencast(onFrame: (frame: ScreencastFrame) => void, options: { maxWidth?: number; maxHeight?: number; quality?: number; signal: AbortSignal }): Promise<void> {
    const { signal, ...size } = options;
    try {
      await this.call('screencast', size, signal, (progress) => {
        if (progress.frame) onFrame(progress.frame);
      });
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  /** A person's pointer, wheel and keys (and address bar) in the live view, given to the page in order as real input. */
  async input(events: readonly LiveInputEvent[], signal?: AbortSignal): Promise<LiveInputResult> {
    return this.post('input', { events: [...events] }, signal);
  }

  /**
   * An agent run's actions as a flow that replays with no model. A run's result types its actions loosely (SPEC's
   * AgentAction); they are checked here as the records the route takes, with the error the service would give.
   */
  async agentFlow(actions: AgentResult['actions'] | 'last run', meta: { name: string; startUrl?: string }): Promise<Flow> {
    const request = validate(API.agentFlow.request, { ...(actions === 'last run' ? { lastRun: true } : { actions }), ...meta });
    if (!request.ok) throw new ServiceInvalidArgumentError(request.problems.map((problem) => problem.message).join('; '), request.problems[0]?.field ? { field: request.problems[0].field } : {});
    return (await this.call('agentFlow', request.value)).result;
  }

  /** A screenshot of the page now, or one the last agent run's steps named. */
  async screenshot(screenshotId?: string): Promise<{ mimeType: string; base64: string }> {
    return (await this.call('screenshot', screenshotId ? { screenshotId } : {})).result;
  }

  /** The address of the session's page now (from GET /replay). */
  async pageUrl(): Promise<string> {
    const response = await fetch(`${this.connection.url}/v1/sessions/${this.id}/replay`, { headers: headers(this.connection) });
    if (!response.ok) throw await failure(response);
    const body = checked(v.looseObject({ data: v.looseObject({ pages: v.array(v.looseObject({ url: v.string() })) }) }), await response.json(), 'the session\'s metrics');
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
