import assert from 'node:assert/strict';

/** Polls until `check` holds, bounded: UI state, files and pages settle asynchronously. Fails with the last value seen. */
export async function eventually<T>(what: string, read: () => T | PromiseLike<T>, check: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > end) assert.fail(`${what}: still ${JSON.stringify(value)?.slice(0, 400)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  return value;
}
