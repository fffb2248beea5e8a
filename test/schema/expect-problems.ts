import assert from 'node:assert/strict';
import type * as v from 'valibot';
import { validate } from '../../src/schema';

/** Asserts the input is accepted and returns the parsed value. */
export function accepts<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = validate(schema, input);
  if (!result.ok) assert.fail(`expected the input to be accepted, got: ${result.problems.map((problem) => problem.message).join(' | ')}`);
  return result.value;
}

/** Asserts the input is rejected with exactly these messages (in order). */
export function rejects(schema: v.GenericSchema, input: unknown, ...messages: string[]): void {
  const result = validate(schema, input);
  assert.equal(result.ok, false, 'expected the input to be rejected');
  if (!result.ok) assert.deepEqual(result.problems.map((problem) => problem.message), messages);
}
