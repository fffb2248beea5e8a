import type { JsonOutputRequest } from './types';

/** The instruction that stands in for native structured output on endpoints without it. */
export function jsonInstruction(output: JsonOutputRequest): string {
  return [
    `Reply with one JSON object only, no prose and no code fence. It must match this JSON Schema (named ${output.name}):`,
    JSON.stringify(output.schema),
  ].join('\n');
}

/** Reads the JSON object out of a reply that may wrap it in a code fence or a sentence; undefined when there is none. */
export function parseJsonReply(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed)?.[1];
  const candidates = [trimmed, fenced, sliceBetween(trimmed, '{', '}')];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

function sliceBetween(text: string, open: string, close: string): string | undefined {
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

/** Parses a tool call's JSON arguments; a malformed string is kept so the model can be told what went wrong. */
export function parseToolArguments(raw: string): unknown {
  try {
    return raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
  } catch {
    return { invalidJsonArguments: raw };
  }
}
