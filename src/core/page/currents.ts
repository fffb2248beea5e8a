import { describeInPage, roleOf } from './describe-in-page';
import { openRoots } from './find-sole';
import { RECORDER_HOST } from './keys';
import { shows } from './openings';
import { isElementNode } from './node-kinds';

/**
 * The element a gesture made the current one of its set (aria-current, or a tab's aria-selected): the carousel's bullet
 * for the slide an arrow, a key or a swipe moved to (Splide draws its bullets as tabs), the pager's page, the link of
 * the view a click opened. Kept as `effect.current` for a step
 * whose own element did not change; replay checks that element is current after the step, so a release where the arrow
 * no longer moves the carousel fails at that step instead of passing. Runs in the page.
 */
export interface Current {
  /** Its accessible name, as a person reads it (numbers count here: "Go to slide 3", "Page 2"). */
  readonly name: string;
  readonly role?: string | undefined;
}

const REMEMBERED_MS = 10_000;
const MOST_REMEMBERED = 500;
/** Names longer than this are a content's, not a control's. */
const LONGEST_NAME = 80;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const isCurrent = (element: Element) => {
  const value = element.getAttribute('aria-current');
  return (value !== null && value !== 'false') || (element.getAttribute('role') === 'tab' && element.getAttribute('aria-selected') === 'true');
};
const CURRENTS = '[aria-current], [role=tab][aria-selected=true]';

/**
 * Watches which elements become current, and says which a gesture made current. `duringInput` says whether the page
 * is handling a person's input: on a page that moves its current element by itself (a carousel that plays), only
 * what its handlers of the person's input made current counts.
 */
export function watchCurrents(duringInput: () => boolean) {
  const became: { element: Element; at: number; byInput: boolean }[] = [];
  new MutationObserver((records) => {
    const at = performance.now();
    const byInput = duringInput();
    for (const record of records) {
      // Current before and still (aria-current="true" written again) is not what the gesture did.
      const was = record.oldValue !== null && record.oldValue !== 'false';
      if (isElementNode(record.target) && !was && isCurrent(record.target)) became.push({ element: record.target, at, byInput });
    }
    const stale = became.findIndex((entry) => entry.at > at - REMEMBERED_MS);
    became.splice(0, Math.max(stale < 0 ? became.length : stale, became.length - MOST_REMEMBERED));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-current', 'aria-selected'], attributeOldValue: true });

  /** The element that became current last between `since` and `until` (performance.now) and still is, named. */
  const madeCurrentSince = (since: number, until: number): Current | undefined => {
    const playing = became.some((entry) => entry.at < since && !entry.byInput);
    for (const { element, at, byInput } of [...became].reverse()) {
      if (at < since || at > until || (playing && !byInput) || !isCurrent(element) || !shows(element) || element.closest(RECORDER_HOST)) continue;
      const name = clean(describeInPage(element, false).name);
      if (!name || name.length > LONGEST_NAME) continue;
      const role = roleOf(element);
      return role && role !== 'generic' ? { name, role } : { name };
    }
    return undefined;
  };
  return { madeCurrentSince };
}

/** The elements this page shows as current, open shadow roots included. */
const shownCurrents = () => openRoots().flatMap((root) => [...root.querySelectorAll(CURRENTS)]).filter((element) => isCurrent(element) && shows(element));

/** Whether this page shows an element of that name (and role) that is current: replay's check. */
export function currentShowing(current: Current): boolean {
  const wanted = clean(current.name).toLowerCase();
  return shownCurrents().some((element) => (current.role === undefined || roleOf(element) === current.role) && clean(describeInPage(element, false).name).toLowerCase() === wanted);
}

/** The current elements this page shows, named: what replay found instead. */
export function currentsShowing(): string[] {
  return shownCurrents().slice(0, 5).map((element) => JSON.stringify(clean(describeInPage(element, false).name)));
}
