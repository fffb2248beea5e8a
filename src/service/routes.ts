import type * as v from 'valibot';
import type { EngineSession } from '../core/engine-session';
import { ServiceInvalidArgumentError } from '../core/errors';
import { underUrlPrefix } from '../core/network/url-prefix';
import type { ActionOutput, ModelSetting } from '../schema';
import type { AgentEvent } from '../core/agent/agent-events';
import { readExecuteOptions } from '../core/agent/agent';
import { ActRequestSchema, AgentExecuteRequestSchema, ExpectRequestSchema, ExtractRequestSchema, NavigateRequestSchema, ObserveRequestSchema } from './wire';

export interface OperationContext {
  readonly signal: AbortSignal;
  /** A model key for this request only (x-model-api-key). */
  readonly modelApiKey?: string;
  readonly log: (message: string, data?: Record<string, unknown>) => void;
  /** Whether the client asked for Server-Sent Events. */
  readonly streaming: boolean;
  /** Resolves once what was logged has gone out to the client (at once when its buffer is not full). */
  readonly drained: () => Promise<void>;
  /** MCP server URLs (prefixes) the operator lets the agent connect to. */
  readonly mcpUrls?: readonly string[];
}

export interface OperationResult {
  readonly result: unknown;
  /** More fields for the JSON `data` and the SSE `finished` frame (actionId). */
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

export interface Route<S extends v.GenericSchema> {
  readonly schema: S;
  /** Runs beside the session's one call at a time (the live view), not after it; the route bounds itself. */
  readonly concurrent?: boolean;
  run(session: EngineSession, body: v.InferOutput<S>, context: OperationContext): Promise<OperationResult>;
}

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

function define<S extends v.GenericSchema>(route: Route<S>): Route<S> {
  return route;
}

export const ROUTES = {
  observe: define({
    schema: ObserveRequestSchema,
    async run(session, body, context) {
      const options = body.options ?? {};
      const observed = await session.observe(body.instruction, {
        ...options, model: withKey(options.model, context.modelApiKey, session), frameId: body.frameId, signal: context.signal,
        onProgress: (event) => context.log(event.message, event.data),
      });
      const result: ActionOutput[] = observed.result;
      return { result, extra: { actionId: observed.actionId } };
    },
  }),
  act: define({
    schema: ActRequestSchema,
    async run(session, body, context) {
      const options = body.options ?? {};
      const outcome = await session.act(body.input, {
        ...options, model: withKey(options.model, context.modelApiKey, session), frameId: body.frameId, signal: context.signal,
        onProgress: (event) => context.log(event.message, event.data),
      });
      return { result: outcome, ...(outcome.cacheStatus ? { headers: { 'browserbase-cache-status': outcome.cacheStatus } } : {}) };
    },
  }),
  extract: define({
    schema: ExtractRequestSchema,
    async run(session, body, context) {
      const schema = body.schema ?? { type: 'object', properties: { extraction: { type: 'string' } }, required: ['extraction'] };
      const options = body.options ?? {};
      const extracted = await session.extract(body.instruction ?? 'Extract the main content of the page.', schema, {
        ...options, model: withKey(options.model, context.modelApiKey, session), frameId: body.frameId, signal: context.signal,
      });
      return { result: extracted.data };
    },
  }),
  navigate: define({
    schema: NavigateRequestSchema,
    async run(session, body, context) {
      return { result: await session.navigate(body.url, { ...body.options, signal: context.signal }) };
    },
  }),
  expect: define({
    schema: ExpectRequestSchema,
    async run(session, body, context) {
      return { result: await session.expect(body.expectation, { ...body.options, signal: context.signal }) };
    },
  }),
  agentExecute: define({
    schema: AgentExecuteRequestSchema,
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
  }),
} as const;

