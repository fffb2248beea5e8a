import type { ScriptedReply, ScriptedUsage } from './model-server';

/** A reply in one wire format: the JSON body, and the same reply as the SSE events of that wire's stream. */
export interface Rendered {
  readonly json: unknown;
  readonly events: readonly { readonly event?: string; readonly data: unknown }[];
}

type Reply = Exclude<ScriptedReply, { status: number }>;

const CREATED = 1_767_000_000;

function usageOf(usage: ScriptedUsage | undefined) {
  return { input: usage?.input ?? 100, output: usage?.output ?? 20, reasoning: usage?.reasoning ?? 0, cached: usage?.cached ?? 0 };
}

/** Splits text in a few pieces, as a streaming provider would. */
function pieces(text: string): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / 3));
  const out: string[] = [];
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size));
  return out;
}

function textOf(reply: Reply): string {
  return reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
}

export function renderResponses(request: Record<string, unknown>, reply: Reply): Rendered {
  const usage = usageOf(reply.usage);
  const text = textOf(reply);
  const output: Record<string, unknown>[] = [];
  if (text) output.push({ type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] });
  (reply.toolCalls ?? []).forEach((call, index) => {
    output.push({ type: 'function_call', id: `fc_${index + 1}`, call_id: call.id ?? `call_${index + 1}`, name: call.name, arguments: JSON.stringify(call.input), status: 'completed' });
  });
  const response = {
    id: 'resp_1', object: 'response', created_at: CREATED, status: 'completed', model: request.model, output,
    error: null, incomplete_details: null, instructions: request.instructions ?? null, metadata: {}, parallel_tool_calls: true,
    temperature: 1, tool_choice: request.tool_choice ?? 'auto', tools: request.tools ?? [], top_p: 1,
    usage: {
      input_tokens: usage.input, input_tokens_details: { cached_tokens: usage.cached },
      output_tokens: usage.output, output_tokens_details: { reasoning_tokens: usage.reasoning },
      total_tokens: usage.input + usage.output,
    },
  };
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>) => ({ event: type, data: { type, sequence_number: sequence++, ...fields } });
  const events = [event('response.created', { response: { ...response, status: 'in_progress', output: [], usage: null } })];
  output.forEach((item, outputIndex) => {
    if (item.type === 'message') {
      events.push(event('response.output_item.added', { output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } }));
      events.push(event('response.content_part.added', { item_id: item.id, output_index: outputIndex, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
      for (const delta of pieces(text)) events.push(event('response.output_text.delta', { item_id: item.id, output_index: outputIndex, content_index: 0, delta, logprobs: [] }));
      events.push(event('response.output_text.done', { item_id: item.id, output_index: outputIndex, content_index: 0, text, logprobs: [] }));
      events.push(event('response.content_part.done', { item_id: item.id, output_index: outputIndex, content_index: 0, part: { type: 'output_text', text, annotations: [] } }));
    } else {
      const args = String(item.arguments);
      events.push(event('response.output_item.added', { output_index: outputIndex, item: { ...item, arguments: '', status: 'in_progress' } }));
      for (const delta of pieces(args)) events.push(event('response.function_call_arguments.delta', { item_id: item.id, output_index: outputIndex, delta }));
      events.push(event('response.function_call_arguments.done', { item_id: item.id, output_index: outputIndex, arguments: args }));
    }
    events.push(event('response.output_item.done', { output_index: outputIndex, item }));
  });
  events.push(event('response.completed', { response }));
  return { json: response, events };
}

export function renderChat(request: Record<string, unknown>, reply: Reply): Rendered {
  const usage = usageOf(reply.usage);
  const text = textOf(reply);
  const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({ id: call.id ?? `call_${index + 1}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input) } }));
  const finish = toolCalls.length ? 'tool_calls' : 'stop';
  const usageBody = {
    prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output,
    prompt_tokens_details: { cached_tokens: usage.cached }, completion_tokens_details: { reasoning_tokens: usage.reasoning },
  };
  const base = { id: 'chatcmpl-1', created: CREATED, model: request.model };
  const json = {
    ...base, object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: text || null, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) }, finish_reason: finish, logprobs: null }],
    usage: usageBody,
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    data: { ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] },
  });
  const events: { data: unknown }[] = [chunk({ role: 'assistant', content: '' })];
  for (const delta of pieces(text)) events.push(chunk({ content: delta }));
  toolCalls.forEach((call, index) => {
    events.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    for (const delta of pieces(call.function.arguments)) events.push(chunk({ tool_calls: [{ index, function: { arguments: delta } }] }));
  });
  events.push(chunk({}, finish));
  const streamOptions = request.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage) events.push({ data: { ...base, object: 'chat.completion.chunk', choices: [], usage: usageBody } });
  events.push({ data: '[DONE]' });
  return { json, events };
}

export function renderAnthropic(request: Record<string, unknown>, reply: Reply): Rendered {
  const usage = usageOf(reply.usage);
  const forced = (request.tool_choice as { type?: string; name?: string } | undefined)?.type === 'tool' ? (request.tool_choice as { name: string }).name : undefined;
  const content: Record<string, unknown>[] = [];
  const text = reply.json !== undefined && forced ? (reply.text ?? '') : textOf(reply);
  if (text) content.push({ type: 'text', text, citations: null });
  if (reply.json !== undefined && forced) content.push({ type: 'tool_use', id: 'toolu_json', name: forced, input: reply.json });
  (reply.toolCalls ?? []).forEach((call, index) => content.push({ type: 'tool_use', id: call.id ?? `toolu_${index + 1}`, name: call.name, input: call.input }));
  const stopReason = content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
  // Anthropic reports cache reads apart from input_tokens.
  const usageBody = { input_tokens: usage.input - usage.cached, output_tokens: usage.output, cache_read_input_tokens: usage.cached, cache_creation_input_tokens: 0 };
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model: request.model, content, stop_reason: stopReason, stop_sequence: null, usage: usageBody };
  const event = (type: string, fields: Record<string, unknown>) => ({ event: type, data: { type, ...fields } });
  const events = [event('message_start', { message: { ...message, content: [], stop_reason: null, usage: { ...usageBody, output_tokens: 1 } } })];
  content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(event('content_block_start', { index, content_block: { type: 'text', text: '', citations: null } }));
      for (const delta of pieces(String(block.text))) events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: delta } }));
    } else {
      events.push(event('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }));
      for (const delta of pieces(JSON.stringify(block.input))) events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: delta } }));
    }
    events.push(event('content_block_stop', { index }));
  });
  events.push(event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output } }));
  events.push(event('message_stop', {}));
  return { json: message, events };
}
