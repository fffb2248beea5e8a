import type { Page } from 'playwright-core';
import { canonicalMethod } from '../../schema';
import { sessionFor } from '../devtools';
import { ServiceClickError } from '../errors';
import { checkedState, prepareFill } from '../page-scripts';
import { phase } from '../phases';
import { locatorFor } from './locate';
import { actOnObservedNode, callOnElement, PAGE_CALL_MS, POINTER_METHODS, type ObservedNode } from './direct-pointer';
import { findStoredElement, storedQuery, type StoredElement } from './stored-selector';

/**
 * Deterministic actions on an element already found (observe's node, or a stored selector's found alone just now),
 * with the page's own checks in one call and real input over DevTools, instead of Playwright's locator with its round
 * trips (see actOnObservedNode for the pointer; prepareFill and checkedState for the fields). Each says false when it
 * did nothing to the page: the action then goes through Playwright, which waits, retries and explains.
 * Not here: `press` (a key may submit a form; Playwright waits for what it starts) and every other method.
 */

/** Whether a method and its (substituted) arguments can take this path; a click at a chosen position cannot. */
export function directMethod(method: string, args: readonly string[]): boolean {
  const name = canonicalMethod(method);
  if (name in POINTER_METHODS) return args.length === 0;
  if (name === 'fill') return args.length === 1;
  return (name === 'check' || name === 'uncheck') && args.length === 0;
}

/** The element a stored selector finds alone now, with who it is; undefined when the page cannot say it alone. */
export async function findStored(page: Page, selector: string): Promise<StoredElement | undefined> {
  const query = storedQuery(selector);
  const session = query && await sessionFor(page);
  return session ? phase('find the stored selector', () => findStoredElement(session, query, PAGE_CALL_MS)) : undefined;
}

export async function actDirectly(page: Page, node: ObservedNode, method: string, args: readonly string[], options: { readonly signal: AbortSignal; readonly selector: string }): Promise<boolean> {
  const name = canonicalMethod(method);
  if (name in POINTER_METHODS) return actOnObservedNode(page, node, method, options);
  // The keys of a fill go to the page's focus: an element of a frame is left to Playwright.
  const session = !('frame' in node && node.frame) && await sessionFor(page);
  if (!session) return false;
  if (name === 'fill') {
    const value = args[0] ?? '';
    const plan = await phase('ready the field', () => callOnElement(session, node, prepareFill, [value]));
    if (!plan?.ready) return false;
    await phase('the action itself', () => (value ? page.keyboard.insertText(value) : page.keyboard.press('Delete')));
    return true;
  }
  const wanted = name === 'check';
  const before = await callOnElement(session, node, checkedState, []);
  if (before === undefined) return false;
  if (before === wanted) return true;
  if (!(await actOnObservedNode(page, node, 'click', options))) return false;
  // Once clicked it cannot be given to Playwright, whose check would click again: a click that did not take is said.
  // A checkbox drawn anew by the click (a framework re-rendering it) is read where the selector finds it now.
  const after = await callOnElement(session, node, checkedState, [])
    ?? await locatorFor(page, options.selector).isChecked({ timeout: PAGE_CALL_MS }).catch(() => undefined);
  if (after !== wanted) {
    throw new ServiceClickError(`${method} on ${options.selector} failed: clicking the checkbox did not change its state`);
  }
  return true;
}
