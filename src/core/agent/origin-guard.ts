import type { BrowserContext, Frame, Page, Request, Route } from 'playwright-core';
import { ServiceInvalidArgumentError, ServiceNavigationError } from '../errors';
import { normalizeOrigin, NetworkRefusal } from '../network/address-policy';
import { holdRedirectHops } from './redirect-hops';

/** The origins the agent may take its pages to, as given (`allowedOrigins`), each checked: an invalid one is a 400. */
export function parseAllowedOrigins(values: readonly string[]): string[] {
  return values.map((value, index) => {
    try {
      return normalizeOrigin(value);
    } catch (error) {
      throw new ServiceInvalidArgumentError(`allowedOrigins.${index}: ${error instanceof NetworkRefusal ? error.message : 'expected an origin'}`, { field: `allowedOrigins.${index}` });
    }
  });
}

/**
 * Without `allowedOrigins`, the agent stays where the person put it: the origin of the page it starts on and those of
 * the URLs the instruction and context name. Text on a page can never add an origin.
 */
export function defaultOrigins(startUrl: string, ...texts: (string | undefined)[]): string[] {
  const origins = new Set<string>();
  const add = (candidate: string) => {
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // not a URL
    }
  };
  add(startUrl);
  for (const text of texts) for (const match of (text ?? '').matchAll(/\bhttps?:\/\/[^\s"'<>)\]]+/gi)) add(match[0]);
  return [...origins];
}

export function isAllowedUrl(url: string, allowed: readonly string[]): boolean {
  if (url === 'about:blank' || url.startsWith('data:')) return true;
  try {
    return allowed.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

export interface OriginGuard {
  /** The error that stopped the run, if a page left the allowed origins (a redirect the browser followed). */
  readonly violation: () => ServiceNavigationError | undefined;
  dispose(): Promise<void>;
}

/**
 * Enforces the origins in the browser for the run: a top-level navigation elsewhere (a clicked link, a form, a popup,
 * script) is refused before its request leaves, and so is each redirect hop of one (holdRedirectHops), which also
 * stops the run; a page that still lands elsewhere (a popup whose very first request was redirected, before its page
 * could be watched) is sent to about:blank at once and the run is stopped.
 */
export async function guardOrigins(context: BrowserContext, allowed: readonly string[], stop: (error: ServiceNavigationError) => void): Promise<OriginGuard> {
  let violation: ServiceNavigationError | undefined;
  const describe = allowed.length ? allowed.join(', ') : 'none';
  const handler = async (route: Route, request: Request) => {
    if (request.isNavigationRequest() && isTopLevel(request.frame()) && !isAllowedUrl(request.url(), allowed)) {
      await route.abort('blockedbyclient').catch(() => undefined);
      return;
    }
    await route.fallback().catch(() => undefined);
  };
  const landed = (frame: Frame) => {
    if (frame.parentFrame() || isAllowedUrl(frame.url(), allowed)) return;
    violation ??= new ServiceNavigationError(`The agent was stopped: its page went to ${new URL(frame.url()).origin}, which is not an allowed origin (allowed: ${describe}).`);
    void frame.page().goto('about:blank').catch(() => undefined);
    stop(violation);
  };
  const redirected = (url: string) => {
    violation ??= new ServiceNavigationError(`The agent was stopped: a redirect would have taken its page to ${new URL(url).origin}, which is not an allowed origin (allowed: ${describe}); the request was not sent.`);
    stop(violation);
  };
  const everything = () => true;
  const releases: Promise<() => Promise<void>>[] = [];
  const watch = (page: Page) => {
    page.on('framenavigated', landed);
    releases.push(holdRedirectHops(page, (url) => isAllowedUrl(url, allowed), redirected));
  };
  await context.route(everything, handler);
  context.pages().forEach(watch);
  context.on('page', watch);
  await Promise.all(releases);
  return {
    violation: () => violation,
    dispose: async () => {
      context.off('page', watch);
      for (const page of context.pages()) page.off('framenavigated', landed);
      await Promise.all(releases.map(async (release) => (await release)()));
      await context.unroute(everything, handler).catch(() => undefined);
    },
  };
}

function isTopLevel(frame: Frame | null): boolean {
  try {
    return !frame?.parentFrame();
  } catch {
    // A popup's first request comes before its frame is known: treat it as top-level.
    return true;
  }
}
