import type { CDPSession, Page } from 'playwright-core';
import { canonicalMethod } from '../../schema';
import { throwIfAborted } from '../errors';
import { HOOKS_KEY } from '../page/keys';
import type { PointerPlan, PointerVerdict } from '../page/pointer-aim';
import { aimPointer, disarmPointer, frameShowsAt } from '../page-scripts';
import { phase } from '../phases';
import { callOnKept, callOnNode, evaluateOver, sessionFor } from '../devtools';
import { watchNavigation } from './navigation-watch';
import type { PageSnapshot, SnapshotElement } from '../snapshot/snapshot';

/** How long the page may take to answer one of these calls before the action is left to Playwright. */
export const PAGE_CALL_MS = 2000;

/**
 * An element to act on without a selector: one observe has just returned, reached by its node id with the page's state
 * then (acted on only while the page is still in that state); or one a stored selector has just found alone, which the
 * page keeps (see findAndKeep).
 */
export type ObservedNode = NodeById | KeptNode;

export interface NodeById {
  readonly backendNodeId: number;
  readonly state?: string;
  /**
   * The frame it is in when not the page itself: a frame directly in the page, by its DevTools id, with the session
   * its document is reached by (the page's, or its own when it runs in another process).
   */
  readonly frame?: { readonly cdpFrameId: string; readonly session: CDPSession };
}

interface KeptNode {
  readonly keptId: string;
}

/** A page function called on the element, in its frame; undefined when it is gone or the page did not answer in time. */
export function callOnElement<A extends readonly unknown[], R>(main: CDPSession, node: ObservedNode, fn: (element: Element, ...args: A) => R, args: A): Promise<Awaited<R> | undefined> {
  return 'keptId' in node ? callOnKept(main, node.keptId, fn, args, PAGE_CALL_MS) : callOnNode(node.frame?.session ?? main, node.backendNodeId, fn, args, PAGE_CALL_MS);
}

type PointerMethod = { readonly kind: PointerPlan['kind']; readonly button?: 'left' | 'right'; readonly clickCount?: number };

export const POINTER_METHODS: Readonly<Record<string, PointerMethod>> = {
  click: { kind: 'press' },
  doubleclick: { kind: 'press', clickCount: 2 },
  rightclick: { kind: 'press', button: 'right' },
  hover: { kind: 'hover' },
};


/** An element of a capture as observe keeps it for an act; undefined when the capture has no state to check against. */
export function observedNodeOf(snapshot: PageSnapshot, element: SnapshotElement): ObservedNode | undefined {
  if (!snapshot.state) return undefined;
  const frame = element.frame === 0 ? undefined : snapshot.frames[element.frame];
  return { backendNodeId: element.backendNodeId, state: snapshot.state, ...(frame ? { frame: { cdpFrameId: frame.cdpFrameId, session: frame.session } } : {}) };
}

/**
 * A pointer action on an element reached without a selector engine (observe's node while the page is as it was then,
 * or the element a stored selector found alone just now): it is checked in one page call (see aimPointer), then the
 * mouse acts at the point checked. A click that leaves the document returns once the new one has begun, as
 * Playwright's does. Says false when it did nothing to the page (the element is gone or not ready, the press would
 * reach another element): the action then goes through Playwright, which waits, retries and explains.
 */
export async function actOnObservedNode(page: Page, node: ObservedNode, method: string, options: { readonly signal: AbortSignal }): Promise<boolean> {
  const pointer = POINTER_METHODS[canonicalMethod(method)];
  const main = pointer && await sessionFor(page);
  if (!pointer || !main) return false;
  const frame = 'keptId' in node ? undefined : node.frame;
  const plan: PointerPlan = { key: HOOKS_KEY, kind: pointer.kind, inFrame: !!frame };
  const aim = await phase('aim at the observed node', () => callOnElement(main, node, aimPointer, [plan]));
  if (!aim?.ready) return false;
  // The guard is the frame's, not the element's: the page itself is asked in one message.
  const disarm = () => (frame ? callOnElement(main, node, disarmPointer, [HOOKS_KEY]) : disarmPage(main));
  const point = frame && 'backendNodeId' in node ? await phase('the frame\'s place', () => pointInPage(main, frame, node.backendNodeId, aim)) : aim;
  if (!point || options.signal.aborted) {
    await disarm();
    throwIfAborted(options.signal);
    return false;
  }
  return guardedInput(page, frame ? 'a frame' : 'the page', () => pointerEvents(main, point, pointer), disarm, options.signal);
}

/**
 * Input sent while the page's guard is armed (aimPointer, aimKeys), then the guard's verdict: false when the input was
 * stopped before the page's listeners heard it (or could not be sent), as if nothing happened; a document the input
 * leaves is waited for until the new one has begun, as Playwright's click does.
 */
export async function guardedInput(page: Page, of: 'the page' | 'a frame', send: () => Promise<void>, disarm: () => Promise<PointerVerdict | undefined>, signal: AbortSignal): Promise<boolean> {
  const navigation = watchNavigation(page, of);
  try {
    try {
      await phase('the action, directly', send);
    } catch (error) {
      // Refused before the page heard anything (a key Playwright does not know): Playwright tries, and explains.
      if ((await disarm())?.reached === 'none') return false;
      throw error;
    }
    const verdict = await disarm();
    if (verdict?.reached === 'blocked') return false;
    // No verdict: the document went away under the call (or hung); a navigation request says which.
    if (verdict?.leaves || (!verdict && navigation.requested())) await phase('the new document', () => navigation.committed(signal));
    return true;
  } finally {
    navigation.dispose();
  }
}

/** The verdict of the page's own guard (the page itself, not a frame in it): one message. */
export function disarmPage(main: CDPSession): Promise<PointerVerdict | undefined> {
  return evaluateOver<PointerVerdict>(main, `(${String(disarmPointer)})(document.documentElement, ${JSON.stringify(HOOKS_KEY)})`, PAGE_CALL_MS);
}

const BUTTONS = { left: 1, right: 2 } as const;

/**
 * The mouse's events, as Playwright's mouse sends them (a move, then a press and release for each click of the count),
 * sent together: the browser keeps their order, and a press delivers the move at once, where a move alone waits for
 * the next frame (up to 16 ms).
 */
async function pointerEvents(session: CDPSession, point: { x: number; y: number }, pointer: PointerMethod): Promise<void> {
  const at = { x: point.x, y: point.y };
  const events: Record<string, unknown>[] = [{ type: 'mouseMoved', ...at, button: 'none', buttons: 0 }];
  if (pointer.kind === 'press') {
    const button = pointer.button ?? 'left';
    for (let count = 1; count <= (pointer.clickCount ?? 1); count++) {
      events.push({ type: 'mousePressed', ...at, button, buttons: BUTTONS[button], clickCount: count }, { type: 'mouseReleased', ...at, button, buttons: 0, clickCount: count });
    }
  }
  await Promise.all(events.map((event) => session.send('Input.dispatchMouseEvent', event as never)));
}

/**
 * A point of an element in a frame, in the page's coordinates, where the mouse acts: the element's box as the
 * browser places it (in the page for a frame in the page's process; in the frame for one out of it, then moved by
 * where the frame's content box is), checked to be where the frame itself shows. Undefined when it cannot be told.
 */
async function pointInPage(main: CDPSession, frame: NonNullable<NodeById['frame']>, backendNodeId: number, aim: { x: number; y: number; boxX: number; boxY: number }): Promise<{ x: number; y: number } | undefined> {
  try {
    const [{ quads }, { backendNodeId: owner }] = await Promise.all([
      frame.session.send('DOM.getContentQuads', { backendNodeId }),
      main.send('DOM.getFrameOwner', { frameId: frame.cdpFrameId }),
    ]);
    const quad = quads[0];
    if (!quad) return undefined;
    let dx = Math.min(quad[0]!, quad[2]!, quad[4]!, quad[6]!) - aim.boxX;
    let dy = Math.min(quad[1]!, quad[3]!, quad[5]!, quad[7]!) - aim.boxY;
    if (frame.session !== main) {
      const { model } = await main.send('DOM.getBoxModel', { backendNodeId: owner });
      dx += model.content[0]!;
      dy += model.content[1]!;
    }
    const point = { x: aim.x + dx, y: aim.y + dy };
    return (await callOnNode(main, owner, frameShowsAt, [point.x, point.y, HOOKS_KEY], PAGE_CALL_MS)) ? point : undefined;
  } catch {
    return undefined;
  }
}
