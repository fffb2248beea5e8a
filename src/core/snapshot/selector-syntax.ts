/**
 * Rehearse selectors: Playwright selectors, plus hops into frames and shadow roots that Playwright's own selector
 * strings cannot express (closed shadow roots) or express only through internals (frames):
 *
 *   frame:css=#payment >>> role=button[name="Pay now"]
 *   shadow:css=vault-box >>> > button:nth-of-type(1)
 *
 * Each hop's selector is evaluated in the scope the previous hops reached. After a `shadow:` hop the next selector is
 * plain CSS run inside that shadow root (a leading `>` anchors it at the root's top level). Without hops, the selector is
 * any Playwright selector (css=, role=, xpath=, text=, bare CSS), and a bare XPath (`/html/…`) is accepted too.
 */

const HOP_SEPARATOR = ' >>> ';

export type Hop = { readonly kind: 'frame' | 'shadow'; readonly selector: string };

export interface ParsedSelector {
  readonly hops: readonly Hop[];
  readonly target: string;
}

export function formatSelector(hops: readonly Hop[], target: string): string {
  return [...hops.map((hop) => `${hop.kind}:${hop.selector}`), target].join(HOP_SEPARATOR);
}

export function parseSelector(selector: string): ParsedSelector {
  const parts = selector.split(HOP_SEPARATOR).map((part) => part.trim());
  const target = parts.pop() ?? '';
  const hops = parts.map((part) => {
    const match = /^(frame|shadow):([\s\S]+)$/.exec(part);
    if (!match) throw new SyntaxError(`"${part}" is not a hop: expected frame:<selector> or shadow:<selector> before "${HOP_SEPARATOR.trim()}"`);
    return { kind: match[1] as Hop['kind'], selector: match[2]!.trim() };
  });
  return splitXPathFrames({ hops, target });
}

/**
 * An XPath that walks through iframes (`/html/body/iframe[1]/html/body/button`, as other tools record them) becomes
 * frame hops, so recorded actions from those tools replay unchanged.
 */
function splitXPathFrames(parsed: ParsedSelector): ParsedSelector {
  const raw = parsed.target.startsWith('xpath=') ? parsed.target.slice('xpath='.length) : parsed.target;
  if (!raw.startsWith('/')) return parsed;
  const pieces = raw.split(/(?<=\/i?frame(?:\[\d+\])?)(?=\/html)/i);
  if (pieces.length === 1) return { hops: parsed.hops, target: `xpath=${raw}` };
  const hops = [...parsed.hops, ...pieces.slice(0, -1).map((piece) => ({ kind: 'frame' as const, selector: `xpath=${piece}` }))];
  return { hops, target: `xpath=${pieces.at(-1)}` };
}

export function cssString(value: string): string {
  return JSON.stringify(value);
}

export function cssIdentifier(value: string): string | undefined {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(value) ? value : undefined;
}
