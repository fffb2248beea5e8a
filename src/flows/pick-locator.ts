import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { EngineSession } from '../core/engine-session';
import { HOOKS_KEY, PICK_MARK } from '../core/page/keys';
import { installPicker, pageCall } from '../core/page-scripts';
import { abortReason, ServiceElementNotFoundError } from '../core/errors';
import { describeElementByAttribute } from '../core/snapshot/describe-element';
import type { PickedElement } from '../schema';

let pickers = 0;

/**
 * One binding per browser context, whatever the number of picks: Playwright cannot take a binding back, and each one is
 * set up again in every document the context loads. A pick waits under its own unguessable token.
 */
const bindings = new WeakMap<BrowserContext, { readonly name: string; readonly waiting: Map<string, () => void> }>();

async function pickBinding(context: BrowserContext): Promise<{ readonly name: string; readonly waiting: Map<string, () => void> }> {
  let known = bindings.get(context);
  if (!known) {
    // Unguessable: a page can neither find the binding nor fake a pick.
    const entry = { name: `__rehearsePick${++pickers}_${randomBytes(8).toString('hex')}`, waiting: new Map<string, () => void>() };
    bindings.set(context, entry);
    await context.exposeBinding(entry.name, (_source, payload: { token?: unknown }) => {
      if (typeof payload?.token === 'string') entry.waiting.get(payload.token)?.();
    });
    known = entry;
  }
  return known;
}

/**
 * Waits for the person to click an element in the session's browser (outlined as the pointer moves), then names it as
 * the recorder would: its best selector, fallbacks and role and name, from the engine's snapshot (frames and shadow
 * roots included). Nothing on the page happens for that click. Ends with `signal`.
 */
export async function pickElement(session: EngineSession, signal: AbortSignal): Promise<PickedElement> {
  const page = session.page();
  const binding = await pickBinding(page.context());
  const token = randomBytes(16).toString('hex');
  const clicked = new Promise<void>((resolve) => binding.waiting.set(token, resolve));
  const script = pageCall(installPicker, binding.name, PICK_MARK, token, HOOKS_KEY);
  const frames = () => page.context().pages().flatMap((open) => open.frames());
  const cleanUp = () => Promise.all(frames().map((frame) => frame.evaluate((key) => (window as unknown as Record<symbol, (() => void) | undefined>)[Symbol.for(key)]?.(), `rehearse.picker.${token}`).catch(() => undefined)));
  try {
    await Promise.all(frames().map((frame) => frame.evaluate(script).catch(() => undefined)));
    const stopped = new Promise<never>((_resolve, reject) => {
      if (signal.aborted) reject(abortReason(signal));
      signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
    });
    await Promise.race([clicked, stopped]);
    const described = await describeElementByAttribute(page, PICK_MARK, token);
    if (!described) throw new ServiceElementNotFoundError('The picked element could not be named: it left the page, or the page copied its mark. Pick it again.');
    return { selector: described.selector, fallbacks: [...described.fallbacks], target: described.fingerprint };
  } finally {
    binding.waiting.delete(token);
    await cleanUp();
  }
}
