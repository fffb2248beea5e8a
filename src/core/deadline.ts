import { MAX_TIMER_MS } from '../schema/messages';
import { abortReason, ServiceTimeoutError } from './errors';

export interface Deadline {
  readonly signal: AbortSignal;
  /** Milliseconds left, or undefined without a timeout. */
  remaining(): number | undefined;
  dispose(): void;
}

/**
 * One signal for a call: aborted by the caller's signal or when the timeout ends, with a ServiceTimeoutError as reason.
 * Everything the call does takes this signal, so a timeout cancels the work itself, not just the wait for it.
 */
export function deadline(what: string, requestedMs: number | undefined, outer?: AbortSignal): Deadline {
  // A timer longer than 2^31−1 ms fires at once; a longer limit is as good as none.
  const timeoutMs = requestedMs === undefined || requestedMs > MAX_TIMER_MS ? undefined : requestedMs;
  const controller = new AbortController();
  const endsAt = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new ServiceTimeoutError(`${what} timed out after ${timeoutMs} ms.`)), timeoutMs);
  const forward = () => controller.abort(outer!.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    remaining: () => (endsAt === undefined ? undefined : Math.max(0, endsAt - Date.now())),
    dispose: () => {
      if (timer) clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/** A promise that rejects with the signal's reason when it is aborted: raced against work that takes no signal. */
export function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(abortReason(signal));
    signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
  });
}
