import type { StoredQuery } from '../page/find-sole';
import { parseSelector, type ParsedSelector } from './selector-syntax';

/*
 * Which stored selectors the page can run alone (findSole), and how: read by replay (the fast path to a step's element)
 * and by the recorder (a selector is proven by the finder replay will use for it). Pure: runs in Node and in the page.
 */

/** Pseudo-classes and chains Playwright adds to CSS: the page's querySelectorAll does not know them. */
const PLAYWRIGHT_ONLY = /(>>|:(has-text|text|text-is|text-matches|visible|nth-match|light|right-of|left-of|above|below|near)\b)/;
/** `role=button`, `role=button[name="Save"]`, `[name="Save"i]` (any case) or `s` (exact case); other attributes are Playwright's. */
const ROLE = /^role=([a-z]+)(?:\[name=("(?:[^"\\]|\\.)*")([is]?)\])?$/;

/** A stored selector the page can run: its target's query, in the page or in a frame directly in it (found by its own query). */
export interface StoredPath {
  readonly frame?: StoredQuery;
  readonly target: StoredQuery;
}

/** How the pages run a stored selector themselves; undefined for one only Playwright can run (nested frames included). */
export function storedQuery(selector: string): StoredPath | undefined {
  let parsed: ParsedSelector;
  try {
    parsed = parseSelector(selector.trim());
  } catch {
    return undefined;
  }
  const [first, ...rest] = parsed.hops;
  if (first?.kind !== 'frame') {
    const target = queryOf(parsed);
    return target && { target };
  }
  const frame = partQuery(first.selector);
  const target = frame && queryOf({ hops: rest, target: parsed.target });
  return frame && target ? { frame, target } : undefined;
}

function queryOf(parsed: ParsedSelector): StoredQuery | undefined {
  return parsed.hops.length ? shadowQuery(parsed) : partQuery(parsed.target);
}

/** One selector with no hop. */
function partQuery(target: string): StoredQuery | undefined {
  if (target.startsWith('xpath=')) return target.includes('>>') ? undefined : { kind: 'xpath', xpath: target.slice('xpath='.length) };
  if (target.startsWith('css=')) {
    const css = plainCss(target);
    return css ? { kind: 'css', css } : undefined;
  }
  const role = ROLE.exec(target);
  if (!role) return undefined;
  if (role[2] === undefined) return { kind: 'role', role: role[1]!, anyCase: false };
  try {
    return { kind: 'role', role: role[1]!, name: JSON.parse(role[2]) as string, anyCase: role[3] === 'i' };
  } catch {
    return undefined;
  }
}

/** The CSS of a `css=` selector the page's querySelectorAll can run; undefined for Playwright's own syntax or anything else. */
function plainCss(selector: string): string | undefined {
  const css = /^css=([\s\S]+)$/.exec(selector)?.[1]?.trim();
  return css && !PLAYWRIGHT_ONLY.test(css) ? css : undefined;
}

/** Hops into shadow roots only, the first host by plain `css=`: what the shadow selector engine runs after it, as is. */
function shadowQuery(parsed: ParsedSelector): StoredQuery | undefined {
  const [first, ...rest] = parsed.hops;
  const host = first && plainCss(first.selector);
  if (!host || parsed.hops.some((hop) => hop.kind !== 'shadow')) return undefined;
  return { kind: 'shadow', host, within: [...rest.map((hop) => hop.selector), parsed.target] };
}
