import type { CDPSession } from 'playwright-core';
import type { StoredQuery } from '../page/find-sole';
import type { SoleTarget } from '../page/sole-target';
import { evaluateOver } from '../devtools';
import { FOUND_KEY } from '../page/keys';
import { findAndKeep, pageCall } from '../page-scripts';
import { parseSelector, type ParsedSelector } from '../snapshot/selector-syntax';

/**
 * A stored selector reached the cheap way: a selector of the page itself (no frame hop) that the page can run alone
 * (see findSole: `css=` without Playwright's own pseudo-classes, `xpath=`, `role=…[name=…]`, shadow hops) is run in one
 * DevTools call, and the element it finds alone is described (role, name, anchor, showing) in one more. Anything else,
 * none or several found, is left to Playwright's locator, which waits for it and says what is wrong.
 */

/** Pseudo-classes and chains Playwright adds to CSS: the page's querySelectorAll does not know them. */
const PLAYWRIGHT_ONLY = /(>>|:(has-text|text|text-is|text-matches|visible|nth-match|light|right-of|left-of|above|below|near)\b)/;
/** `role=button`, `role=button[name="Save"]`, `[name="Save"i]` (any case) or `s` (exact case); other attributes are Playwright's. */
const ROLE = /^role=([a-z]+)(?:\[name=("(?:[^"\\]|\\.)*")([is]?)\])?$/;

/** How the page runs a stored selector itself; undefined for one only Playwright can run. */
export function storedQuery(selector: string): StoredQuery | undefined {
  let parsed: ParsedSelector;
  try {
    parsed = parseSelector(selector.trim());
  } catch {
    return undefined;
  }
  if (parsed.hops.length) return shadowQuery(parsed);
  const target = parsed.target;
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

export interface StoredElement extends Required<Pick<SoleTarget, 'fingerprint'>> {
  /** The page keeps the element under this id for the calls that act on it (see callOnKept). */
  readonly keptId: string;
  /** Surely showing (Playwright's rule); false when unsure. */
  readonly visible: boolean;
}

let lastId = 0;

/**
 * The page's element the query finds alone, who it is and whether it shows, in one message to the page's main world;
 * undefined when none, several, or no answer in time.
 */
export async function findStoredElement(session: CDPSession, query: StoredQuery, timeoutMs: number): Promise<StoredElement | undefined> {
  const keptId = `${process.pid}.${++lastId}`;
  const sole = await evaluateOver<SoleTarget>(session, pageCall(findAndKeep, query, { key: FOUND_KEY, id: keptId }), timeoutMs);
  return sole?.count === 1 && sole.fingerprint ? { keptId, fingerprint: sole.fingerprint, visible: sole.visible === true } : undefined;
}
