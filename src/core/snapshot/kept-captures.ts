import type { Page } from 'playwright-core';
import { HOOKS_KEY } from '../page/keys';
import { readGeneration } from '../page-scripts';
import type { CapturedPage } from './capture';

/**
 * A backstop for changes no event or mutation tells of (a value set by script, a timer moving a box with CSS): a kept
 * capture older than this is taken again.
 */
const MAX_AGE_MS = 30_000;

interface Kept {
  readonly state: string;
  readonly captured: CapturedPage;
  readonly at: number;
}

/** The latest capture of each page, reused while no frame of the page has changed since (the page hooks count changes). */
const kept = new WeakMap<Page, Kept>();

/**
 * What the page is now, as a key: every frame's address, document and change count. Undefined when a frame cannot say
 * (no hooks yet, or going away): such a page is captured afresh.
 */
export async function pageState(page: Page, mainGeneration?: string): Promise<string | undefined> {
  mainGeneration ??= await page.evaluate(readGeneration, HOOKS_KEY).catch(() => undefined);
  if (mainGeneration === undefined) return undefined;
  const children = page.frames().slice(1);
  const generations = await Promise.all(children.map((frame) => frame.evaluate(readGeneration, HOOKS_KEY).catch(() => undefined)));
  if (generations.some((generation) => generation === undefined)) return undefined;
  return JSON.stringify([page.url(), mainGeneration, ...children.map((frame, index) => [frame.url(), generations[index]])]);
}

export function keptCapture(page: Page, state: string | undefined): CapturedPage | undefined {
  const entry = kept.get(page);
  if (!state || !entry || entry.state !== state || Date.now() - entry.at > MAX_AGE_MS) return undefined;
  return entry.captured;
}

export function keepCapture(page: Page, state: string | undefined, captured: CapturedPage): void {
  if (state) kept.set(page, { state, captured, at: Date.now() });
  else kept.delete(page);
}
