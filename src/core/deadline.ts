import { MAX_TIMER_MS } from '../schema/messages';
import { abortReason, ServiceTimeoutError } from './errors';
import { joinSignals } from './joined-signal';

export interface Deadline {
  readonly signal: AbortSignal;
  /** Aborted only by the outer signals (the caller's, the browser's lifeline), not by the time limit. */
  readonly cancelled: AbortSignal;
  /** Milliseconds left, or undefined without a timeout. */
  remaining(): number | undefined;
  dispose(): void;
}

/**
 * One signal for a call: aborted by any outer signal (the caller's) or when the timeout ends, with a
 * ServiceTimeoutError as reason. Everything the call does takes this signal, so a timeout cancels the work itself, not
 * just the wait for it.
 */
export function deadline(what: string, requestedMs: number | undefined, ...outers: readonly (AbortSignal | undefined)[]): Deadline {
  // A timer longer than 2^31−1 ms fires at once; a longer limit is as good as none.
  const timeoutMs = requestedMs === undefined || requestedMs > MAX_TIMER_MS ? undefined : requestedMs;
  const cancelled = joinSignals(...outers);
  const endsAt = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const limit = new AbortController();
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => limit.abort(new ServiceTimeoutError(`${what} timed out after ${timeoutMs} ms.`)), timeoutMs);
  const signal = joinSignals(cancelled.signal, limit.signal);
  return {
    signal: signal.signal,
    cancelled: cancelled.signal,
    remaining: () => (endsAt === undefined ? undefined : Math.max(0, endsAt - Date.now())),
    dispose: () => {
      if (timer) clearTimeout(timer);
      cancelled.dispose();
      signal.dispose();
    },
  };
}

/** `work`, or the signal's reason as soon as it is aborted: for work that takes no signal. */
export async function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => undefined as void;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(abortReason(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
