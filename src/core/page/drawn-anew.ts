import { describeInPage, roleOf } from './describe-in-page';
import { shownText as textOf } from './element-state';
import { placeFreeCss } from './positional-path';

/**
 * The element a library drew in place of one a gesture moved, which is gone from the page: the one in `layout` of its tag
 * that shows its text; or, for a drag (its step's `payload` given), one drawn anew far from where it was (a dock's tab
 * moved into a group of its own): the one element of its tag with its role and name, or the one its step's own
 * selectors find. Runs in the page.
 */
export function drawnAnew(gone: Element, layout: Element | undefined, payload: Record<string, unknown> | undefined): Element | undefined {
  return (layout ? redrawn(gone, layout) : undefined) ?? (payload ? namedAlike(gone, payload) ?? foundAgain(gone, payload) : undefined);
}

/** The element a library drew in place of a dropped one: the only one of its tag in the layout that shows its text. */
function redrawn(gone: Element, layout: Element): Element | undefined {
  const text = textOf(gone);
  if (!text || !layout.isConnected) return undefined;
  const showing = [...layout.querySelectorAll(gone.localName)].filter((candidate) => textOf(candidate) === text && ![...candidate.children].some((child) => textOf(child) === text));
  return showing.length === 1 ? showing[0] : undefined;
}

/** The element of the gone one's tag with the role and name it had as its gesture began, if it is the only one. */
function namedAlike(gone: Element, payload: Record<string, unknown>): Element | undefined {
  const { role, name } = (payload.fingerprint ?? {}) as { role?: unknown; name?: unknown };
  if (typeof role !== 'string' || typeof name !== 'string' || !name || role === 'generic') return undefined;
  const alike = [...document.querySelectorAll(gone.localName)].filter((candidate) => roleOf(candidate) === role && describeInPage(candidate, false).name === name);
  return alike.length === 1 ? alike[0] : undefined;
}

/**
 * The gone element drawn anew, found by the step's own plain CSS selectors that do not go by its place (TOAST UI
 * Calendar's event by `div[data-event-id="review"]`, whose text the drag changed: its time): what replay would find.
 */
function foundAgain(gone: Element, payload: Record<string, unknown>): Element | undefined {
  for (const css of placeFreeCss(Array.isArray(payload.selectors) ? payload.selectors : [])) {
    try {
      const found = document.querySelectorAll(css);
      if (found.length === 1 && found[0]!.localName === gone.localName) return found[0];
    } catch {
      // A selector this page cannot read finds nothing.
    }
  }
  return undefined;
}
