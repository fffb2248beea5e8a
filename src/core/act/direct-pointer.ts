import type { Page, Request } from 'playwright-core';
import { canonicalMethod } from '../../schema';
import { throwIfAborted } from '../errors';
import { HOOKS_KEY } from '../page/keys';
import type { PointerPlan, PointerVerdict } from '../page/pointer-aim';
import { aimPointer, disarmPointer, pageCall } from '../page-scripts';
import { phase } from '../phases';
import { callOnNode, evaluateOver, sessionFor } from '../devtools';
import { pageState } from '../snapshot/kept-captures';

/** An element of the main frame that observe has just returned, and the page's state when it did. */
export interface ObservedNode {
  readonly backendNodeId: number;
  readonly state: string;
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
/** A navigation request that finished without a new document (a 204, a download) is waited on this much longer. */
const NO_COMMIT_GRACE_MS = 1000;

/** Whether a method and its arguments can take this path (a click at a chosen position cannot). */
export function directPointerMethod(method: string, args: readonly string[]): boolean {
  return canonicalMethod(method) in POINTER_METHODS && args.length === 0;
}

/**
 * A pointer action on an element observe has just found, while the page is as it was then: the element is reached by
 * its node id and checked in one page call (see aimPointer), then the mouse acts at the point checked, with no selector
 * engine and no Playwright script set up in the page. A click that leaves the document returns once the new one has
 * begun, as Playwright's does. Says false when it did nothing to the page (the page changed, the element is not ready,
 * the press would reach another element): the action then goes through Playwright, which waits, retries and explains.
 */
export async function actOnObservedNode(page: Page, node: ObservedNode, method: string, options: { readonly signal: AbortSignal }): Promise<boolean> {
  const pointer = POINTER_METHODS[canonicalMethod(method)];
  const session = pointer && await sessionFor(page);
  if (!pointer || !session) return false;
  if ((await pageState(page)) !== node.state) return false;
  const aim = await phase('aim at the observed node', () => callOnNode(session, node.backendNodeId, aimPointer, [{ key: HOOKS_KEY, kind: pointer.kind }], PAGE_CALL_MS));
  if (!aim?.ready) return false;
  throwIfAborted(options.signal);
  const navigation = watchNavigation(page);
  try {
    await phase('the action itself', () => (pointer.kind === 'hover'
      ? page.mouse.move(aim.x, aim.y)
      : page.mouse.click(aim.x, aim.y, { button: pointer.button ?? 'left', clickCount: pointer.clickCount ?? 1 })));
    const verdict = await evaluateOver<PointerVerdict>(session, pageCall(disarmPointer, HOOKS_KEY), PAGE_CALL_MS);
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
 * Hears of the main frame's navigation as Playwright reports it: a navigation request, then its commit (a new
 * document), or its end without one (refused, a 204, a download).
 */
function watchNavigation(page: Page) {
  const main = page.mainFrame();
  let requested = false;
  let settle: (() => void) | undefined;
  const ended = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let grace: ReturnType<typeof setTimeout> | undefined;
  const isOurs = (request: Request) => request.isNavigationRequest() && request.frame() === main;
  const onRequest = (request: Request) => {
    if (isOurs(request)) requested = true;
  };
  const onCommit = (frame: unknown) => {
    if (frame === main) settle?.();
  };
  const onFailed = (request: Request) => {
    if (isOurs(request)) settle?.();
  };
  const onFinished = (request: Request) => {
    if (isOurs(request)) grace ??= setTimeout(() => settle?.(), NO_COMMIT_GRACE_MS);
  };
  page.on('request', onRequest);
  page.on('framenavigated', onCommit);
  page.on('requestfailed', onFailed);
  page.on('requestfinished', onFinished);
  return {
    requested: () => requested,
    /** Until the navigation commits or ends, or the call's time is up (the click itself is done either way). */
    committed: (signal: AbortSignal) => new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      if (signal.aborted) return done();
      signal.addEventListener('abort', done, { once: true });
      void ended.then(done);
    }),
    dispose: () => {
      clearTimeout(grace);
      page.off('request', onRequest);
      page.off('framenavigated', onCommit);
      page.off('requestfailed', onFailed);
      page.off('requestfinished', onFinished);
    },
  };
}
