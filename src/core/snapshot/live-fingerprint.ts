import type { CDPSession } from 'playwright-core';
import { describeInPage } from '../page-scripts';
import type { Fingerprint } from './snapshot';

/** Describes `this` (the element resolved by its node id) with the function replay checks targets with. */
const DESCRIBE_THIS = `function () { return this.isConnected ? (${String(describeInPage)})(this) : undefined; }`;

/**
 * The fingerprint of an element of a capture, read on the live page by its backend node id: two DevTools messages, no
 * selector engine and no scan of the page. Undefined when the element is gone.
 */
export async function liveFingerprint(session: CDPSession, backendNodeId: number): Promise<Fingerprint | undefined> {
  let objectId: string | undefined;
  try {
    ({ object: { objectId } } = await session.send('DOM.resolveNode', { backendNodeId }));
    if (!objectId) return undefined;
    const { result, exceptionDetails } = await session.send('Runtime.callFunctionOn', { objectId, functionDeclaration: DESCRIBE_THIS, returnByValue: true });
    return exceptionDetails ? undefined : (result.value as Fingerprint | undefined);
  } catch {
    return undefined;
  } finally {
    if (objectId) void session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  }
}
