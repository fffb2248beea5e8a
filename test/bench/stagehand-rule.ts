import type { RecordedRequest, ScriptedReply } from '../support/model-server';
import { promptText } from '../support/page-rule';

/** A whole word; a number only as a whole token. */
function has(text: string, word: string): boolean {
  const pattern = /^\d+$/.test(word) ? `(^|[\\s"])${word}($|[\\s"])` : `(^|[^\\p{L}\\p{N}])${word}($|[^\\p{L}\\p{N}])`;
  return new RegExp(pattern, 'u').test(text);
}

const STOP = new Set(['the', 'a', 'an', 'to', 'in', 'on', 'of', 'for', 'and', 'with', 'click', 'row', 'button', 'link']);

/**
 * The same scripted model as pickElementRule, reading Stagehand's observe prompt instead of Rehearse's: the instruction
 * after `instruction:` and an indented accessibility tree of `[frame-backendNodeId] role: name` lines, where a row's
 * number is on an ancestor line. Words count on the element's own line, numbers on it or on an ancestor's.
 */
export function stagehandPickRule(request: RecordedRequest): ScriptedReply {
  const text = promptText(request);
  const instruction = /instruction: (.*)/i.exec(text)?.[1]?.trim() ?? '';
  const words = (instruction.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOP.has(word));
  const ancestors: { indent: number; text: string }[] = [];
  let best: { id: string; score: number; line: string } | undefined;
  for (const line of text.split('\n')) {
    const match = /^(\s*)\[(\d+-\d+)\] (.*)$/.exec(line);
    if (!match) continue;
    const indent = match[1]!.length;
    while (ancestors.length && ancestors.at(-1)!.indent >= indent) ancestors.pop();
    const own = match[3]!.toLowerCase();
    const around = ancestors.map((ancestor) => ancestor.text).join(' ');
    ancestors.push({ indent, text: own });
    const score = words.reduce((sum, word) => sum + (/^\d+$/.test(word) ? (has(around, word) ? 5 : has(own, word) ? 3 : 0) : has(own, word) ? 3 : 0), 0);
    if (score > 0 && (!best || score > best.score)) best = { id: match[2]!, score, line: match[3]! };
  }
  const elements = best ? [{ elementId: best.id, description: best.line.slice(0, 80), method: 'click', arguments: [] }] : [];
  return { json: { elements }, usage: { input: Math.ceil(text.length / 4), output: 30 } };
}
