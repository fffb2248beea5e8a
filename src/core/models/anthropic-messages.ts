import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, Message, MessageCreateParamsBase, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { providerError } from './provider-errors';
import type { ResolvedModel } from './resolve';
import type { ChatItem, ModelTransport, ToolCall, TurnReply, TurnRequest, Usage } from './types';

const DEFAULT_MAX_TOKENS = 4096;

/** Anthropic Messages API; structured output is a forced tool call whose input is the object. */
export class AnthropicTransport implements ModelTransport {
  readonly wire = 'anthropic' as const;
  readonly jsonMode = () => 'native' as const;

  constructor(private readonly client: Anthropic, private readonly model: ResolvedModel) {}

  async turn(request: TurnRequest): Promise<TurnReply> {
    const tools: Tool[] = (request.tools ?? []).map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters as Tool['input_schema'] }));
    const json = request.jsonOutput;
    if (json) tools.push({ name: json.name, description: 'Return the result in this shape.', input_schema: json.schema as Tool['input_schema'] });
    const toolChoice = json
      ? { type: 'tool' as const, name: json.name }
      : request.toolChoice === 'required' ? { type: 'any' as const }
      : typeof request.toolChoice === 'object' ? { type: 'tool' as const, name: request.toolChoice.name }
      : { type: 'auto' as const };
    const body: Omit<MessageCreateParamsBase, 'stream'> = {
      model: this.model.model,
      max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
      messages: toMessages(request.items),
      ...(request.system ? { system: request.system } : {}),
      ...(tools.length ? { tools, tool_choice: toolChoice } : {}),
    };
    const started = performance.now();
    let message: Message;
    try {
      if (request.onText) {
        const onText = request.onText;
        const stream = this.client.messages.stream(body, { signal: request.signal });
        stream.on('text', (delta) => onText(delta));
        message = await stream.finalMessage();
      } else {
        message = await this.client.messages.create({ ...body, stream: false }, { signal: request.signal });
      }
    } catch (error) {
      throw providerError(error, this.model, request.signal);
    }
    const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    const calls: ToolCall[] = message.content.flatMap((block) => (block.type === 'tool_use' ? [{ id: block.id, name: block.name, input: block.input }] : []));
    const jsonCall = json ? calls.find((call) => call.name === json.name) : undefined;
    return {
      text,
      toolCalls: jsonCall ? calls.filter((call) => call !== jsonCall) : calls,
      usage: usageOf(message, performance.now() - started),
      ...(json ? { json: jsonCall?.input, ...(jsonCall ? { jsonCall } : {}) } : {}),
    };
  }
}

/** Anthropic wants tool results inside the next user message, so consecutive results and user content are merged. */
function toMessages(items: readonly ChatItem[]): MessageParam[] {
  const turns: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const item of items) {
    switch (item.role) {
      case 'user':
        push('user', item.content.map((part) =>
          part.type === 'text'
            ? { type: 'text' as const, text: part.text }
            : { type: 'image' as const, source: { type: 'base64' as const, media_type: part.mediaType, data: part.base64 } }));
        break;
      case 'assistant':
        push('assistant', [
          ...(item.text ? [{ type: 'text' as const, text: item.text }] : []),
          ...(item.toolCalls ?? []).map((call) => ({ type: 'tool_use' as const, id: call.id, name: call.name, input: call.input })),
        ]);
        break;
      case 'tool':
        push('user', [{ type: 'tool_result', tool_use_id: item.callId, content: item.output, ...(item.isError ? { is_error: true } : {}) }]);
        break;
    }
  }
  return turns satisfies MessageParam[];
}

function usageOf(message: Message, elapsedMs: number): Usage {
  const usage = message.usage;
  const cached = usage.cache_read_input_tokens ?? 0;
  return {
    // Anthropic counts cache reads and writes apart from input_tokens; the total prompt is their sum.
    input_tokens: usage.input_tokens + cached + (usage.cache_creation_input_tokens ?? 0),
    output_tokens: usage.output_tokens,
    cached_input_tokens: cached,
    inference_time_ms: Math.round(elapsedMs),
  };
}
