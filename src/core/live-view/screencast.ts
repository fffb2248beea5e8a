import type { CDPSession, Frame, Page } from 'playwright-core';
import type { ScreencastFrame } from '../../schema/live-view';
import type { EngineSession } from '../engine-session';

export interface ScreencastOptions {
  readonly maxWidth?: number;
  readonly maxHeight?: number;
  readonly quality?: number;
  readonly signal: AbortSignal;
}

/** An app sets its title after its route has rendered: read again this long after a navigation. */
const RETITLE_AFTER_MS = 300;
/** A title changed with no navigation at all is seen within this. */
const RETITLE_EVERY_MS = 1000;

interface FrameEvent {
  readonly data: string;
  readonly sessionId: number;
  readonly metadata: { readonly deviceWidth: number; readonly deviceHeight: number; readonly timestamp?: number };
}

/**
 * Streams the session's page as the browser draws it (DevTools screencast), following the page act works on when a
 * tab opens or closes, until `signal` aborts. The browser sends a frame only when the page changed, and the next one
 * only once `onFrame` has resolved: a still page costs nothing, and a slow viewer gets fewer frames, never a backlog.
 */
export async function streamScreencast(session: EngineSession, onFrame: (frame: ScreencastFrame) => Promise<void>, options: ScreencastOptions): Promise<void> {
  for (let page = session.page(); !options.signal.aborted; page = session.page()) {
    const unsubscribe: (() => void)[] = [];
    const leaves = new Promise<void>((resolve) => {
      const left = () => resolve();
      unsubscribe.push(session.onPageChange(left));
      options.signal.addEventListener('abort', left, { once: true });
      unsubscribe.push(() => options.signal.removeEventListener('abort', left));
      page.once('close', left);
      unsubscribe.push(() => page.off('close', left));
    });
    try {
      await castPage(page, onFrame, options, leaves);
    } finally {
      for (const stop of unsubscribe) stop();
    }
  }
}

async function castPage(page: Page, onFrame: (frame: ScreencastFrame) => Promise<void>, options: ScreencastOptions, leaves: Promise<void>): Promise<void> {
  let cdp: CDPSession;
  try {
    cdp = await page.context().newCDPSession(page);
  } catch {
    return; // the page closed meanwhile: the loop goes on with the page that follows it
  }
  let title = await page.title().catch(() => '');
  let last: ScreencastFrame | undefined;
  // The title follows every navigation, an app's own (history.pushState, a title set after its route renders) too: read
  // on each, again a moment later, and every second; a change with nothing redrawn is sent on the last picture.
  const retitle = () => void page.title().then((now) => {
    if (now === title) return;
    title = now;
    if (last) void onFrame({ ...last, title, url: page.url() }).catch(() => undefined);
  }, () => undefined);
  const timers = new Set<NodeJS.Timeout>();
  const navigated = (frame: Frame) => {
    if (frame !== page.mainFrame()) return;
    retitle();
    const later = setTimeout(() => {
      timers.delete(later);
      retitle();
    }, RETITLE_AFTER_MS);
    timers.add(later);
  };
  const everySecond = setInterval(retitle, RETITLE_EVERY_MS);
  page.on('load', retitle);
  page.on('framenavigated', navigated);
  cdp.on('Page.screencastFrame', (event: FrameEvent) => {
    const frame: ScreencastFrame = {
      data: event.data, width: event.metadata.deviceWidth, height: event.metadata.deviceHeight, url: page.url(), title,
      drawnAt: event.metadata.timestamp ? Math.round(event.metadata.timestamp * 1000) : Date.now(),
    };
    last = frame;
    void onFrame(frame)
      .catch(() => undefined)
      .then(() => cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }))
      .catch(() => undefined);
  });
  try {
    await cdp.send('Page.startScreencast', {
      format: 'jpeg', quality: options.quality ?? 70, everyNthFrame: 1,
      ...(options.maxWidth ? { maxWidth: options.maxWidth } : {}), ...(options.maxHeight ? { maxHeight: options.maxHeight } : {}),
    });
    await leaves;
  } catch {
    // the page went away while starting: the loop moves on
  } finally {
    page.off('load', retitle);
    page.off('framenavigated', navigated);
    clearInterval(everySecond);
    for (const timer of timers) clearTimeout(timer);
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
