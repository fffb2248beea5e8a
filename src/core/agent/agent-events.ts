import type { AgentStepEvent } from '../../schema';

export type { AgentStepEvent };

export interface AgentMessageEvent {
  readonly type: 'message';
  readonly text: string;
}

/** Model text as it streams in. */
export interface AgentTextEvent {
  readonly type: 'text';
  readonly delta: string;
}

export type AgentEvent = AgentStepEvent | AgentMessageEvent | AgentTextEvent;

/** Events as an async iterator, for callers that prefer `for await` to a callback. */
export class EventStream<T> implements AsyncIterable<T> {
  private readonly buffered: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private closed = false;

  push(event: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: event, done: false });
    } else this.buffered.push(event);
  }

  close(): void {
    this.closed = true;
    this.waiting?.({ value: undefined, done: true });
    this.waiting = undefined;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const next = this.buffered.shift();
        if (next !== undefined) return Promise.resolve({ value: next, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
    };
  }
}
