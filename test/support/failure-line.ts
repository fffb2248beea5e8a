import { inspect } from 'node:util';

/**
 * A failed test as one line, `✘ suite: test: first line of the error`: every suite prints these, and the test runner
 * says them all again just above its total, so a log cut to its end still names what failed.
 */
export function failureLine(suite: string, title: string, error: unknown): string {
  const failure = error as { message?: unknown; code?: unknown; actual?: unknown; expected?: unknown } | undefined;
  let first = String(failure?.message ?? error).split('\n')[0]!;
  // assert's own message ("Expected values to be strictly equal:") says what differs only on the lines after it
  // (mocha has made the values strings by then, for its diff).
  const shown = (value: unknown) => (typeof value === 'string' ? value : inspect(value));
  if (failure?.code === 'ERR_ASSERTION' && first.endsWith(':')) first += ` ${shown(failure.actual)}, expected ${shown(failure.expected)}`;
  return `✘ ${suite}: ${title}: ${first.replace(/\s*\n\s*/g, ' ').slice(0, 400)}`;
}
