import type { CDPSession } from 'playwright-core';
import { callOnNode } from '../devtools';
import { describeElement } from '../page-scripts';
import type { Fingerprint } from './snapshot';

/** A page that cannot describe one element this fast (a script hogging it) gives no fingerprint: the pick is checked otherwise. */
const READ_TIMEOUT_MS = 2000;

/**
 * The fingerprint of an element of a capture, read on the live page by its backend node id with the function replay
 * checks targets with (its section included): two DevTools messages, no selector engine and no scan of the page. Undefined when the element is gone.
 */
export function liveFingerprint(session: CDPSession, backendNodeId: number): Promise<Fingerprint | undefined> {
  return callOnNode(session, backendNodeId, describeElement, [], READ_TIMEOUT_MS);
}
