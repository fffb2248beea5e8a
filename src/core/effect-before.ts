import type { Page } from 'playwright-core';
import type { Effect } from '../schema';
import { readOnStored } from './act/direct-action';
import { effectBefore } from './page-scripts';

/** Looks at the drawing or the layout this far apart until this many in a row agree (a page's timer may run late)... */
const STILL_LOOKS_MS = 80;
const STILL_LOOKS = 3;
/** ...for at most this long: a page that never stops moving is left to the check after the gesture to tell. */
const MOST_WAIT_MS = 1500;

/**
 * The effect, its "before" read on this page now (a step's drawing or layout, once three looks in a row agree: a chart
 * still drawing itself in is waited for, as the person waited before their gesture). Replay then asks that the gesture
 * changed this page, not that the page differs from the recording's, which a page moving by itself, or showing other
 * data, always would. Unread (a selector the page cannot run itself), the recording's stands: undefined.
 */
export async function effectAsNow(page: Page, selector: string, effect: Effect, signal: AbortSignal, actionMs?: number): Promise<Effect | undefined> {
  const read = async () => JSON.stringify(await readOnStored(page, selector, effectBefore, [effect]).catch(() => undefined) ?? null);
  let last = await read();
  let agreeing = 1;
  // Never more than a third of the action's own time: the action comes first.
  const until = Date.now() + Math.min(MOST_WAIT_MS, (actionMs ?? Infinity) / 3);
  while (agreeing < STILL_LOOKS && Date.now() < until && !signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, STILL_LOOKS_MS));
    const now = await read();
    agreeing = now === last ? agreeing + 1 : 1;
    last = now;
  }
  const prints = JSON.parse(last) as { drawing?: string; layout?: string; column?: string } | null;
  if (!prints) return undefined;
  return {
    ...effect,
    ...(effect.redrawn && prints.drawing ? { redrawn: { from: prints.drawing } } : {}),
    ...(effect.rearranged && prints.layout ? { rearranged: { ...effect.rearranged, from: prints.layout } } : {}),
    ...(effect.sorted && prints.column ? { sorted: { ...effect.sorted, from: prints.column } } : {}),
  };
}
