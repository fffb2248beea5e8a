import type { Frame, Page, Request } from 'playwright-core';

/** A navigation request that finished without a new document (a 204, a download) is waited on this much longer. */
const NO_COMMIT_GRACE_MS = 1000;

/**
 * Hears of a navigation of the page, or of a frame in it, as Playwright reports it: a navigation request, then its
 * commit (a new document), or its end without one (refused, a 204, a download).
 */
export function watchNavigation(page: Page, of: 'the page' | 'a frame') {
  const main = page.mainFrame();
  const watched = (frame: Frame) => (of === 'the page' ? frame === main : frame !== main);
  let requested = false;
  let settle: (() => void) | undefined;
  const ended = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let grace: ReturnType<typeof setTimeout> | undefined;
  const isOurs = (request: Request) => request.isNavigationRequest() && watched(request.frame());
  const onRequest = (request: Request) => {
    if (isOurs(request)) requested = true;
  };
  const onCommit = (frame: Frame) => {
    if (watched(frame)) settle?.();
  };
  const onFailed = (request: Request) => {
    if (isOurs(request)) settle?.();
  };
  const onFinished = (request: Request) => {
    if (isOurs(request)) grace ??= setTimeout(() => settle?.(), NO_COMMIT_GRACE_MS);
  };
  page.on('request', onRequest);
  page.on('framenavigated', onCommit);
  page.on('requestfailed', onFailed);
  page.on('requestfinished', onFinished);
  return {
    requested: () => requested,
    /** Until the navigation commits or ends, or the call's time is up (the click itself is done either way). */
    committed: (signal: AbortSignal) => new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      if (signal.aborted) return done();
      signal.addEventListener('abort', done, { once: true });
      void ended.then(done);
    }),
    dispose: () => {
      clearTimeout(grace);
      page.off('request', onRequest);
      page.off('framenavigated', onCommit);
      page.off('requestfailed', onFailed);
      page.off('requestfinished', onFinished);
    },
  };
}
