import type { BrowserContext } from 'playwright-core';
import { checkDestination, NetworkRefusal, type NetworkPolicy } from './address-policy';
import type { Refusal } from './egress-proxy';

/**
 * The policy for a browser Rehearse did not launch (attached over CDP or to a Playwright server), whose network it cannot
 * put behind its proxy: every request of the context is checked before it is sent. Redirect hops are not routed by
 * Playwright, so on such a browser the grid's own egress rules are the second line; README's security model says so.
 */
export async function guardContext(context: BrowserContext, policy: NetworkPolicy): Promise<(since: number) => readonly Refusal[]> {
  const refusals: Refusal[] = [];
  await context.route(() => true, async (route) => {
    const url = route.request().url();
    try {
      await checkDestination(url, policy);
    } catch (error) {
      refusals.push({ url, reason: error instanceof NetworkRefusal ? error.message : 'refused', at: Date.now() });
      if (refusals.length > 50) refusals.shift();
      await route.abort('blockedbyclient').catch(() => undefined);
      return;
    }
    await route.fallback().catch(() => undefined);
  });
  return (since) => refusals.filter((refusal) => refusal.at >= since);
}
