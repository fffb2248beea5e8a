import type { EngineSession } from '../core/engine-session';
import { dispatchLiveInput } from '../core/live-view/live-input';
import { streamScreencast } from '../core/live-view/screencast';
import type { ScreencastFrame } from '../schema/live-view';
import { HttpError } from './http-errors';
import type { RouteTable } from './routes';
import { joinSignals } from '../core/joined-signal';

/**
 * The live view (issue 30): a viewer in VS Code, or anywhere, sees the session's page and drives it with real input,
 * over the same key and limits as every call. Both routes run beside the session's one call at a time (the person
 * clicks while a recording or a pick waits for them), each within its own bounds.
 */

/** Viewers of one session at once: a window reloaded twice still finds room, a loop opening streams does not. */
export const MAX_VIEWERS = 3;
/** Input events waiting for the page, per session: a burst beyond this is a 429, not a queue without end. */
export const MAX_PENDING_INPUT = 500;

const viewers = new WeakMap<EngineSession, number>();
const inputQueues = new WeakMap<EngineSession, { tail: Promise<unknown>; pending: number }>();

export const LIVE_VIEW_ROUTES: RouteTable<'screencast' | 'input'> = {
  screencast: {
    concurrent: true,
    async run(session, body, context) {
      const size = { ...(body.maxWidth ? { maxWidth: body.maxWidth } : {}), ...(body.maxHeight ? { maxHeight: body.maxHeight } : {}), ...(body.quality ? { quality: body.quality } : {}) };
      if (!context.streaming) {
        // As JSON: the page as it is now, one frame.
        const first = new AbortController();
        let frame: ScreencastFrame | undefined;
        const joined = joinSignals(context.signal, first.signal);
        await streamScreencast(session, async (drawn) => { frame ??= drawn; first.abort(); }, { ...size, signal: joined.signal }).finally(joined.dispose);
        return { result: { frame } };
      }
      const watching = viewers.get(session) ?? 0;
      if (watching >= MAX_VIEWERS) throw new HttpError(429, 'TooManyViewers', `This session already streams to ${watching} viewers, the limit; close one first.`);
      viewers.set(session, watching + 1);
      let frames = 0;
      try {
        await streamScreencast(session, async (frame) => {
          frames++;
          context.log('frame', { frame });
          await context.drained();
        }, { ...size, signal: context.signal });
      } finally {
        viewers.set(session, (viewers.get(session) ?? 1) - 1);
      }
      return { result: { frames } };
    },
  },
  input: {
    concurrent: true,
    async run(session, body, context) {
      const queue = inputQueues.get(session) ?? { tail: Promise.resolve(), pending: 0 };
      inputQueues.set(session, queue);
      if (queue.pending + body.events.length > MAX_PENDING_INPUT) {
        throw new HttpError(429, 'TooMuchInput', `This session has ${queue.pending} input events waiting for the page; send more once they are done.`);
      }
      queue.pending += body.events.length;
      // One person, one order: the events of every call go to the page in the order the calls came.
      const done = queue.tail.then(() => dispatchLiveInput(session, body.events, context.signal));
      queue.tail = done.catch(() => undefined);
      try {
        return { result: await done };
      } finally {
        queue.pending -= body.events.length;
      }
    },
  },
};
