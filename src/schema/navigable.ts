/**
 * Where a page may be sent, by a flow file or any call: http(s), data: or about:blank. Never a script (`javascript:`)
 * or a local file (`file:`). The one rule: the flow schema checks a navigate step with it, and every session's
 * navigation (core/network/address-policy) refuses what it refuses.
 */
export const NAVIGABLE = 'http(s), data: or about:blank';

export function isNavigable(target: string | URL): boolean {
  if (typeof target === 'string' && !URL.canParse(target)) return false;
  const url = typeof target === 'string' ? new URL(target) : target;
  return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'data:' || url.href === 'about:blank';
}
