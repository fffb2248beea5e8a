import type { RecordedRequest, Rule, ScriptedReply, ScriptedUsage } from './model-server';
import { promptText } from './page-rule';

export interface PlannedCall {
  readonly tool: string;
  readonly input?: Record<string, unknown>;
  /** For act: the element line to use, e.g. 'textbox "Email"'; its id is read from the latest page outline. */
  readonly find?: string;
  readonly method?: string;
  readonly args?: readonly string[];
  /** The model's words before the call. */
  readonly text?: string;
  readonly usage?: ScriptedUsage;
  readonly delayMs?: number;
}

/** How many tool calls the conversation already holds, whatever the wire. */
export function callsSoFar(request: RecordedRequest): number {
  const body = request.body as { input?: { type?: string }[]; messages?: { role: string; tool_calls?: unknown[]; content?: unknown }[] };
  if (request.wire === 'responses') return (body.input ?? []).filter((item) => item.type === 'function_call').length;
  if (request.wire === 'chat') return (body.messages ?? []).filter((message) => message.role === 'assistant').reduce((sum, message) => sum + (message.tool_calls?.length ?? 0), 0);
  return (body.messages ?? []).filter((message) => message.role === 'assistant')
    .reduce((sum, message) => sum + (Array.isArray(message.content) ? message.content.filter((block: { type?: string }) => block.type === 'tool_use').length : 0), 0);
}

export function hasTools(request: RecordedRequest): boolean {
  return Array.isArray(request.body.tools) && (request.body.tools as unknown[]).length > 0;
}

/** Plays a model that follows a plan, one tool call per turn; the turn without tools (the step-limit summary) gets `summary`. */
export function agentPlan(plan: readonly PlannedCall[], summary = 'Ran out of steps before finishing.'): Rule {
  return (request): ScriptedReply => {
    if (!hasTools(request)) return { text: summary, usage: { input: 50, output: 10 } };
    const index = callsSoFar(request);
    const planned = plan[index] ?? { tool: 'done', input: { summary: 'Done.', completed: true } };
    let input = planned.input ?? {};
    if (planned.find) {
      const prompt = promptText(request);
      const page = prompt.slice(prompt.lastIndexOf('<page'));
      const escaped = planned.find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const id = new RegExp(`\\[(\\d+-\\d+)\\] ${escaped}`).exec(page)?.[1] ?? 'not-found';
      input = { elementId: id, method: planned.method ?? 'click', arguments: [...(planned.args ?? [])], ...input };
    }
    return {
      ...(planned.text ? { text: planned.text } : {}),
      toolCalls: [{ name: planned.tool, input, id: `call_${index}` }],
      usage: planned.usage ?? { input: 100, output: 20 },
      ...(planned.delayMs ? { delayMs: planned.delayMs } : {}),
    };
  };
}
