import type { Page } from 'playwright-core';
import { capturePage } from './capture';
import type { DomNode } from './dom-tree';
import { nameOf, roleOf } from './element-facts';
import { SelectorIndex } from './selectors';
import type { Fingerprint } from './snapshot';

export interface ElementDescription {
  readonly selector: string;
  readonly fallbacks: readonly string[];
  readonly fingerprint: Fingerprint;
}

/** The durable selectors and fingerprint of the element carrying `attribute="value"` (in any frame), or undefined. */
export async function describeElementByAttribute(page: Page, attribute: string, value: string): Promise<ElementDescription | undefined> {
  const captured = await capturePage(page);
  let found: DomNode | undefined;
  for (const frame of captured.frames) {
    const stack = frame.root ? [frame.root] : [];
    while (stack.length && !found) {
      const node = stack.pop()!;
      if (node.attrs[attribute] === value) found = node;
      stack.push(...node.children);
    }
    if (found) break;
  }
  if (!found) return undefined;
  const role = roleOf(found);
  const name = nameOf(found);
  // The recording mark is not part of the page: selectors never use it.
  const index = new SelectorIndex(captured.frames);
  const [selector, ...fallbacks] = index.candidatesFor(found, role).selectors;
  return { selector: selector!, fallbacks, fingerprint: { role, name } };
}
