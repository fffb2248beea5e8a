import type { ModelSetting } from '../../schema';
import { AnthropicTransport } from './anthropic-messages';
import { ChatTransport } from './openai-chat';
import { ResponsesTransport } from './openai-responses';
import { resolveModel, type ResolveOptions, type ResolvedModel } from './resolve';
import { LLMResponseError } from '../errors';
import { anthropicClient, DEFAULT_MODEL_REQUEST_TIMEOUT_MS, openAIClient } from './sdk-clients';
import { generateObject } from './structured';
import type { ModelClient, ModelTransport, SdkOptions } from './types';
import { joinSignals } from '../joined-signal';

export interface ModelClientOptions extends ResolveOptions, SdkOptions {}

/** One client for any configured model: a `<provider>/<model>` string or a ModelConfig object of SPEC.md. */
export function createModelClient(setting: ModelSetting, options: ModelClientOptions = {}): ModelClient {
  const model = resolveModel(setting, options);
  const transport = transportFor(model, options);
  const deadlineMs = options.requestTimeoutMs ?? DEFAULT_MODEL_REQUEST_TIMEOUT_MS;
  return {
    id: model.id,
    provider: model.provider,
    wire: transport.wire,
    generateObject: (request) => withDeadline(deadlineMs, model.id, request.signal, (signal) => generateObject(transport, model.id, { ...request, signal })),
    turn: (request) => withDeadline(deadlineMs, model.id, request.signal, (signal) => transport.turn({ ...request, signal })),
  };
}

/**
 * One deadline for a whole model call, the SDK's retries and a repair turn included: a hung provider fails the call
 * then, not after each of three tries has timed out in turn.
 */
async function withDeadline<T>(ms: number, modelId: string, caller: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new LLMResponseError(`${modelId}: the model did not answer within ${Math.round(ms / 100) / 10} s (retries included); the call was given up.`)), ms);
  const joined = joinSignals(caller, deadline.signal);
  try {
    return await run(joined.signal);
  } finally {
    clearTimeout(timer);
    joined.dispose();
  }
}

function transportFor(model: ResolvedModel, options: SdkOptions): ModelTransport {
  switch (model.wire) {
    case 'anthropic': return new AnthropicTransport(anthropicClient(model, options), model);
    case 'chat': return new ChatTransport(openAIClient(model, options), model);
    case 'responses': return new ResponsesTransport(openAIClient(model, options), model);
  }
}
