import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/**
 * Server-Sent Events as the Stagehand v3 client reads them: data-only frames (no `event:` line), each
 * `{"data":{"status":…},"type":"system"|"log","id":"<uuid>"}` followed by a blank line.
 */
export class EventWriter {
  constructor(private readonly response: ServerResponse) {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  }

  private frame(type: 'system' | 'log', data: Record<string, unknown>): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    this.response.write(`data: ${JSON.stringify({ data, type, id: randomUUID() })}\n\n`);
  }

  system(status: 'starting' | 'connected' | 'running', extra: Record<string, unknown> = {}): void {
    this.frame('system', { status, ...extra });
  }

  log(message: string, extra: Record<string, unknown> = {}): void {
    this.frame('log', { status: 'running', message: { category: 'rehearse', message, level: 1, ...extra } });
  }

  /** Resolves when the client has taken what was written (its socket buffer drained), or went away. */
  drained(): Promise<void> {
    if (!this.response.writableNeedDrain || this.response.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.response.off('drain', done);
        this.response.off('close', done);
        resolve();
      };
      this.response.once('drain', done);
      this.response.once('close', done);
    });
  }

  finished(result: unknown, extra: Record<string, unknown> = {}): void {
    this.frame('system', { status: 'finished', result, ...extra });
    this.response.end();
  }

  /** `field`: the input at fault, where there is one (as in a JSON error body). */
  error(code: string, message: string, field?: string): void {
    this.frame('system', { status: 'error', error: message, code, ...(field ? { field } : {}) });
    this.response.end();
  }
}
