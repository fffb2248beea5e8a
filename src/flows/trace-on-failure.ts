import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EngineSession } from '../core/engine-session';
import type { Flow, FlowResult } from '../schema';

/** A trace bigger than this is not sent back through the service (the replay's result still is). */
const MAX_TRACE_BYTES = 25 * 1024 * 1024;

/**
 * A Playwright trace records what each action typed: a flow with secret variables would leave their values in the
 * trace (a file, and a viewer that shows them). Such flows are not traced; the reason is said instead.
 */
export function traceRefusal(flow: Flow): string | undefined {
  const secrets = Object.entries(flow.variables ?? {}).filter(([, variable]) => variable.secret).map(([name]) => `%${name}%`);
  return secrets.length ? `no trace: the flow types secret values (${secrets.join(', ')}), which a trace would keep` : undefined;
}

export interface TracedReplay {
  readonly result: FlowResult;
  /** The trace of a failed replay, as a zip `npx playwright show-trace` opens. */
  readonly trace?: Buffer;
  /** Why a failed replay has no trace. */
  readonly traceNote?: string;
}

/** Replays with a trace recorded, kept only when the replay fails (and the flow may be traced at all). */
export async function replayWithTraceOnFailure(session: EngineSession, flow: Flow, replay: () => Promise<FlowResult>): Promise<TracedReplay> {
  const refusal = traceRefusal(flow);
  if (refusal) {
    const result = await replay();
    return result.status === 'failed' ? { result, traceNote: refusal } : { result };
  }
  await session.trace.start();
  let result: FlowResult | undefined;
  try {
    result = await replay();
  } finally {
    if (result?.status !== 'failed') await session.trace.discard();
  }
  if (result.status !== 'failed') return { result };
  const folder = await mkdtemp(path.join(tmpdir(), 'rehearse-trace-'));
  try {
    const file = path.join(folder, 'trace.zip');
    await session.trace.save(file);
    const { size } = await stat(file);
    if (size > MAX_TRACE_BYTES) return { result, traceNote: `no trace: it is ${Math.round(size / 1024 / 1024)} MB, over the ${MAX_TRACE_BYTES / 1024 / 1024} MB a replay sends back` };
    return { result, trace: await readFile(file) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
