import { randomBytes } from 'node:crypto';
import type { Frame, Page } from 'playwright-core';
import { RECORDING_MARK } from '../core/page/keys';
import { describeElementByAttribute } from '../core/snapshot/describe-element';
import { formatSelector, parseSelector } from '../core/snapshot/selector-syntax';

/**
 * The selectors a frame's own page made and proved for its element (its section, the row it sits in, its place), behind
 * the hops into that frame the snapshot found: the frame's element is told from its twins as the main document's is.
 * None for an element in a shadow root (the page makes none there) or reached through one.
 */
export function inFrame(madeInFrame: readonly string[], fromSnapshot: string): string[] {
  const { hops } = parseSelector(fromSnapshot);
  if (!hops.length || hops.some((hop) => hop.kind !== 'frame')) return [];
  return madeInFrame.map((selector) => formatSelector(hops, selector)).filter((selector) => selector !== fromSnapshot);
}

/**
 * Selectors made in a frame, behind the hops into it: its own element (the iframe) named as the snapshot names any, by
 * a mark put on it for the moment. None when the frame is gone, or reached through a shadow root.
 */
export async function throughFrame(page: Page, frame: Frame, madeInFrame: readonly string[]): Promise<string[]> {
  if (!madeInFrame.length) return [];
  const holder = await frame.frameElement().catch(() => undefined);
  if (!holder) return [];
  const mark = `frame-${randomBytes(6).toString('hex')}`;
  const marked = await holder.evaluate((element, [attribute, value]) => (element as Element).setAttribute(attribute, value), [RECORDING_MARK, mark] as const).then(() => true, () => false);
  if (!marked) return [];
  const described = await describeElementByAttribute(page, RECORDING_MARK, mark).catch(() => undefined)
    .finally(() => holder.evaluate((element, attribute) => (element as Element).removeAttribute(attribute), RECORDING_MARK).catch(() => undefined));
  if (!described) return [];
  const { hops, target } = parseSelector(described.selector);
  if (hops.some((hop) => hop.kind !== 'frame')) return [];
  return madeInFrame.map((selector) => formatSelector([...hops, { kind: 'frame', selector: target }], selector));
}
