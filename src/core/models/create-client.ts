import type { ModelSetting } from '../../schema';
import { AnthropicTransport } from './anthropic-messages';
import { ChatTransport } from './openai-chat';
import { ResponsesTransport } from './openai-responses';
import { resolveModel, type ResolveOptions, type ResolvedModel } from './resolve';
import { anthropicClient, openAIClient, type SdkOptions } from './sdk-clients';
import { generateObject } from './structured';
import type { ModelClient, ModelTransport } from './types';

export interface ModelClientOptions extends ResolveOptions, SdkOptions {}

/** One client for any configured model: a `<provider>/<model>` string or a ModelConfig object of SPEC.md. */
export function createModelClient(setting: ModelSetting, options: ModelClientOptions = {}): ModelClient {
  const model = resolveModel(setting, options);
  const transport = transportFor(model, options);
  return {
    id: model.id,
    provider: model.provider,
    wire: transport.wire,
    generateObject: (request) => generateObject(transport, model.id, request),
    turn: (request) => transport.turn(request),
  };
}

function transportFor(model: ResolvedModel, options: SdkOptions): ModelTransport {
  switch (model.wire) {
    case 'anthropic': return new AnthropicTransport(anthropicClient(model, options), model);
    case 'chat': return new ChatTransport(openAIClient(model, options), model);
    case 'responses': return new ResponsesTransport(openAIClient(model, options), model);
  }
}
