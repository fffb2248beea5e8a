import type { CDPSession, Page } from 'playwright-core';
import { canonicalMethod } from '../../schema';
import { evaluateOver, sessionFor } from '../devtools';
import { ServiceClickError } from '../errors';
import { HOOKS_KEY, LANDED_KEY } from '../page/keys';
import { aimKeys, checkedState, editorRests, prepareFill, selectInPage } from '../page-scripts';
import { KEYED_QUIET_MS } from './methods';
import { phase } from '../phases';
import { stillInState } from '../snapshot/kept-captures';
import { locatorFor } from './locate';
import { actOnObservedNode, callOnElement, disarmPage, guardedInput, PAGE_CALL_MS, POINTER_METHODS, type ObservedNode } from './direct-pointer';
import { findStoredElement, type StoredElement } from './stored-selector';
import { storedQuery } from '../snapshot/stored-query';

/**
 * Deterministic actions on an element already found (observe's node, or a stored selector's found alone just now),
 * with the page's own checks in one call and real input over DevTools, instead of Playwright's locator with its round
 * trips: actOnObservedNode for the pointer; prepareFill, aimKeys, selectInPage and checkedState for the fields. A key
 * press is guarded as a click is: keys that would reach another element are stopped, and a document the key leaves
 * (a form sent by Enter) is waited for. Each says false when it did nothing to the page: the action then goes through
 * Playwright, which waits, retries and explains.
 */

/** Whether a method and its (substituted) arguments can take this path; a click at a chosen position cannot. */
export function directMethod(method: string, args: readonly string[]): boolean {
  const name = canonicalMethod(method);
  if (name in POINTER_METHODS) return args.length === 0;
  if (name === 'fill') return args.length === 1;
  if (name === 'press') return args.length === 1 && !!args[0];
  if (name === 'selectoption') return args.length > 0;
  return (name === 'check' || name === 'uncheck') && args.length === 0;
}

/**
 * The element to act on directly: observe's node while the page is still as observe saw it (its state then), else the
 * one the stored selector finds alone now; undefined when neither.
 */
export async function elementFor(page: Page, known: ObservedNode | undefined, selector: string): Promise<ObservedNode | undefined> {
  const stale = known && 'state' in known && known.state !== undefined && !(await stillInState(page, known.state));
  return known && !stale ? known : (await findStored(page, selector))?.node;
}

/** The element a stored selector finds alone now, with who it is; undefined when the page cannot say it alone. */
export async function findStored(page: Page, selector: string): Promise<StoredElement | undefined> {
  return (await foundWithSession(page, selector))?.found;
}

/** A page function's answer on the element a stored selector finds alone now; undefined when the page cannot say it alone. */
export async function readOnStored<A extends readonly unknown[], R>(page: Page, selector: string, fn: (element: Element, ...args: A) => R, args: A, options: { readonly includeHidden?: boolean } = {}): Promise<Awaited<R> | undefined> {
  const reached = await foundWithSession(page, selector, options.includeHidden);
  return reached ? callOnElement(reached.session, reached.found.node, fn, args) : undefined;
}

async function foundWithSession(page: Page, selector: string, includeHidden = false): Promise<{ found: StoredElement; session: CDPSession } | undefined> {
  const stored = storedQuery(selector);
  // A role selector may look among hidden elements too; any other finds them as it always does.
  const path = stored && includeHidden && stored.target.kind === 'role' ? { ...stored, target: { ...stored.target, includeHidden } } : stored;
  const session = path && await sessionFor(page);
  const found = session ? await phase('find the stored selector', () => findStoredElement(page, session, path, PAGE_CALL_MS)) : undefined;
  return found && session ? { found, session } : undefined;
}

export async function actDirectly(page: Page, node: ObservedNode, method: string, args: readonly string[], options: { readonly signal: AbortSignal; readonly selector: string }): Promise<boolean> {
  const name = canonicalMethod(method);
  if (name in POINTER_METHODS) return actOnObservedNode(page, node, method, options);
  // Keys go to the page's focus: an element of a frame is left to Playwright (and so are its selects).
  const session = !('frame' in node && node.frame) && await sessionFor(page);
  if (!session) return false;
  if (name === 'fill') {
    const value = args[0] ?? '';
    const plan = await phase('ready the field', () => callOnElement(session, node, prepareFill, [value, LANDED_KEY]));
    if (!plan?.ready) return false;
    await phase('the action, directly', async () => {
      await (value ? page.keyboard.insertText(value) : page.keyboard.press('Delete'));
      await evaluateOver(session, `window[Symbol.for(${JSON.stringify(LANDED_KEY)})]`, PAGE_CALL_MS);
    });
    return true;
  }
  if (name === 'press') {
    await phase('the editor at rest', () => callOnElement(session, node, editorRests, [KEYED_QUIET_MS]));
    const aimed = await phase('ready the field', () => callOnElement(session, node, aimKeys, [HOOKS_KEY]));
    if (!aimed || !(await guardedInput(page, 'the page', () => page.keyboard.press(args[0]!), () => disarmPage(session), options.signal))) return false;
    await phase('the editor at rest', () => callOnElement(session, node, editorRests, [KEYED_QUIET_MS]));
    return true;
  }
  if (name === 'selectoption') {
    const selected = await phase('the action, directly', () => callOnElement(session, node, selectInPage, [args]));
    return selected?.ready === true;
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
