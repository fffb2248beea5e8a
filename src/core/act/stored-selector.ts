import type { CDPSession, Page } from 'playwright-core';
import type { StoredQuery } from '../page/find-sole';
import type { SoleTarget } from '../page/sole-target';
import { answerWithin, evaluateOver } from '../devtools';
import { FOUND_KEY } from '../page/keys';
import { findAndKeep, pageCall } from '../page-scripts';
import { parseSelector, type ParsedSelector } from '../snapshot/selector-syntax';
import type { ObservedNode } from './direct-pointer';
import { findInFrame } from './stored-in-frame';

/**
 * A stored selector reached the cheap way: a selector the page can run alone (see findSole: `css=` without
 * Playwright's own pseudo-classes, `xpath=`, `role=…[name=…]`, shadow hops), in the page or after one frame hop, is
 * run and the element it finds alone described (role, name, anchor, showing) in one DevTools call (a few more in a
 * frame). Anything else, none or several found, is left to Playwright's locator, which waits for it and says what is
 * wrong.
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

export interface StoredElement extends Required<Pick<SoleTarget, 'fingerprint'>> {
  /** How the engine's next calls reach it: kept by the page under an id (see callOnKept), or by its node id in a frame. */
  readonly node: ObservedNode;
  /** Surely showing (Playwright's rule); false when unsure. */
  readonly visible: boolean;
}

let lastId = 0;

/**
 * The element the stored selector finds alone, who it is and whether it shows: in one message to the page's main
 * world, or a few more for a frame (see findInFrame). Undefined when none, several, or no answer in time.
 */
export async function findStoredElement(page: Page, main: CDPSession, path: StoredPath, timeoutMs: number): Promise<StoredElement | undefined> {
  const keptId = `${process.pid}.${++lastId}`;
  const stash = { key: FOUND_KEY, id: keptId };
  let found: { sole: SoleTarget; node: ObservedNode } | undefined;
  if (!path.frame) {
    const sole = await evaluateOver<SoleTarget>(main, pageCall(findAndKeep, path.target, stash), timeoutMs);
    found = sole && { sole, node: { keptId } };
  } else {
    found = await answerWithin(findInFrame(page, main, path.frame, path.target, stash), timeoutMs);
  }
  const fingerprint = found?.sole.count === 1 ? found.sole.fingerprint : undefined;
  return found && fingerprint ? { node: found.node, fingerprint, visible: found.sole.visible === true } : undefined;
}
