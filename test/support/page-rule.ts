import type { RecordedRequest, ScriptedReply } from './model-server';

const NOT_PROMPT = new Set(['tools', 'tool_choice', 'response_format']);

/** All the text a request carried to the model (system, user turns, tool results), whatever the wire. */
export function promptText(request: RecordedRequest): string {
  const parts: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (key && NOT_PROMPT.has(key)) return;
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach((item) => walk(item));
    // The Responses API's `text` is the output format, not prompt text.
    else if (value && typeof value === 'object' && !(key === 'text')) Object.entries(value).forEach(([inner, item]) => walk(item, inner));
  };
  for (const field of ['instructions', 'system', 'input', 'messages']) walk(request.body[field]);
  return parts.join('\n');
}

/** The instruction line of an observe/act prompt. */
export function instructionOf(request: RecordedRequest): string {
  return /Instruction: (.*)/.exec(promptText(request))?.[1]?.trim() ?? '';
}

/** A whole word; a number only as a whole token ("Order 7", not "$7.00" or "17"). */
function matches(text: string, word: string): boolean {
  const pattern = /^\d+$/.test(word) ? `(^|[\\s"])${word}($|[\\s"])` : `(^|[^\\p{L}\\p{N}])${word}($|[^\\p{L}\\p{N}])`;
  return new RegExp(pattern, 'u').test(text);
}

const STOP = new Set(['the', 'a', 'an', 'to', 'in', 'on', 'of', 'for', 'and', 'with', 'into', 'click', 'press', 'fill', 'type', 'select', 'check', 'row', 'field', 'button', 'link']);

/**
 * Plays a model that reads the page outline and picks the element line sharing most words with the instruction
 * (numbers count most). Answers in observe's shape: { elements: [{ elementId, description, method, arguments }] }.
 */
export function pickElementRule(request: RecordedRequest): ScriptedReply {
  const instruction = instructionOf(request);
  const page = /<page[^>]*>\n([\s\S]*)\n<\/page>/.exec(promptText(request))?.[1] ?? '';
  const words = (instruction.toLowerCase().match(/[\p{L}\p{N}%]+/gu) ?? []).filter((word) => !STOP.has(word));
  let best: { id: string; score: number; line: string } | undefined;
  for (const line of page.split('\n')) {
    const text = line.toLowerCase().replace(/\[\d+-\d+\]/g, ' ');
    for (const element of line.matchAll(/\[(\d+-\d+)\] ([^|]*)/g)) {
      const own = element[2]!.toLowerCase();
      const score = words.reduce((sum, word) => sum + (matches(own, word) ? 3 : matches(text, word) ? (/^\d+$/.test(word) ? 5 : 1) : 0), 0);
      if (score > 0 && (!best || score > best.score)) best = { id: element[1]!, score, line: element[2]!.trim() };
    }
  }
  if (!best) return { json: { elements: [] } };
  const lower = instruction.toLowerCase();
  const value = /(?:with|as) (.+)$/i.exec(instruction)?.[1] ?? /^(?:type|enter) (.+?) (?:in|into) /i.exec(instruction)?.[1];
  const method = /^(fill|type|enter)/.test(lower) ? 'fill' : /^(select|choose)/.test(lower) ? 'selectOption' : /^uncheck/.test(lower) ? 'uncheck' : /^check/.test(lower) ? 'check' : 'click';
  const option = /^(?:select|choose) (.+?) (?:in|from) /i.exec(instruction)?.[1];
  const args = method === 'fill' ? [value ?? ''] : method === 'selectOption' ? [option ?? ''] : [];
  return { json: { elements: [{ elementId: best.id, description: best.line.slice(0, 80), method, arguments: args }] }, usage: { input: Math.ceil(promptText(request).length / 4), output: 30 } };
}
