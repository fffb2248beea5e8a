import type { Page } from 'playwright-core';
import type { LiveInputEvent } from '../../schema/live-view';
import type { EngineSession } from '../engine-session';
import { firstLine } from '../act/locate';
import { ServiceError } from '../errors';

/**
 * A person's input from the live view, given to the page as real input (DevTools Input events, trusted like a person's
 * at a window): the recorder records it, Pick Locator picks with it, and the page cannot tell it from a hand on a mouse.
 * Events run in the order given; the address bar and history go through the session's network checks.
 */
export async function dispatchLiveInput(session: EngineSession, events: readonly LiveInputEvent[], signal: AbortSignal): Promise<{ url: string }> {
  for (const [index, event] of events.entries()) {
    if (signal.aborted) break;
    await dispatchOne(session, session.page(), event, signal).catch((error: unknown) => {
      if (error instanceof ServiceError) throw error;
      throw new ServiceError(`events.${index} (${event.type}): ${firstLine((error as Error)?.message ?? String(error))}`, { cause: error });
    });
  }
  return { url: session.page().url() };
}

async function dispatchOne(session: EngineSession, page: Page, event: LiveInputEvent, signal: AbortSignal): Promise<void> {
  switch (event.type) {
    case 'mouseMove':
      return page.mouse.move(event.x, event.y);
    case 'mouseDown':
      await page.mouse.move(event.x, event.y);
      return page.mouse.down({ button: event.button, clickCount: event.clickCount });
    case 'mouseUp':
      await page.mouse.move(event.x, event.y);
      return page.mouse.up({ button: event.button, clickCount: event.clickCount });
    case 'wheel':
      await page.mouse.move(event.x, event.y);
      return page.mouse.wheel(event.deltaX, event.deltaY);
    case 'keyDown':
      return page.keyboard.down(event.key).catch((error: Error) => {
        // A character the keyboard layout has no key for ("é", "€") is typed as text, as an input method would.
        if ([...event.key].length === 1 && /Unknown key/.test(error.message)) return page.keyboard.insertText(event.key);
        throw error;
      });
    case 'keyUp':
      return page.keyboard.up(event.key).catch((error: Error) => {
        if (!/Unknown key/.test(error.message)) throw error;
      });
    case 'insertText':
      return page.keyboard.insertText(event.text);
    case 'navigate':
      return session.workbench.typeAddress(event.url, signal);
    case 'history': {
      // Right after an address was typed the page may still be swapping documents (the DevTools target detaches for a
      // moment): the person's Back waits for that, as a browser's button does.
      await page.waitForLoadState('domcontentloaded', { timeout: 5_000 }).catch(() => undefined);
      const go = () => (event.action === 'back' ? page.goBack({ waitUntil: 'commit' }) : event.action === 'forward' ? page.goForward({ waitUntil: 'commit' }) : page.reload({ waitUntil: 'commit' }));
      await go().catch(async (error: Error) => {
        if (!/Not attached to an active page/.test(error.message)) throw error;
        await page.waitForLoadState('domcontentloaded', { timeout: 5_000 }).catch(() => undefined);
        await go();
      });
      return;
    }
    case 'viewport':
      return page.setViewportSize({ width: event.width, height: event.height });
    default: {
      const never: never = event;
      throw new Error(`unknown input event ${JSON.stringify(never)}`);
    }
  }
}
