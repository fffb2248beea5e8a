import type { Usage } from '../models';

/** One agent step, emitted when it starts (running) and when it ends (done or failed). */
export interface AgentStepEvent {
  readonly type: 'step';
  readonly index: number;
  readonly status: 'running' | 'done' | 'failed';
  readonly tool: string;
  /** The page action (click, fill, navigate…), where there is one. */
  readonly action?: string;
  readonly selector?: string;
  /** What the step typed, said or found. */
  readonly text?: string;
  /** The model's words before it chose this step. */
  readonly reasoning?: string;
  /** A screenshot taken before the step (see Agent.screenshot). */
  readonly screenshotId?: string;
  readonly error?: string;
  readonly ms?: number;
  /** Tokens of the model call that chose this step. */
  readonly usage?: Usage;
}

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
