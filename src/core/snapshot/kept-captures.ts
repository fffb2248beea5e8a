import type { Frame, Page } from 'playwright-core';
import { HOOKS_KEY } from '../page/keys';
import { pageCall, readGeneration } from '../page-scripts';
import { evaluateOver, sessionFor } from '../devtools';
import type { CapturedPage } from './capture';

/**
 * A backstop for changes no event or mutation tells of (a value set by script, a timer moving a box with CSS): a kept
 * capture older than this is taken again.
 */
const MAX_AGE_MS = 30_000;
/** A frame that cannot say its change count this fast (a script hogging it) is taken as unknown: captured afresh. */
const READ_TIMEOUT_MS = 2000;

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
  const [main, ...children] = page.frames();
  const generations = await Promise.all([mainGeneration ?? generationOf(page, main!), ...children.map((frame) => generationOf(page, frame))]);
  if (generations.some((generation) => generation === undefined)) return undefined;
  return JSON.stringify([page.url(), generations[0], ...children.map((frame, index) => [frame.url(), generations[index + 1]])]);
}

/**
 * Whether the page is still in a state pageState gave: the page's address and its own document's change count are
 * compared first, so a page loaded anew is told apart in one call, without asking each of its new frames (which,
 * through Playwright, costs a script set up in every fresh frame).
 */
export async function stillInState(page: Page, state: string): Promise<boolean> {
  const [url, generation] = JSON.parse(state) as [string, string];
  if (page.url() !== url) return false;
  const main = await generationOf(page, page.mainFrame());
  return main === generation && (await pageState(page, main)) === state;
}

/**
 * A frame's change count, read over the DevTools session of the page or of an out-of-process frame; a frame in its
 * parent's process has no session of its own and is asked through Playwright.
 */
async function generationOf(page: Page, frame: Frame): Promise<string | undefined> {
  const session = await sessionFor(page, frame === page.mainFrame() ? page : frame);
  if (!session) return frame.evaluate(readGeneration, HOOKS_KEY).catch(() => undefined);
  return evaluateOver<string>(session, pageCall(readGeneration, HOOKS_KEY), READ_TIMEOUT_MS);
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
