import type OpenAI from 'openai';
import type { ResponseCreateParamsBase, ResponseInputItem, Response as OpenAIResponse } from 'openai/resources/responses/responses';
import { parseJsonReply, parseToolArguments } from './json-text';
import { providerError } from './provider-errors';
import type { ResolvedModel } from './resolve';
import type { ChatItem, ModelTransport, ToolCall, TurnReply, TurnRequest, Usage } from './types';

/** OpenAI Responses API (also Azure's v1 API, Bedrock's and compatible servers'). */
export class ResponsesTransport implements ModelTransport {
  readonly wire = 'responses' as const;
  readonly jsonMode = () => 'native' as const;

  constructor(private readonly client: OpenAI, private readonly model: ResolvedModel) {}

  async turn(request: TurnRequest): Promise<TurnReply> {
    const body: Omit<ResponseCreateParamsBase, 'stream'> = {
      model: this.model.model,
      input: request.items.flatMap(toInput),
      store: false,
      ...(request.system ? { instructions: request.system } : {}),
      ...(request.maxOutputTokens ? { max_output_tokens: request.maxOutputTokens } : {}),
      ...(request.tools?.length
        ? {
            tools: request.tools.map((tool) => ({ type: 'function' as const, name: tool.name, description: tool.description, parameters: tool.parameters, strict: false })),
            tool_choice: request.toolChoice === undefined || typeof request.toolChoice === 'string' ? (request.toolChoice ?? 'auto') : { type: 'function' as const, name: request.toolChoice.name },
          }
        : {}),
      ...(request.jsonOutput ? { text: { format: { type: 'json_schema' as const, name: request.jsonOutput.name, schema: request.jsonOutput.schema, strict: request.jsonOutput.strict } } } : {}),
    };
    const started = performance.now();
    let response: OpenAIResponse;
    try {
      if (request.onText) {
        const onText = request.onText;
        const stream = this.client.responses.stream(body, { signal: request.signal });
        stream.on('response.output_text.delta', (event) => onText(event.delta));
        response = await stream.finalResponse();
      } else {
        response = await this.client.responses.create({ ...body, stream: false }, { signal: request.signal });
      }
    } catch (error) {
      throw providerError(error, this.model, request.signal);
    }
    const text = response.output
      .flatMap((item) => (item.type === 'message' ? item.content : []))
      .map((part) => (part.type === 'output_text' ? part.text : ''))
      .join('');
    const toolCalls: ToolCall[] = response.output.flatMap((item) =>
      item.type === 'function_call' ? [{ id: item.call_id, name: item.name, input: parseToolArguments(item.arguments) }] : [],
    );
    return { text, toolCalls, usage: usageOf(response, performance.now() - started), ...(request.jsonOutput ? { json: parseJsonReply(text) } : {}) };
  }
}

function toInput(item: ChatItem): ResponseInputItem[] {
  switch (item.role) {
    case 'user':
      return [{
        role: 'user',
        content: item.content.map((part) =>
          part.type === 'text'
            ? { type: 'input_text' as const, text: part.text }
            : { type: 'input_image' as const, image_url: `data:${part.mediaType};base64,${part.base64}`, detail: 'auto' as const }),
      }];
    case 'assistant':
      return [
        ...(item.text ? [{ role: 'assistant' as const, content: item.text }] : []),
        ...(item.toolCalls ?? []).map((call) => ({ type: 'function_call' as const, call_id: call.id, name: call.name, arguments: JSON.stringify(call.input) })),
      ];
    case 'tool':
      return [{ type: 'function_call_output', call_id: item.callId, output: item.isError ? `Error: ${item.output}` : item.output }];
  }
}

function usageOf(response: OpenAIResponse, elapsedMs: number): Usage {
  const usage = response.usage;
  return {
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    reasoning_tokens: usage?.output_tokens_details?.reasoning_tokens ?? 0,
    cached_input_tokens: usage?.input_tokens_details?.cached_tokens ?? 0,
    inference_time_ms: Math.round(elapsedMs),
  };
}
