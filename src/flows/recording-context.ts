import { randomBytes } from 'node:crypto';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { playwrightEngineScript } from '../core/browser/playwright-engine-script';
import { installRecorder } from '../core/page-scripts';
import type { RecordedEvent } from '../core/page/recorded-event';

/*
 * What recordings share in one browser context, installed once: Playwright keeps every init script's source and every
 * binding's page script until its context closes, disposed or not, so what each recording added again grew the service
 * hour after hour in one session.
 */

/** The symbol under which a frame keeps the recorder's installer (installRecorder), once its context has recorded. */
export const RECORDER_LIBRARY_KEY = 'rehearse.recorder-library';

/** What a recording's page sends the engine through the context's binding. */
export type BoundEvent = (RecordedEvent | { kind: 'mode'; mode: unknown }) & { token?: unknown; via?: { document?: unknown; sent?: unknown } };
type BoundHandler = (source: { frame: Frame; page: Page }, event: BoundEvent) => void;

/** `make`'s answer for a context, made once; a failed one is made again next time. */
function oncePerContext<T>(made: WeakMap<BrowserContext, Promise<T>>, context: BrowserContext, make: () => Promise<T>): Promise<T> {
  let making = made.get(context);
  if (!making) {
    making = make();
    making.catch(() => made.delete(context));
    made.set(context, making);
  }
  return making;
}

const installedLibraries = new WeakMap<BrowserContext, Promise<readonly string[]>>();

/** Playwright's engine and the recorder's installer, as init scripts of the context (once) and as scripts for frames open now. */
export function recorderLibraries(context: BrowserContext): Promise<readonly string[]> {
  return oncePerContext(installedLibraries, context, async () => {
    const libraries = [
      playwrightEngineScript(),
      `(() => { const key = Symbol.for(${JSON.stringify(RECORDER_LIBRARY_KEY)}); if (!Object.prototype.hasOwnProperty.call(window, key)) Object.defineProperty(window, key, { value: ${String(installRecorder)}, configurable: true }); })()`,
    ];
    for (const library of libraries) await context.addInitScript(library);
    return libraries;
  });
}

/** The recordings a context's binding hands events to, by their token. */
const handlers = new WeakMap<BrowserContext, Map<string, BoundHandler>>();
const bindingNames = new WeakMap<BrowserContext, Promise<string>>();

/**
 * The binding every recording in a context sends its events through, and the map of recordings it serves (by token).
 * Its name is unguessable, and an event reaches only the recording whose token it carries.
 */
export async function recordingBinding(context: BrowserContext): Promise<{ name: string; recordings: Map<string, BoundHandler> }> {
  let recordings = handlers.get(context);
  if (!recordings) handlers.set(context, (recordings = new Map()));
  const served = recordings;
  const name = await oncePerContext(bindingNames, context, async () => {
    const name = `__rehearseRecord_${randomBytes(8).toString('hex')}`;
    await context.exposeBinding(name, (source, event: BoundEvent) => {
      const handle = typeof event?.token === 'string' ? served.get(event.token) : undefined;
      handle?.(source, event);
    });
    return name;
  });
  return { name, recordings: served };
}
