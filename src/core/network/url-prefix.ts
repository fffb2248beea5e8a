/**
 * Whether `url` lies under `prefix` (an operator's `--allow-mcp` entry), both parsed and normalised as URLs: the same
 * origin, no credentials, and the prefix's path segments first. Compared as text, `…/mcp/../admin`, `…/mcp/%2e%2e/admin`
 * and `…/mcp/..\admin` pass a `…/mcp/` prefix and reach `/admin`; parsed, their dot segments are resolved first, and
 * an encoded slash or backslash (a segment boundary for some servers, not for the URL parser) is refused outright.
 * Returns the normalised URL to connect to, so that what was checked is what is contacted, or undefined.
 */
export function underUrlPrefix(url: string, prefix: string): string | undefined {
  const target = parsed(url);
  const base = parsed(prefix);
  if (!target || !base || target.origin !== base.origin || target.username || target.password) return undefined;
  if (/%(2f|5c)/i.test(target.pathname)) return undefined;
  const segments = (pathname: string) => pathname.split('/').filter((segment, index, all) => segment !== '' || index < all.length - 1).slice(1);
  const wanted = segments(base.pathname).filter((segment) => segment !== '');
  const have = segments(target.pathname);
  return wanted.every((segment, index) => have[index] === segment) ? target.href : undefined;
}

function parsed(text: string): URL | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}
