import type { CDPSession, Page } from 'playwright-core';
import type { SoleTarget } from '../page/sole-target';
import { answerWithin, evaluateOver } from '../devtools';
import { FOUND_KEY } from '../page/keys';
import { findAndKeep, pageCall } from '../page-scripts';
import type { StoredPath } from '../snapshot/stored-query';
import type { ObservedNode } from './direct-pointer';
import { findInFrame } from './stored-in-frame';

/**
 * A stored selector reached the cheap way: a selector the page can run alone (see findSole: `css=` without
 * Playwright's own pseudo-classes, `xpath=`, `role=…[name=…]`, shadow hops), in the page or after one frame hop, is
 * run and the element it finds alone described (role, name, anchor, showing) in one DevTools call (a few more in a
 * frame). Anything else, none or several found, is left to Playwright's locator, which waits for it and says what is
 * wrong.
 */

export interface StoredElement extends Required<Pick<SoleTarget, 'fingerprint'>> {
  /** How the engine's next calls reach it: kept by the page under an id (see callOnKept), or by its node id in a frame. */
  readonly node: ObservedNode;
  /** Surely showing (Playwright's rule); false when unsure. */
  readonly visible: boolean;
}

let lastId = 0;

/**
 * The element the stored selector finds alone, who it is and whether it shows: in one message to the page's main
 * world, or a few more for a frame (see findInFrame). Undefined when none, several, or no answer in time.
 */
export async function findStoredElement(page: Page, main: CDPSession, path: StoredPath, timeoutMs: number): Promise<StoredElement | undefined> {
  const keptId = `${process.pid}.${++lastId}`;
  const stash = { key: FOUND_KEY, id: keptId };
  let found: { sole: SoleTarget; node: ObservedNode } | undefined;
  if (!path.frame) {
    const sole = await evaluateOver<SoleTarget>(main, pageCall(findAndKeep, path.target, stash), timeoutMs);
    found = sole && { sole, node: { keptId } };
  } else {
    found = await answerWithin(findInFrame(page, main, path.frame, path.target, stash), timeoutMs);
  }
  const fingerprint = found?.sole.count === 1 ? found.sole.fingerprint : undefined;
  return found && fingerprint ? { node: found.node, fingerprint, visible: found.sole.visible === true } : undefined;
}
