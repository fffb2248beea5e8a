/** A call refused because a long one (the agent, a replay, a recording) has the browser. */
export class BrowserBusyError extends Error {
  override name = 'BrowserBusyError';
}

/**
 * One call at a time on a browser session (the service takes one call per session; a hover must never make a click fail
 * as "busy"). Calls wait for short ones; while a long one runs they are refused at once with what is running, so a
 * person is never left waiting behind an agent run. No vscode here: it is tested on its own.
 */
export class CallQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private running: { readonly long?: string } | undefined;

  /** What long call is running, if one is. */
  get longCall(): string | undefined {
    return this.running?.long;
  }

  run<T>(work: () => Promise<T>, long?: string): Promise<T> {
    if (this.running?.long) return Promise.reject(new BrowserBusyError(`The browser is busy: ${this.running.long} is running. Wait for it to end, or stop it (Rehearse: Stop).`));
    const start = async (): Promise<T> => {
      this.running = long ? { long } : {};
      try {
        return await work();
      } finally {
        this.running = undefined;
      }
    };
    const result = this.tail.then(start, start);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
