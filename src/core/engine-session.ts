import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import type { GenericSchema } from 'valibot';
import { ActionSchema, comparesWithBefore, ExpectationSchema, summarizeProblems, validate, type Action, type AgentSetup, type AgentExecuteInput, type AgentResult, type Expectation, type ExpectResult, type ModelSetting } from '../schema';
import { effectAsNow } from './effect-before';
import { Agent } from './agent/agent';
import { firstLine } from './act/locate';
import { DEFAULT_ACTION_TIMEOUT_MS, performAction, type PerformOptions } from './act/perform';
import type { ObservedNode } from './act/direct-pointer';
import { actDirectly, directMethod, elementFor } from './act/direct-action';
import { substitute } from './act/variables';
import { decodeUploads } from './act/uploads';
import { verifiedSelector } from './act/heal';
import { withNewTab } from './act/new-tab';
import { actByInstruction } from './act/act-by-instruction';
import { openBrowser, useContext, type BrowserHandle, type BrowserOptions } from './browser/browser-host';
import { MemoryCacheStore, type ActionCacheStore } from './cache/action-cache';
import { deadline, type Deadline } from './deadline';
import { joinSignals, longLivedSignal, type JoinedSignal } from './joined-signal';
import { checkNavigable, navigatePage } from './browser/navigate';
import { SessionTrace } from './session-trace';
import { SessionWorkbench } from './session-workbench';
import { ActivePage } from './browser/active-page';
import { MissingLLMConfigurationError, ServiceError, ServiceInvalidArgumentError, SessionClosedError, throwIfAborted } from './errors';
import { OPEN_NETWORK, type NetworkPolicy } from './network/address-policy';
import { checkExpectation } from './expect';
import { extractWithModel } from './extract';
import { createModelClient, type Environment, type ModelClient, type Usage } from './models';
import { Observations, type PickDetails } from './observations';
import { observeWithModel, verifyPicks } from './observe';
import { phase } from './phases';
import type {
  ActCallOptions, ActOutcome, AgentCallOptions, ExpectCallOptions, ExtractCallOptions, ExtractResult, NavigateOptions, NavigateResult, ModelDefaults, ObserveCallOptions, ObserveResult, Session,
} from './session-types';
import { takeSnapshot, type PageSnapshot } from './snapshot/snapshot';

export interface SessionOptions {
  readonly browser?: BrowserOptions | undefined;
  /** The model for observe, act and extract when a call names none. */
  readonly model?: ModelSetting | undefined;
  /** A model API key for this session (the service's x-model-api-key); the configuration's own key comes first. */
  readonly modelApiKey?: string | undefined;
  readonly env?: Environment | undefined;
  /** The action cache; false turns it off. Default: in memory. */
  readonly cache?: ActionCacheStore | false | undefined;
  readonly tokenBudget?: number | undefined;
  readonly domSettleTimeoutMs?: number | undefined;
  /** Where the session's pages may go; default: any http(s) address, private ones included (your own machine). */
  readonly network?: NetworkPolicy | undefined;
  /** Custom model base URLs that may receive a key from `env` (default: any; a service lists only its operator's). */
  readonly envKeyEndpoints?: readonly string[] | 'any' | undefined;
  /** How long one model call may take (ms), its retries included; default 2 minutes. */
  readonly modelRequestTimeoutMs?: number | undefined;
  /** The most of one model reply that is read (bytes); default 4 MiB. */
  readonly modelReplyLimitBytes?: number | undefined;
}

export type { PickDetails };

export interface CallMetric {
  readonly method: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly usage?: Usage;
  readonly ok: boolean;
}

/** The calls a session keeps the metrics of, the latest: a session a Browser tab keeps open all day makes many more. */
const KEPT_METRICS = 5000;

/** The Session of DESIGN.md §1, in-process: one browser context, its pages, observe / act / extract. */
export class EngineSession implements Session {
  readonly id = randomUUID();
  readonly metrics: CallMetric[] = [];
  private readonly pages: ActivePage;
  private lastAgent: Agent | undefined;
  private ended: ServiceError | undefined;
  /** Aborted the moment the browser goes away: every call under way ends then with SessionClosedError. */
  private readonly lifeline = longLivedSignal(new AbortController());
  private readonly browserGone: Promise<void>;
  private readonly models = new Map<string, ModelClient>();
  private readonly observations = new Observations();
  private readonly cache: ActionCacheStore | undefined;

  private constructor(private readonly handle: BrowserHandle, private readonly options: SessionOptions) {
    this.cache = options.cache === false ? undefined : options.cache ?? new MemoryCacheStore();
    this.pages = new ActivePage(handle.context);
    this.trace = new SessionTrace(handle.context);
    this.browserGone = new Promise((resolve) => handle.browser.once('disconnected', () => resolve()));
    void this.browserGone.then(() => {
      this.ended ??= new SessionClosedError(`The browser of session ${this.id} went away (it crashed or was closed); start a new session.`);
      this.browserLost = true;
      this.lifeline.abort(this.ended);
    });
  }

  private browserLost = false;
  /** The editor's helpers (outline, screenshots, the address bar, picks as steps, the last agent run). */
  readonly workbench = new SessionWorkbench({
    page: () => this.page(),
    currentPage: () => this.pages.current,
    observations: this.observations,
    lastAgent: () => this.lastAgent,
    whileOpen: (signal) => this.whileOpen(signal),
    navigation: () => ({ network: this.network, refusalsSince: this.handle.refusalsSince }),
  });
  /** A Playwright trace of this session, kept for a replay that failed. */
  readonly trace: SessionTrace;

  /**
   * Only a caller's own signal makes an action cancellable mid-wait (joined with the browser's lifeline); a plain time
   * limit is Playwright's own timeout, which already guarantees that nothing happens after it.
   */
  private cancellable(signal: AbortSignal | undefined, limit: Deadline): { signal?: AbortSignal } {
    return signal ? { signal: limit.cancelled } : {};
  }

  /**
   * Aborted when `signal` is, or when the browser goes away (its reason is then the session's SessionClosedError):
   * what a call that only waits (a recording) waits on, so that it ends and says why instead of waiting for ever.
   */
  whileOpen(signal: AbortSignal | undefined): JoinedSignal {
    return joinSignals(signal, this.lifeline.signal);
  }

  /** A session on a context its owner keeps (Playwright Test's): ending the session leaves the context as it is. */
  static async onContext(context: BrowserContext, options: Omit<SessionOptions, 'browser'> = {}): Promise<EngineSession> {
    const session = new EngineSession(await useContext(context), options);
    if (!session.pages.current) session.pages.use(await context.newPage());
    return session;
  }

  static async start(options: SessionOptions = {}): Promise<EngineSession> {
    const handle = await openBrowser({ ...options.browser, env: options.browser?.env ?? options.env, network: options.network ?? options.browser?.network });
    const session = new EngineSession(handle, options);
    if (!session.pages.current) session.pages.use(await handle.context.newPage());
    return session;
  }

  /** Calls `listener` whenever the page calls act on changes (a tab opened, the active one closed); returns the unsubscribe. */
  onPageChange(listener: () => void): () => void {
    return this.pages.onChange(listener);
  }

  /** The page calls act on: the most recently opened one that is still open. */
  page(): Page {
    if (this.ended) throw this.ended;
    const page = this.pages.current;
    if (!page || page.isClosed()) throw new SessionClosedError(`Session ${this.id} has no open page.`);
    return page;
  }

  get browserOrigin(): string {
    return this.handle.origin;
  }

  /** The session's model settings, for components that make their own model client (the agent). */
  get modelDefaults(): ModelDefaults {
    return { model: this.options.model, apiKey: this.options.modelApiKey, env: this.options.env, tokenBudget: this.options.tokenBudget, envKeyEndpoints: this.options.envKeyEndpoints, requestTimeoutMs: this.options.modelRequestTimeoutMs, replyLimitBytes: this.options.modelReplyLimitBytes };
  }

  private model(setting: ModelSetting | undefined, field: string): ModelClient {
    const chosen = setting ?? this.options.model;
    if (!chosen) {
      throw new MissingLLMConfigurationError(`No model is configured for this call: pass ${field} (for example "openai/gpt-4.1-mini") or give the session a default model.`, { field });
    }
    const key = JSON.stringify(chosen);
    let client = this.models.get(key);
    if (!client) {
      client = createModelClient(chosen, { env: this.options.env, apiKey: this.options.modelApiKey, field, envKeyEndpoints: this.options.envKeyEndpoints, requestTimeoutMs: this.options.modelRequestTimeoutMs, replyLimitBytes: this.options.modelReplyLimitBytes });
      this.models.set(key, client);
    }
    return client;
  }

  /** A call with a time limit and the caller's signal joined in one Deadline, measured like every call. */
  private call<T>(method: string, options: { readonly timeout?: number | undefined; readonly signal?: AbortSignal | undefined }, run: (limit: Deadline) => Promise<T>): Promise<T> {
    return this.measured(method, async () => {
      const limit = deadline(method, options.timeout, options.signal, this.lifeline.signal);
      try {
        return await run(limit);
      } finally {
        limit.dispose();
      }
    });
  }

  private async measured<T>(method: string, run: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      if (this.ended) throw this.ended;
      await this.workbench.clearHighlight();
      const result = await run().catch((error: unknown) => this.explain(error)).finally(() => this.workbench.clearHighlight());
      const usage = (result as { usage?: Usage }).usage;
      this.keepMetric({ method, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, ...(usage ? { usage } : {}), ok: true });
      return result;
    } catch (error) {
      this.keepMetric({ method, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, ok: false });
      throw error;
    }
  }

  private keepMetric(metric: CallMetric): void {
    this.metrics.push(metric);
    if (this.metrics.length > KEPT_METRICS) this.metrics.splice(0, this.metrics.length - KEPT_METRICS);
  }


  /**
   * An error as the caller should see it: a browser that went away is SessionClosedError (state, not wording: the
   * disconnect may be reported a moment after the call failed), and an error that is not the engine's own is wrapped.
   */
  private async explain(error: unknown): Promise<never> {
    if (!(error instanceof ServiceError) || !this.browserLost) {
      await Promise.race([this.browserGone, new Promise((resolve) => setTimeout(resolve, 50))]);
    }
    if (this.browserLost) throw this.ended;
    if (error instanceof ServiceError) throw error;
    throw new ServiceError(firstLine((error as Error)?.message ?? String(error)), { cause: error });
  }

  /** The network policy of this session: where navigate, flows and the agent may take its pages. */
  get network(): NetworkPolicy {
    return this.options.network ?? this.options.browser?.network ?? OPEN_NETWORK;
  }

  async navigate(url: string, options: NavigateOptions = {}): Promise<NavigateResult> {
    await checkNavigable(url, this.network);
    return this.call('navigate', options, (limit) => navigatePage(this.page(), url, { network: this.network, refusalsSince: this.handle.refusalsSince, signal: limit.signal, timeoutMs: options.timeout, waitUntil: options.waitUntil }));
  }

  async observe(instruction?: string, options: ObserveCallOptions = {}): Promise<ObserveResult> {
    return this.call('observe', options, async (limit) => {
      const { picks, usage, seen } = await this.observePicks(instruction, options, limit.signal);
      const actionId = randomUUID();
      this.observations.remember(actionId, picks, seen);
      return { result: picks.map((pick) => pick.output), actionId, usage };
    });
  }

  private async observePicks(instruction: string | undefined, options: ObserveCallOptions, signal: AbortSignal) {
    const page = this.page();
    const model = this.model(options.model, 'options.model');
    const snapshot = await takeSnapshot(page, {
      instruction, selector: options.selector, ignoreSelectors: options.ignoreSelectors, frameId: options.frameId ?? undefined,
      tokenBudget: this.options.tokenBudget, settleCapMs: this.options.domSettleTimeoutMs, signal,
    });
    options.onProgress?.({ message: `snapshot: ${snapshot.elements.size} elements, ${snapshot.tokens} tokens`, data: { tokens: snapshot.tokens } });
    const observation = await observeWithModel(model, snapshot, instruction, options.variables, signal);
    throwIfAborted(signal);
    const picks = await phase('verifying picks', () => verifyPicks(page, snapshot, observation.picks));
    return { picks, usage: observation.usage, seen: { page, snapshot } };
  }

  noteOutline(page: Page, snapshot: PageSnapshot): void {
    this.observations.rememberOutline(page, snapshot);
  }

  async act(input: string | Action, options: ActCallOptions = {}): Promise<ActOutcome> {
    return this.call('act', options, (limit) => (typeof input !== 'string' ? this.actAction(input, options, limit) : this.actInstruction(input, options, limit)));
  }

  private async actAction(input: Action, options: ActCallOptions, limit: Deadline): Promise<ActOutcome> {
    const parsed = validate(ActionSchema, input);
    if (!parsed.ok) throw new ServiceInvalidArgumentError(`input: ${summarizeProblems(parsed.problems)}`, { field: parsed.problems[0]?.field });
    let action = parsed.value;
    let healed: ActOutcome['healed'];
    let seenVisible = false;
    let found: ObservedNode | undefined;
    if (options.fallbacks?.length || options.target) {
      const canHeal = options.heal !== false && this.hasModel(options.model);
      const verified = await verifiedSelector(this.page(), action, {
        fallbacks: options.fallbacks, target: options.target, onProgress: options.onProgress, relocate: options.heal !== false,
        ...(canHeal ? { heal: async (signal: AbortSignal) => (await this.observePicks(options.instruction ?? action.description, { model: options.model, variables: options.variables }, signal)).picks } : {}),
      }, limit.remaining() ?? DEFAULT_ACTION_TIMEOUT_MS, limit.signal);
      healed = verified.healed;
      seenVisible = verified.visible === true;
      found = verified.node;
      action = { ...action, selector: verified.selector };
    }
    const page = this.page();
    // An action observe has just returned, unchanged, on the page it saw: its element is known without a selector.
    const known = found ?? (options.fallbacks?.length || options.target || options.dialog ? undefined : this.observations.observedNode(page, action));
    // An effect on what the page draws or lays out is checked against this page as it was just before the action.
    const effect = options.effect && comparesWithBefore(options.effect) ? await effectAsNow(page, action.selector, options.effect, limit.signal, limit.remaining()) : undefined;
    const tab = await withNewTab(page, action.method, () => this.perform(page, action, known, limit, {
      variables: options.variables, timeoutMs: limit.remaining(), seenVisible, ...this.cancellable(options.signal, limit),
      ...(options.dialog ? { dialog: options.dialog } : {}), ...(options.files ? { files: decodeUploads(options.files) } : {}),
    }));
    if (tab && !tab.isClosed()) this.pages.use(tab);
    // The node id held only while the page was as observe saw it: what was done is told (and saved) without it.
    const { backendNodeId: _nodeId, ...done } = action;
    return {
      success: true, message: `${action.method} done on ${action.description || action.selector}${healed ? ` (found by ${healed.by}: ${healed.to})` : ''}`,
      actionDescription: action.description, actions: [done], planner: 'action', selectorUsed: action.selector, ...(healed ? { healed } : {}),
      ...(effect ? { effect } : {}),
    };
  }

  /**
   * A pointer action, fill, check or uncheck goes straight to its element (see actDirectly) when it is known (observe
   * returned it and the page is as observe saw it, or the target search found it just now), or when the page finds its
   * stored selector alone now; otherwise, or when that path declines (not ready, covered, moving, a dialog to answer),
   * through Playwright's locator with its waiting.
   */
  private async perform(page: Page, action: Action, known: ObservedNode | undefined, limit: Deadline, options: PerformOptions): Promise<void> {
    const args = action.arguments.map((argument, index) => substitute(argument, options.variables, `arguments.${index}`));
    if (directMethod(action.method, args) && !options.dialog) {
      const node = await elementFor(page, known, action.selector);
      if (node && await actDirectly(page, node, action.method, args, { signal: limit.signal, selector: action.selector })) return;
    }
    await performAction(page, action, options);
  }

  private hasModel(setting: ModelSetting | undefined): boolean {
    try {
      this.model(setting, 'options.model');
      return true;
    } catch {
      return false;
    }
  }

  /** SPEC agent(config): an agent on this session's browser. */
  agent(config: AgentSetup = {}): Agent {
    return new Agent(this, config);
  }

  async agentExecute(config: AgentSetup, execute: string | AgentExecuteInput, options: AgentCallOptions = {}): Promise<AgentResult> {
    const agent = this.agent(config);
    this.lastAgent = agent;
    return this.measured('agentExecute', () => agent.execute(execute, options));
  }

  async expect(expectation: Expectation, options: ExpectCallOptions = {}): Promise<ExpectResult> {
    const parsed = validate(ExpectationSchema, expectation);
    if (!parsed.ok) throw new ServiceInvalidArgumentError(`expectation: ${summarizeProblems(parsed.problems)}`, { field: 'expectation' });
    return this.measured('expect', async () => {
      const open = this.whileOpen(options.signal);
      try {
        return await checkExpectation(this.page(), parsed.value, { timeoutMs: options.timeout, signal: open.signal, variables: options.variables });
      } finally {
        open.dispose();
      }
    });
  }

  private actInstruction(instruction: string, options: ActCallOptions, limit: Deadline): Promise<ActOutcome> {
    const page = this.page();
    return actByInstruction(instruction, options, {
      page, cache: this.cache, signal: limit.signal,
      snapshot: { tokenBudget: this.options.tokenBudget, settleCapMs: this.options.domSettleTimeoutMs },
      model: () => this.model(options.model, 'options.model'),
      perform: (action, observed) => this.perform(page, action, observed, limit, { variables: options.variables, timeoutMs: limit.remaining(), ...this.cancellable(options.signal, limit) }),
    });
  }

  async extract(instruction: string, schema: Record<string, unknown> | GenericSchema, options: ExtractCallOptions = {}): Promise<ExtractResult> {
    if (typeof schema !== 'object' || schema === null) throw new ServiceInvalidArgumentError('schema: expected a JSON Schema object', { field: 'schema' });
    return this.call('extract', options, async (limit) => {
      const model = this.model(options.model, 'options.model');
      const snapshot = await takeSnapshot(this.page(), { instruction, selector: options.selector, frameId: options.frameId ?? undefined, tokenBudget: this.options.tokenBudget, settleCapMs: this.options.domSettleTimeoutMs, signal: limit.signal });
      return extractWithModel(model, snapshot, instruction, schema, limit.signal);
    });
  }

  async end(): Promise<void> {
    if (this.ended && !this.browserLost) return;
    this.ended = new SessionClosedError(`Session ${this.id} has ended.`);
    await this.handle.close();
  }

  get isEnded(): boolean {
    return this.ended !== undefined;
  }
}

/** Starts a session: the library entry point. */
export function createSession(options: SessionOptions = {}): Promise<EngineSession> {
  return EngineSession.start(options);
}
