import { AsyncLocalStorage } from 'node:async_hooks';

/** Milliseconds spent per phase, summed, in the order phases first ran. */
export type PhaseTimes = Map<string, number>;

const recorder = new AsyncLocalStorage<PhaseTimes>();

/**
 * Times a phase of a call when someone records phases around it (the benchmark's profile of observe); otherwise it
 * only runs the phase.
 */
export async function phase<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const times = recorder.getStore();
  if (!times) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    times.set(name, (times.get(name) ?? 0) + performance.now() - started);
  }
}

/** The same for a synchronous phase. */
export function phaseSync<T>(name: string, run: () => T): T {
  const times = recorder.getStore();
  if (!times) return run();
  const started = performance.now();
  try {
    return run();
  } finally {
    times.set(name, (times.get(name) ?? 0) + performance.now() - started);
  }
}

/** Runs a call and says where its time went. */
export async function recordPhases<T>(run: () => Promise<T>): Promise<{ result: T; times: PhaseTimes; totalMs: number }> {
  const times: PhaseTimes = new Map();
  const started = performance.now();
  const result = await recorder.run(times, run);
  return { result, times, totalMs: performance.now() - started };
}
