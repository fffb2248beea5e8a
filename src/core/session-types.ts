import type { PageSnapshot } from './snapshot/snapshot';
import type { Action, ActionOutput, DialogAnswer, UploadFile, ActResult, AgentSetup, AgentExecuteInput, AgentResult, Expectation, ExpectResult, ModelSetting, ObserveOptions, Usage, Variables } from '../schema';
import type { Page } from 'playwright-core';
import type { AgentEvent } from './agent/agent-events';
import type { Environment } from './models/resolve';

/** A progress report while a call runs (the service sends these as SSE `log` events). */
export interface ProgressEvent {
  readonly message: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (event: ProgressEvent) => void;
}

export interface NavigateOptions extends CallOptions {
  readonly waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
  readonly timeout?: number;
}

export interface NavigateResult {
  readonly url: string;
  readonly status: number | null;
}

export interface ObserveCallOptions extends ObserveOptions, CallOptions {
  readonly frameId?: string | null;
}

export interface ObserveResult {
  readonly result: ActionOutput[];
  readonly actionId: string;
  readonly usage?: Usage;
}

export interface ActCallOptions extends CallOptions {
  readonly model?: ModelSetting;
  readonly variables?: Variables;
  readonly timeout?: number;
  /** Use the action cache for this call (default: the session's setting). */
  readonly serverCache?: boolean;
  readonly frameId?: string | null;
  /** For an Action: more selectors for the same element, tried in order. */
  readonly fallbacks?: readonly string[];
  /** For an Action: the element's role and name; a selector that finds another element is not used. */
  readonly target?: { readonly role: string; readonly name: string };
  /** For an Action whose selectors all fail: find it again with the model, accepting only a target match. Default true. */
  readonly heal?: boolean;
  /** For healing: the instruction the action was made from. */
  readonly instruction?: string;
  /** For an Action: how to answer a confirm or prompt it opens (otherwise dialogs are dismissed). */
  readonly dialog?: DialogAnswer;
  /** For setInputFiles: the files, with their contents (the engine never reads its own disk for them). */
  readonly files?: readonly UploadFile[];
}

/** ActResult plus which planner chose the action and what it cost. */
export interface ActOutcome extends ActResult {
  readonly planner?: 'action' | 'local' | 'cache' | 'model';
  readonly usage?: Usage;
  /** The selector that found the element. */
  readonly selectorUsed?: string;
  /** Set when the element was found by another selector than the action's own. */
  readonly healed?: { readonly from: string; readonly to: string; readonly by: 'fallback' | 'model' };
}

export interface ExpectCallOptions extends CallOptions {
  readonly timeout?: number;
  readonly variables?: Variables;
}

export interface AgentCallOptions {
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: AgentEvent) => void;
  readonly variables?: Variables;
  readonly allowedOrigins?: readonly string[];
}

export type { AgentEvent };

export interface ExtractCallOptions extends CallOptions {
  readonly model?: ModelSetting;
  readonly timeout?: number;
  readonly selector?: string;
  readonly frameId?: string | null;
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
  readonly model?: ModelSetting;
  readonly apiKey?: string;
  readonly env?: Environment;
  readonly tokenBudget?: number;
  readonly envKeyEndpoints?: readonly string[] | 'any';
  readonly requestTimeoutMs?: number;
  readonly replyLimitBytes?: number;
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
