import type OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsBase, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { jsonInstruction, parseJsonReply, parseToolArguments } from './json-text';
import { providerError } from './provider-errors';
import type { ResolvedModel } from './resolve';
import type { ChatItem, ModelTransport, ToolCall, TurnReply, TurnRequest, Usage } from './types';

/** Words in a 400 that mean "this endpoint has no structured output", after which JSON is asked for in the prompt instead. */
const NO_STRUCTURED_OUTPUT = /response_format|json_schema|structured output/i;

/** OpenAI Chat Completions (and the OpenAI-compatible endpoints of Google, Microsoft, Vertex, local servers). */
export class ChatTransport implements ModelTransport {
  readonly wire = 'chat' as const;
  private mode: 'native' | 'text' = 'native';
  readonly jsonMode = () => this.mode;

  constructor(private readonly client: OpenAI, private readonly model: ResolvedModel) {}

  async turn(request: TurnRequest): Promise<TurnReply> {
    try {
      return await this.send(request);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (request.jsonOutput && this.mode === 'native' && status === 400 && NO_STRUCTURED_OUTPUT.test(String((error as Error).message))) {
        this.mode = 'text';
        return this.send(request);
      }
      throw providerError(error, this.model, request.signal);
    }
  }

  private async send(request: TurnRequest): Promise<TurnReply> {
    const textJson = request.jsonOutput && this.mode === 'text' ? jsonInstruction(request.jsonOutput) : undefined;
    const system = [request.system, textJson].filter(Boolean).join('\n\n');
    const body: Omit<ChatCompletionCreateParamsBase, 'stream'> = {
      model: this.model.model,
      messages: [...(system ? [{ role: 'system' as const, content: system }] : []), ...request.items.flatMap(toMessages)],
      ...(request.maxOutputTokens ? { max_completion_tokens: request.maxOutputTokens } : {}),
      ...(request.tools?.length
        ? {
            tools: request.tools.map((tool) => ({ type: 'function' as const, function: { name: tool.name, description: tool.description, parameters: tool.parameters } })),
            tool_choice: request.toolChoice === undefined || typeof request.toolChoice === 'string' ? (request.toolChoice ?? 'auto') : { type: 'function' as const, function: { name: request.toolChoice.name } },
          }
        : {}),
      ...(request.jsonOutput && this.mode === 'native'
        ? { response_format: { type: 'json_schema' as const, json_schema: { name: request.jsonOutput.name, schema: request.jsonOutput.schema, strict: request.jsonOutput.strict } } }
        : {}),
    };
    const started = performance.now();
    let completion: ChatCompletion;
    if (request.onText) {
      const onText = request.onText;
      const stream = this.client.chat.completions.stream({ ...body, stream: true, stream_options: { include_usage: true } }, { signal: request.signal });
      stream.on('content', (delta) => onText(delta));
      completion = await stream.finalChatCompletion();
    } else {
      completion = await this.client.chat.completions.create({ ...body, stream: false }, { signal: request.signal });
    }
    const message = completion.choices[0]?.message;
    const text = typeof message?.content === 'string' ? message.content : '';
    const toolCalls: ToolCall[] = (message?.tool_calls ?? []).flatMap((call) =>
      call.type === 'function' ? [{ id: call.id, name: call.function.name, input: parseToolArguments(call.function.arguments) }] : [],
    );
    return { text, toolCalls, usage: usageOf(completion, performance.now() - started), ...(request.jsonOutput ? { json: parseJsonReply(text) } : {}) };
  }
}

function toMessages(item: ChatItem): ChatCompletionMessageParam[] {
  switch (item.role) {
    case 'user':
      return [{
        role: 'user',
        content: item.content.map((part) =>
          part.type === 'text'
            ? { type: 'text' as const, text: part.text }
            : { type: 'image_url' as const, image_url: { url: `data:${part.mediaType};base64,${part.base64}` } }),
      }];
    case 'assistant':
      return [{
        role: 'assistant',
        content: item.text ?? null,
        ...(item.toolCalls?.length
          ? { tool_calls: item.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.input) } })) }
          : {}),
      }];
    case 'tool':
      return [{ role: 'tool', tool_call_id: item.callId, content: item.isError ? `Error: ${item.output}` : item.output }];
  }
}

function usageOf(completion: ChatCompletion, elapsedMs: number): Usage {
  const usage = completion.usage;
  return {
    input_tokens: usage?.prompt_tokens ?? 0,
    output_tokens: usage?.completion_tokens ?? 0,
    reasoning_tokens: usage?.completion_tokens_details?.reasoning_tokens ?? 0,
    cached_input_tokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    inference_time_ms: Math.round(elapsedMs),
  };
}
