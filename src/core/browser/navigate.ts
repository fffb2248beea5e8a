import type { Page } from 'playwright-core';
import { firstLine } from '../act/locate';
import { unlessAborted } from '../deadline';
import { abortReason, ServiceInvalidArgumentError, ServiceNavigationError, throwIfAborted } from '../errors';
import { MAX_TIMER_MS } from '../../schema/messages';
import { checkDestination, NetworkRefusal, refusedScheme, type NetworkPolicy } from '../network/address-policy';
import { REFUSED_HEADER, UNREACHABLE_HEADER, type Refusal } from '../network/egress-proxy';

export interface NavigationContext {
  readonly network: NetworkPolicy;
  /** What the network policy refused in the browser since a time (ms). */
  readonly refusalsSince: (since: number) => readonly Refusal[];
  readonly signal: AbortSignal;
  readonly timeoutMs?: number | undefined;
  readonly waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit' | undefined;
}

/** Refuses, before the browser is asked, a URL the session may not open: a bad URL or scheme, or an address refused. */
export async function checkNavigable(url: string, network: NetworkPolicy): Promise<void> {
  const target = URL.canParse(url) ? new URL(url) : undefined;
  if (!target) throw new ServiceInvalidArgumentError(`url: expected an absolute URL such as http://127.0.0.1:4173/, received ${JSON.stringify(url)}`, { field: 'url' });
  const scheme = refusedScheme(target);
  if (scheme) throw new ServiceInvalidArgumentError(`url: ${scheme}`, { field: 'url' });
  await checkDestination(target, network).catch((error: unknown) => {
    throw error instanceof NetworkRefusal ? new ServiceInvalidArgumentError(`url: ${error.message}`, { field: 'url' }) : error;
  });
}

/**
 * Opens a URL in the page. A page that could not be loaded (refused connection, blocked redirect, unreachable site) is a
 * ServiceNavigationError that says why, whether the browser or the policy's proxy stopped it.
 */
export async function navigatePage(page: Page, url: string, context: NavigationContext): Promise<{ url: string; status: number | null }> {
  const started = Date.now();
  const blocked = () => context.refusalsSince(started).at(-1);
  const going = page.goto(url, { waitUntil: context.waitUntil ?? 'load', timeout: Math.min(context.timeoutMs ?? 30_000, MAX_TIMER_MS) });
  const response = await unlessAborted(going, context.signal).catch((error: unknown) => {
    if (context.signal.aborted) throw abortReason(context.signal);
    const refused = blocked();
    if (refused) throw new ServiceNavigationError(`${url} was not loaded: ${refused.url} is blocked (${refused.reason}).`);
    throw new ServiceNavigationError(`${url} could not be loaded: ${firstLine((error as Error).message).replace(/ at https?:\S+$/, '')}.`, { cause: error });
  });
  throwIfAborted(context.signal);
  const headers = response?.headers() ?? {};
  if (headers[REFUSED_HEADER]) {
    const refused = blocked();
    throw new ServiceNavigationError(`${url} was not loaded: ${refused ? `${refused.url} is blocked (${refused.reason})` : 'a redirect led to a blocked address'}.`);
  }
  if (headers[UNREACHABLE_HEADER]) throw new ServiceNavigationError(`${url} could not be loaded: the site could not be reached (${headers[UNREACHABLE_HEADER]}).`);
  return { url: page.url(), status: response?.status() ?? null };
}
