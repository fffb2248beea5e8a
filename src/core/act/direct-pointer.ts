import type { CDPSession, Page } from 'playwright-core';
import { canonicalMethod } from '../../schema';
import { throwIfAborted } from '../errors';
import { HOOKS_KEY } from '../page/keys';
import type { PointerPlan } from '../page/pointer-aim';
import { aimPointer, disarmPointer, frameShowsAt } from '../page-scripts';
import { phase } from '../phases';
import { callOnNode, sessionFor } from '../devtools';
import { pageState } from '../snapshot/kept-captures';
import { watchNavigation } from './navigation-watch';
import type { PageSnapshot, SnapshotElement } from '../snapshot/snapshot';
import { plainCss, soleNodeOf } from './selector-node';

/**
 * An element reached by its node id: one observe has just returned, with the page's state then (acted on only while the
 * page is still in that state), or one a stored selector has just found alone (no state: it was found now).
 */
export interface ObservedNode {
  readonly backendNodeId: number;
  readonly state?: string;
  /**
   * The frame it is in when not the page itself: a frame directly in the page, by its DevTools id, with the session
   * its document is reached by (the page's, or its own when it runs in another process).
   */
  readonly frame?: { readonly cdpFrameId: string; readonly session: CDPSession };
}

type PointerMethod = { readonly kind: PointerPlan['kind']; readonly button?: 'left' | 'right'; readonly clickCount?: number };

const POINTER_METHODS: Readonly<Record<string, PointerMethod>> = {
  click: { kind: 'press' },
  doubleclick: { kind: 'press', clickCount: 2 },
  rightclick: { kind: 'press', button: 'right' },
  hover: { kind: 'hover' },
};

/** How long the page may take to answer one of these calls before the action is left to Playwright. */
const PAGE_CALL_MS = 2000;

/** An element of a capture as observe keeps it for an act; undefined when the capture has no state to check against. */
export function observedNodeOf(snapshot: PageSnapshot, element: SnapshotElement): ObservedNode | undefined {
  if (!snapshot.state) return undefined;
  const frame = element.frame === 0 ? undefined : snapshot.frames[element.frame];
  return { backendNodeId: element.backendNodeId, state: snapshot.state, ...(frame ? { frame: { cdpFrameId: frame.cdpFrameId, session: frame.session } } : {}) };
}

/**
 * A stored `css=` selector of the page itself that finds one element now, as a node to act on directly; undefined for
 * any other selector, none or several found: those go through Playwright's locator.
 */
export async function nodeOfStoredSelector(page: Page, selector: string): Promise<ObservedNode | undefined> {
  const css = plainCss(selector);
  const session = css && await sessionFor(page);
  const backendNodeId = session ? await phase('find the stored selector', () => soleNodeOf(session, css)) : undefined;
  return backendNodeId === undefined ? undefined : { backendNodeId };
}

/** Whether a method and its arguments can take this path (a click at a chosen position cannot). */
export function directPointerMethod(method: string, args: readonly string[]): boolean {
  return canonicalMethod(method) in POINTER_METHODS && args.length === 0;
}

/**
 * A pointer action on an element reached by its node id (observe's, while the page is as it was then; or a stored
 * selector's, found alone just now): the element is checked in one page call (see aimPointer), then the mouse acts at the point checked, with no selector
 * engine and no Playwright script set up in the page. A click that leaves the document returns once the new one has
 * begun, as Playwright's does. Says false when it did nothing to the page (the page changed, the element is not ready,
 * the press would reach another element): the action then goes through Playwright, which waits, retries and explains.
 */
export async function actOnObservedNode(page: Page, node: ObservedNode, method: string, options: { readonly signal: AbortSignal }): Promise<boolean> {
  const pointer = POINTER_METHODS[canonicalMethod(method)];
  const main = pointer && await sessionFor(page);
  if (!pointer || !main) return false;
  const session = node.frame?.session ?? main;
  if (node.state !== undefined && (await pageState(page)) !== node.state) return false;
  const plan: PointerPlan = { key: HOOKS_KEY, kind: pointer.kind, inFrame: !!node.frame };
  const aim = await phase('aim at the observed node', () => callOnNode(session, node.backendNodeId, aimPointer, [plan], PAGE_CALL_MS));
  if (!aim?.ready) return false;
  const disarm = () => callOnNode(session, node.backendNodeId, disarmPointer, [HOOKS_KEY], PAGE_CALL_MS);
  const point = node.frame ? await phase('the frame\'s place', () => pointInPage(main, node.frame!, node.backendNodeId, aim)) : aim;
  if (!point || options.signal.aborted) {
    await disarm();
    throwIfAborted(options.signal);
    return false;
  }
  const navigation = watchNavigation(page, node.frame ? 'a frame' : 'the page');
  try {
    await phase('the action itself', () => (pointer.kind === 'hover'
      ? page.mouse.move(point.x, point.y)
      : page.mouse.click(point.x, point.y, { button: pointer.button ?? 'left', clickCount: pointer.clickCount ?? 1 })));
    const verdict = await disarm();
    // Stopped before it reached the page's listeners: as if nothing happened, and Playwright tries again.
    if (verdict?.reached === 'blocked') return false;
    // No verdict: the document went away under the call (or hung); a navigation request says which.
    if (verdict?.leaves || (!verdict && navigation.requested())) await phase('the new document', () => navigation.committed(options.signal));
    return true;
  } finally {
    navigation.dispose();
  }
}

/**
 * A point of an element in a frame, in the page's coordinates, where the mouse acts: the element's box as the
 * browser places it (in the page for a frame in the page's process; in the frame for one out of it, then moved by
 * where the frame's content box is), checked to be where the frame itself shows. Undefined when it cannot be told.
 */
async function pointInPage(main: CDPSession, frame: NonNullable<ObservedNode['frame']>, backendNodeId: number, aim: { x: number; y: number; boxX: number; boxY: number }): Promise<{ x: number; y: number } | undefined> {
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
