import type * as v from 'valibot';
import { summarizeProblems, validate } from '../../schema';
import { LLMResponseError } from '../errors';
import { providerJsonSchema } from './json-schema';
import { addUsage } from './usage';
import type { ChatItem, ModelTransport, ObjectReply, ObjectRequest, TurnReply } from './types';

/**
 * Asks for an object matching a valibot schema. A reply that is not JSON, fails the schema or fails the caller's check
 * gets exactly one repair turn that quotes the problem; a second failure is an LLMResponseError.
 */
export async function generateObject<S extends v.GenericSchema>(transport: ModelTransport, modelId: string, request: ObjectRequest<S>): Promise<ObjectReply<v.InferOutput<S>>> {
  const { schema, strict } = providerJsonSchema(request.schema);
  const jsonOutput = { name: request.name, schema, strict };
  const prompt = typeof request.prompt === 'string' ? [{ type: 'text' as const, text: request.prompt }] : request.prompt;
  let items: ChatItem[] = [{ role: 'user', content: prompt }];
  let usage;
  for (let attempt = 1; ; attempt++) {
    const reply = await transport.turn({ system: request.system, items, jsonOutput, signal: request.signal });
    usage = usage ? addUsage(usage, reply.usage) : reply.usage;
    const outcome = judge(request, reply);
    if (outcome.ok) return { object: outcome.value, usage, attempts: attempt };
    if (attempt === 2) {
      throw new LLMResponseError(`${modelId} twice returned a ${request.name} that is not usable: ${outcome.problem}`);
    }
    items = [...items, ...repairTurn(reply, outcome.problem)];
  }
}

function judge<S extends v.GenericSchema>(request: ObjectRequest<S>, reply: TurnReply): { ok: true; value: v.InferOutput<S> } | { ok: false; problem: string } {
  if (reply.json === undefined) return { ok: false, problem: 'the reply held no JSON object' };
  const result = validate(request.schema, reply.json);
  if (!result.ok) return { ok: false, problem: summarizeProblems(result.problems) };
  const problem = request.check?.(result.value);
  return problem ? { ok: false, problem } : { ok: true, value: result.value };
}

function repairTurn(reply: TurnReply, problem: string): ChatItem[] {
  const instruction = `That answer cannot be used: ${problem}. Answer again with a corrected object.`;
  if (reply.jsonCall) {
    return [
      { role: 'assistant', ...(reply.text ? { text: reply.text } : {}), toolCalls: [reply.jsonCall] },
      { role: 'tool', callId: reply.jsonCall.id, name: reply.jsonCall.name, output: instruction, isError: true },
    ];
  }
  return [
    { role: 'assistant', text: reply.text || '(empty reply)' },
    { role: 'user', content: [{ type: 'text', text: instruction }] },
  ];
}
