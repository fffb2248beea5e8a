import type { Usage } from './types';

export const ZERO_USAGE: Usage = { input_tokens: 0, output_tokens: 0, reasoning_tokens: 0, cached_input_tokens: 0, inference_time_ms: 0 };

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    reasoning_tokens: (a.reasoning_tokens ?? 0) + (b.reasoning_tokens ?? 0),
    cached_input_tokens: (a.cached_input_tokens ?? 0) + (b.cached_input_tokens ?? 0),
    inference_time_ms: a.inference_time_ms + b.inference_time_ms,
  };
}

export function sumUsage(usages: Iterable<Usage>): Usage {
  let total = ZERO_USAGE;
  for (const usage of usages) total = addUsage(total, usage);
  return total;
}
