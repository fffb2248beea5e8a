import type { EngineSession } from '../core/engine-session';
import { ServiceInvalidArgumentError } from '../core/errors';
import { underUrlPrefix } from '../core/network/url-prefix';
import type { ExtraOf, ModelSetting, ProgressOf, RequestOf, ResultOf, RouteName } from '../schema';
import type { AgentEvent } from '../core/agent/agent-events';
import { readExecuteOptions } from '../core/agent/agent';

export interface OperationContext<N extends RouteName> {
  readonly signal: AbortSignal;
  /** A model key for this request only (x-model-api-key). */
  readonly modelApiKey?: string;
  /** A `log` frame: the words, and what the route's progress schema says it carries. */
  readonly log: (message: string, data?: ProgressOf<N> & Record<string, unknown>) => void;
  /** Whether the client asked for Server-Sent Events. */
  readonly streaming: boolean;
  /** Resolves once what was logged has gone out to the client (at once when its buffer is not full). */
  readonly drained: () => Promise<void>;
  /** MCP server URLs (prefixes) the operator lets the agent connect to. */
  readonly mcpUrls?: readonly string[];
}

export interface OperationResult<N extends RouteName> {
  readonly result: ResultOf<N>;
  /** More fields for the JSON `data` and the SSE `finished` frame (actionId). */
  readonly extra?: ExtraOf<N>;
  readonly headers?: Record<string, string>;
}

/** The server's half of a route of the wire contract (schema/api.ts): its body is checked by the contract's schema. */
export interface Route<N extends RouteName> {
  /** Runs beside the session's one call at a time (the live view), not after it; the route bounds itself. */
  readonly concurrent?: boolean;
  run(session: EngineSession, body: RequestOf<N>, context: OperationContext<N>): Promise<OperationResult<N>>;
}

/** Handlers for some routes of the contract; the server joins the tables into one that must hold every route. */
export type RouteTable<Names extends RouteName> = { readonly [N in Names]: Route<N> };

/** A per-request model key goes with the model of that request, or with the session's default model. */
function withKey(model: ModelSetting | undefined, key: string | undefined, session: EngineSession): ModelSetting | undefined {
  if (!key) return model;
  const chosen = model ?? session.modelDefaults.model;
  if (!chosen) return undefined;
  if (typeof chosen === 'string') return { modelName: chosen, apiKey: key };
  return 'auth' in chosen || chosen.apiKey ? chosen : { ...chosen, apiKey: key };
}

/**
 * An MCP server the agent would connect to is the operator's choice: only URLs under an allowed prefix pass, compared
 * after both are parsed and normalised, and the agent connects to the normalised URL that was checked.
 */
function allowedIntegrations<T>(integrations: readonly (T | string)[] | undefined, allowed: readonly string[]): (T | string)[] | undefined {
  return integrations?.map((integration, index) => {
    if (typeof integration !== 'string') return integration;
    const checked = allowed.map((prefix) => underUrlPrefix(integration, prefix)).find((url) => url !== undefined);
    if (checked === undefined) {
      throw new ServiceInvalidArgumentError(`agentConfig.integrations.${index}: this service connects only to the MCP servers its operator allows (rehearse serve --allow-mcp <url>)`, { field: `agentConfig.integrations.${index}` });
    }
    return checked;
  });
}

export const SPEC_ROUTES: RouteTable<'observe' | 'act' | 'extract' | 'navigate' | 'expect' | 'agentExecute'> = {
  observe: {
    async run(session, body, context) {
      const options = body.options ?? {};
      const observed = await session.observe(body.instruction, {
        ...options, model: withKey(options.model, context.modelApiKey, session), frameId: body.frameId, signal: context.signal,
        onProgress: (event) => context.log(event.message, event.data),
      });
      return { result: observed.result, extra: { actionId: observed.actionId } };
    },
  },
  act: {
    async run(session, body, context) {
      const options = body.options ?? {};
      const outcome = await session.act(body.input, {
        ...options, model: withKey(options.model, context.modelApiKey, session), frameId: body.frameId, signal: context.signal,
        onProgress: (event) => context.log(event.message, event.data),
      });
      return { result: outcome, ...(outcome.cacheStatus ? { headers: { 'browserbase-cache-status': outcome.cacheStatus } } : {}) };
    },
  },
  extract: {
    async run(session, body, context) {
      const schema = body.schema ?? { type: 'object', properties: { extraction: { type: 'string' } }, required: ['extraction'] };
      const options = body.options ?? {};
      const extracted = await session.extract(body.instruction ?? 'Extract the main content of the page.', schema, {
        ...options, model: withKey(options.model, context.modelApiKey, session), frameId: body.frameId, signal: context.signal,
      });
      return { result: extracted.data };
    },
  },
  navigate: {
    async run(session, body, context) {
      return { result: await session.navigate(body.url, { ...body.options, signal: context.signal }) };
    },
  },
  expect: {
    async run(session, body, context) {
      return { result: await session.expect(body.expectation, { ...body.options, signal: context.signal }) };
    },
  },
  agentExecute: {
    async run(session, body, context) {
      const { model, systemPrompt, integrations, ...rest } = body.agentConfig ?? {};
      const config = { ...rest, ...(integrations ? { integrations: allowedIntegrations(integrations, context.mcpUrls ?? []) } : {}) };
      const modelSetting = withKey(model, context.modelApiKey, session);
      const agentConfig = {
        ...config,
        ...(systemPrompt && !config.instructions ? { instructions: systemPrompt } : {}),
        ...(modelSetting ? { model: modelSetting } : {}),
      };
      const result = await session.agentExecute(agentConfig, readExecuteOptions(body.executeOptions), {
        signal: context.signal, ...(body.variables ? { variables: body.variables } : {}), ...(body.allowedOrigins ? { allowedOrigins: body.allowedOrigins } : {}),
        onEvent: (event: AgentEvent) => {
          if (event.type === 'step') context.log(`step ${event.index + 1} ${event.status}: ${event.action ?? event.tool}${event.selector ? ` ${event.selector}` : ''}`, { step: event });
          else if (event.type === 'message') context.log(event.text, { kind: 'message' });
        },
      });
      return { result };
    },
  },
};

