import { chromiumMemoryMiB } from '../support/process-memory';
import type { EngineSession } from '../../src/core/engine-session';
import { recordPhases } from '../../src/core/phases';
import type { ScriptedModelServer } from '../support/model-server';

export interface PhaseRow {
  readonly phase: string;
  readonly coldMs: number;
  readonly warmMs: number;
}

export interface ObserveProfile {
  readonly rows: PhaseRow[];
  readonly coldMs: number;
  readonly warmMs: number;
  readonly modelServerMs: number;
  /** Highest resident memory seen during the cold observes: this process (the engine, as a service runs it) and the browser. */
  readonly peakNodeMiB: number;
  /** The same before the first observe, for the difference the observe makes. */
  readonly baseNodeMiB: number;
  readonly peakBrowserMiB: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Where a cold observe (first on a freshly loaded page) and a warm one (the same again) spend their time, phase by phase. */
export async function profileObserve(session: EngineSession, models: ScriptedModelServer, url: string, instruction: string, runs: number): Promise<ObserveProfile> {
  const cold = new Map<string, number[]>();
  const warm = new Map<string, number[]>();
  const totals = { cold: [] as number[], warm: [] as number[] };
  const modelServer: number[] = [];
  const baseNode = process.memoryUsage().rss / 1024 / 1024;
  let peakNode = 0;
  let peakBrowser = 0;
  for (let run = 0; run < runs; run++) {
    await session.navigate(url);
    models.timings.length = 0;
    const sampler = setInterval(() => {
      peakNode = Math.max(peakNode, process.memoryUsage().rss / 1024 / 1024);
    }, 5);
    const first = await recordPhases(() => session.observe(instruction));
    clearInterval(sampler);
    peakBrowser = Math.max(peakBrowser, chromiumMemoryMiB());
    modelServer.push(...models.timings.splice(0));
    const second = await recordPhases(() => session.observe(instruction));
    for (const [into, recorded] of [[cold, first], [warm, second]] as const) {
      for (const [phase, ms] of recorded.times) into.set(phase, [...(into.get(phase) ?? []), ms]);
    }
    totals.cold.push(first.totalMs);
    totals.warm.push(second.totalMs);
  }
  const phases = [...new Set([...cold.keys(), ...warm.keys()])];
  return {
    rows: phases.map((phase) => ({ phase, coldMs: median(cold.get(phase) ?? []), warmMs: median(warm.get(phase) ?? []) })),
    coldMs: median(totals.cold), warmMs: median(totals.warm), modelServerMs: median(modelServer),
    peakNodeMiB: peakNode, baseNodeMiB: baseNode, peakBrowserMiB: peakBrowser,
  };
}
