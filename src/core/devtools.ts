import type { CDPSession, Frame, Page } from 'playwright-core';
import { FOUND_KEY } from './page/keys';

/**
 * The engine's own DevTools sessions, for what it reads and does in a page without Playwright's script in it: one
 * message where Playwright's evaluate would first set up its script in a freshly loaded frame (5–40 ms, once per
 * document).
 */

/** One CDP session per target: the page, and each out-of-process (cross-site) iframe. Kept for the page's lifetime. */
const sessions = new WeakMap<Page | Frame, Promise<CDPSession | undefined>>();

export function sessionFor(page: Page, target: Page | Frame = page): Promise<CDPSession | undefined> {
  let session = sessions.get(target);
  if (!session) {
    // A same-process frame has no session of its own; Playwright says so by throwing.
    session = page.context().newCDPSession(target).catch(() => undefined);
    sessions.set(target, session);
  }
  return session;
}

interface RuntimeReply {
  readonly result: { readonly value?: unknown };
  readonly exceptionDetails?: unknown;
}

/** The value a Runtime call returned; undefined on an exception, a session gone, or no answer within `timeoutMs`. */
async function valueWithin<T>(call: Promise<RuntimeReply>, timeoutMs: number): Promise<T | undefined> {
  const reply = await answerWithin(call, timeoutMs);
  return reply && !reply.exceptionDetails ? (reply.result.value as T | undefined) : undefined;
}

/** What a call to the page answers; undefined when it fails (a session gone) or does not answer within `timeoutMs`. */
export async function answerWithin<T>(call: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([call.catch(() => undefined), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** The value of an expression in the main world of a DevTools session's root frame (a promise is awaited). */
export function evaluateOver<T>(session: CDPSession, expression: string, timeoutMs: number): Promise<T | undefined> {
  return valueWithin<T>(session.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }), timeoutMs);
}

/**
 * What a page function returns for an element reached by its backend node id (in its frame's main world), called as
 * `fn(element, ...args)`; a promise is awaited. Undefined when the element is gone, or as for evaluateOver.
 */
export async function callOnNode<A extends readonly unknown[], R>(
  session: CDPSession, backendNodeId: number, fn: (element: Element, ...args: A) => R, args: A, timeoutMs: number,
): Promise<Awaited<R> | undefined> {
  let objectId: string | undefined;
  try {
    ({ object: { objectId } } = await session.send('DOM.resolveNode', { backendNodeId }));
    if (!objectId) return undefined;
    return await valueWithin<Awaited<R>>(session.send('Runtime.callFunctionOn', {
      objectId, functionDeclaration: `function (...args) { return this.isConnected ? (${String(fn)})(this, ...args) : undefined; }`,
      arguments: args.map((value) => ({ value })), awaitPromise: true, returnByValue: true,
    }), timeoutMs);
  } catch {
    return undefined;
  } finally {
    if (objectId) void session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  }
}

/**
 * The same for the element the page keeps under `id` (see findAndKeep), in the main world of the session's root frame:
 * one message, no node id to resolve. Undefined when the page keeps another element now, or it is gone.
 */
export function callOnKept<A extends readonly unknown[], R>(
  session: CDPSession, id: string, fn: (element: Element, ...args: A) => R, args: A, timeoutMs: number,
): Promise<Awaited<R> | undefined> {
  const kept = `window[Symbol.for(${JSON.stringify(FOUND_KEY)})]`;
  const call = `(${String(fn)})(${[`${kept}.element`, ...args.map((arg) => JSON.stringify(arg))].join(', ')})`;
  return evaluateOver(session, `(${kept} && ${kept}.id === ${JSON.stringify(id)} && ${kept}.element.isConnected ? ${call} : undefined)`, timeoutMs);
}
