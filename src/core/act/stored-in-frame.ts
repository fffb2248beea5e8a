import type { CDPSession, Page } from 'playwright-core';
import type { FoundStash, StoredQuery } from '../page/find-sole';
import type { SoleTarget } from '../page/sole-target';
import { sessionFor } from '../devtools';
import { findAndKeep, pageCall } from '../page-scripts';
import type { NodeById } from './direct-pointer';

/**
 * A stored selector with one frame hop (`frame:css=#payment >>> role=button[name="Pay now"]`) run by the pages
 * themselves: the page finds the frame's element alone, DevTools says which frame it holds and where that frame's
 * document lives (in the page's process, or its own for a cross-site frame), and the frame finds the target alone and
 * describes it. The element is then reached by its node id in that frame, as observe's picks in frames are.
 */

interface RemoteReply {
  readonly result: { readonly value?: unknown; readonly objectId?: string; readonly subtype?: string };
  readonly exceptionDetails?: unknown;
}

/** Where a frame's document is run: its own session (out of process), or the page's, on the frame's document object. */
interface FrameReach {
  readonly cdpFrameId: string;
  readonly session: CDPSession;
  readonly documentNodeId?: number;
}

export async function findInFrame(
  page: Page, main: CDPSession, frameQuery: StoredQuery, target: StoredQuery, stash: FoundStash,
): Promise<{ readonly sole: SoleTarget; readonly node: NodeById } | undefined> {
  const owner = await keptElement(main, undefined, frameQuery, stash);
  const frame = owner && await frameHeldBy(page, main, owner);
  if (!frame) return undefined;
  const element = await keptElement(frame.session, frame.documentNodeId, target, stash);
  if (!element) return undefined;
  const { node } = await frame.session.send('DOM.describeNode', { objectId: element.objectId });
  release(frame.session, element.objectId);
  return { sole: element.sole, node: { backendNodeId: node.backendNodeId, frame: { cdpFrameId: frame.cdpFrameId, session: frame.session } } };
}

/** The element the query finds alone in a document, described and kept there, and as a remote object. */
async function keptElement(session: CDPSession, documentNodeId: number | undefined, query: StoredQuery, stash: FoundStash): Promise<{ objectId: string; sole: SoleTarget } | undefined> {
  const found = await evaluateIn(session, documentNodeId, pageCall(findAndKeep, query, stash), true);
  const sole = found?.result.value as SoleTarget | undefined;
  if (sole?.count !== 1) return undefined;
  const element = await evaluateIn(session, documentNodeId, `window[Symbol.for(${JSON.stringify(stash.key)})].element`, false);
  const objectId = element?.result.subtype === 'node' ? element.result.objectId : undefined;
  return objectId ? { objectId, sole } : undefined;
}

/** An expression's value in a document: the session's root frame, or the frame whose document node is given. */
async function evaluateIn(session: CDPSession, documentNodeId: number | undefined, expression: string, byValue: boolean): Promise<RemoteReply | undefined> {
  let reply: RemoteReply;
  if (documentNodeId === undefined) {
    reply = await session.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: byValue });
  } else {
    const { object } = await session.send('DOM.resolveNode', { backendNodeId: documentNodeId });
    if (!object.objectId) return undefined;
    reply = await session.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: `function () { return ${expression}; }`, awaitPromise: true, returnByValue: byValue });
    release(session, object.objectId);
  }
  return reply.exceptionDetails ? undefined : reply;
}

/** The frame a frame's element holds, and how its document is reached; undefined for anything else. */
async function frameHeldBy(page: Page, main: CDPSession, owner: { objectId: string }): Promise<FrameReach | undefined> {
  const { node } = await main.send('DOM.describeNode', { objectId: owner.objectId });
  release(main, owner.objectId);
  if (!node.frameId) return undefined;
  if (node.contentDocument) return { cdpFrameId: node.frameId, session: main, documentNodeId: node.contentDocument.backendNodeId };
  const session = await outOfProcessSession(page, node.frameId);
  return session && { cdpFrameId: node.frameId, session };
}

/** Each out-of-process frame's DevTools id, asked once per session. */
const rootFrameIds = new WeakMap<CDPSession, Promise<string | undefined>>();

async function outOfProcessSession(page: Page, cdpFrameId: string): Promise<CDPSession | undefined> {
  for (const frame of page.frames().slice(1)) {
    const session = await sessionFor(page, frame);
    if (!session) continue;
    let id = rootFrameIds.get(session);
    if (!id) {
      id = session.send('Page.getFrameTree').then(({ frameTree }) => frameTree.frame.id, () => undefined);
      rootFrameIds.set(session, id);
    }
    if ((await id) === cdpFrameId) return session;
  }
  return undefined;
}

function release(session: CDPSession, objectId: string): void {
  void session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
}
