import type { PageSnapshot } from './snapshot/snapshot';
import type {
  Action, ActionOutput, ActOutcome, ActRequest, AgentExecuteRequest, AgentSetup, AgentExecuteInput, AgentResult, Expectation, ExpectRequest, ExpectResult, ExtractRequest,
  ModelSetting, NavigateRequest, NavigateResult, ObserveRequest, ObserveOptions, Usage,
} from '../schema';
import type { Page } from 'playwright-core';
import type { AgentEvent } from './agent/agent-events';
import type { Environment } from './models/resolve';

/** A progress report while a call runs (the service sends these as SSE `log` events). */
export interface ProgressEvent {
  readonly message: string;
  readonly data?: Readonly<Record<string, unknown>> | undefined;
}

export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((event: ProgressEvent) => void) | undefined;
}

/*
 * A call's options are its request's, as the wire contract (schema/api.ts) has them, plus what stays in the process
 * (the signal, progress callbacks): the HTTP client sends exactly these, so the two cannot drift apart.
 */

export interface NavigateOptions extends CallOptions, NonNullable<NavigateRequest['options']> {}

export type { ActOutcome, NavigateResult };

export interface ObserveCallOptions extends ObserveOptions, CallOptions {
  readonly frameId?: ObserveRequest['frameId'] | undefined;
}

export interface ObserveResult {
  readonly result: ActionOutput[];
  readonly actionId: string;
  readonly usage?: Usage;
}

export interface ActCallOptions extends CallOptions, NonNullable<ActRequest['options']> {
  readonly frameId?: ActRequest['frameId'] | undefined;
}

export interface ExpectCallOptions extends CallOptions, NonNullable<ExpectRequest['options']> {}

export interface AgentCallOptions extends Pick<AgentExecuteRequest, 'variables' | 'allowedOrigins'> {
  readonly signal?: AbortSignal | undefined;
  readonly onEvent?: ((event: AgentEvent) => void) | undefined;
}

export type { AgentEvent };

export interface ExtractCallOptions extends CallOptions, NonNullable<ExtractRequest['options']> {
  readonly frameId?: ExtractRequest['frameId'] | undefined;
}

export interface ExtractResult {
  readonly data: unknown;
  readonly usage?: Usage;
}

/** One interface, two homes: the engine in-process and the HTTP client. Replay, the CLI and the extension use only this. */
export interface Session {
  readonly id: string;
  navigate(url: string, options?: NavigateOptions): Promise<NavigateResult>;
  observe(instruction?: string, options?: ObserveCallOptions): Promise<ObserveResult>;
  act(input: string | Action, options?: ActCallOptions): Promise<ActOutcome>;
  /** Data from the page, matching a JSON Schema (or, in-process, a valibot schema); URLs come only from the page's own links. */
  extract(instruction: string, schema: Record<string, unknown>, options?: ExtractCallOptions): Promise<ExtractResult>;
  /** Runs the agent: each step is reported through onEvent as it starts and ends. */
  agentExecute(config: AgentSetup, execute: string | AgentExecuteInput, options?: AgentCallOptions): Promise<AgentResult>;
  /** Checks the page (text, element state or value, URL, title), retrying until the timeout. */
  expect(expectation: Expectation, options?: ExpectCallOptions): Promise<ExpectResult>;
  end(): Promise<void>;
}

/** The model settings a session gives calls that name no model of their own. */
export interface ModelDefaults {
  readonly model?: ModelSetting | undefined;
  readonly apiKey?: string | undefined;
  readonly env?: Environment | undefined;
  readonly tokenBudget?: number | undefined;
  readonly envKeyEndpoints?: readonly string[] | 'any' | undefined;
  readonly requestTimeoutMs?: number | undefined;
  readonly replyLimitBytes?: number | undefined;
}

/**
 * What the agent needs of the session it runs on: the page it acts in, the calls its tools make, and the model defaults.
 * The agent depends on this, not on EngineSession, which creates agents: no cycle between the two.
 */
export interface AgentHost extends Pick<Session, 'navigate' | 'observe' | 'act' | 'extract'> {
  page(): Page;
  /** The outline the agent's model was shown: an act on one of its elements (by backendNodeId) may go straight to it. */
  noteOutline(page: Page, snapshot: PageSnapshot): void;
  readonly modelDefaults: ModelDefaults;
}
