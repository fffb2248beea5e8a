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

/** The durable selectors and fingerprint of the element whose `attribute` holds the word `value` (in any frame), or undefined. */
export async function describeElementByAttribute(page: Page, attribute: string, value: string): Promise<ElementDescription | undefined> {
  const captured = await capturePage(page);
  const carriers: DomNode[] = [];
  for (const frame of captured.frames) {
    const stack = frame.root ? [frame.root] : [];
    while (stack.length) {
      const node = stack.pop()!;
      if ((node.attrs[attribute] ?? '').split(/\s+/).includes(value)) carriers.push(node);
      stack.push(...node.children);
    }
  }
  // A page that copies the mark onto another element makes it say nothing: such a step is not described at all.
  if (carriers.length !== 1) return undefined;
  const found = carriers[0]!;
  const role = roleOf(found);
  const name = nameOf(found);
  // The recording mark is not part of the page: selectors never use it.
  const index = new SelectorIndex(captured.frames);
  const [selector, ...fallbacks] = index.candidatesFor(found, role).selectors;
  return { selector: selector!, fallbacks, fingerprint: { role, name } };
}
