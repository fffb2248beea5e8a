import type { CDPSession, Page } from 'playwright-core';

interface PausedRequest {
  readonly requestId: string;
  readonly request: { readonly url: string };
  readonly frameId: string;
  readonly redirectedRequestId?: string;
}

/**
 * Holds each hop of a page's top-level navigations to `allows` before its request leaves. Playwright's routes never see
 * a redirect hop (it continues them itself), so an allowed page answering 302 to elsewhere would send that request,
 * query string and all, before anything could look at where it landed. A DevTools session of our own pauses every
 * document request at the request stage, redirect hops included, alongside Playwright's own interception.
 * Returns a function that ends the interception.
 */
export async function holdRedirectHops(page: Page, allows: (url: string) => boolean, refused: (url: string) => void): Promise<() => Promise<void>> {
  let session: CDPSession;
  try {
    session = await page.context().newCDPSession(page);
  } catch {
    // A page that closed meanwhile, or a browser without DevTools sessions: the route and the landing check remain.
    return async () => undefined;
  }
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrame = frameTree.frame.id;
  session.on('Fetch.requestPaused', (paused: PausedRequest) => {
    const blocked = paused.frameId === mainFrame && paused.redirectedRequestId !== undefined && !allows(paused.request.url);
    if (blocked) refused(paused.request.url);
    void session.send(blocked ? 'Fetch.failRequest' : 'Fetch.continueRequest', blocked ? { requestId: paused.requestId, errorReason: 'BlockedByClient' } : { requestId: paused.requestId }).catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });
  return async () => {
    await session.send('Fetch.disable').catch(() => undefined);
    await session.detach().catch(() => undefined);
  };
}
