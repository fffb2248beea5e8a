import type { Locator } from 'playwright-core';

/** Methods a person can only do to an element they can see. */
const POINTER_METHODS = new Set(['click', 'doubleclick', 'dblclick', 'rightclick', 'check', 'uncheck', 'hover']);
const ANCESTORS_TRIED = 6;

/**
 * An element that is there but shows only while the pointer is over its row (a todo's ×, a table row's actions) is
 * revealed as a person does it: by hovering the nearest visible element around it. Nothing happens for an element
 * that is visible, absent, or in need of something other than a hover. Says whether the element was seen visible.
 */
export async function revealOnHover(target: Locator, method: string, timeoutMs: number): Promise<boolean> {
  if (!POINTER_METHODS.has(method.toLowerCase())) return false;
  // One look, without waiting, in Playwright's own world (a page function would make Playwright set up a second one):
  // visible, or more than one element (a strict-mode error), is the common case and costs one round trip.
  const visible = await target.isVisible().catch(() => undefined);
  if (visible !== false || (await target.count().catch(() => 0)) !== 1) return visible === true;
  let around = target.first().locator('xpath=..');
  for (let level = 0; level < ANCESTORS_TRIED; level++, around = around.locator('xpath=..')) {
    if (await around.isVisible().catch(() => false)) {
      await around.hover({ timeout: Math.min(timeoutMs, 2000) }).catch(() => undefined);
      return false;
    }
  }
  return false;
}
