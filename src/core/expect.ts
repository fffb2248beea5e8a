import type { Locator, Page } from 'playwright-core';
import { expectationKind, parsePattern, PatternError, unhandledKind, type ELEMENT_STATES, type Expectation, type ExpectResult, type Variables } from '../schema';
import { matchAriaSnapshot } from './aria-snapshot';
import { lineDiff } from './line-diff';
import { locatorFor } from './act/locate';
import { substitute } from './act/variables';
import { abortReason, ServiceDomProcessError, ServiceInvalidArgumentError } from './errors';
import { effectHolds, effectHoldsElsewhere, untilStill, valueInPage } from './page-scripts';
import { readOnStored } from './act/direct-action';
import { describeEffect, PAGE_EFFECT_FACTS } from '../schema';

type ElementState = (typeof ELEMENT_STATES)[number];

const DEFAULT_EXPECT_TIMEOUT_MS = 5000;
const POLL_MS = 100;
/** Playwright's matcher retries within each attempt; between attempts the signal is heard. */
const ARIA_ATTEMPT_MS = 300;
/**
 * How long a check that holds waits at most for the page's animations to end (CSS frameworks take 150–500 ms), apart
 * from its timeout, which is for the effect to show.
 */
const SETTLE_MS = 1000;

interface Check {
  readonly describe: string;
  /** What the page should have, in the terms `actual` is given in. */
  readonly expected?: string;
  /** Whether a failure shows expected and actual line by line (a multi-line text: an ARIA snapshot). */
  readonly diff?: boolean;
  run(): Promise<{ passed: boolean; actual?: string }>;
  /** Once it holds: waits (at most `ms`) for what the page still does about it to end. */
  settle?(ms: number): Promise<unknown>;
  /** Whether it must still hold once settled: a place passed on the way holds only if the element stops there. */
  readonly atRest?: boolean;
}

/**
 * Effects on where things are: a carousel's slide glides through the place the person's stopped at on its way to
 * another, and a look mid-glide would pass a replay whose slide stopped elsewhere.
 */
const WHERE_EFFECTS = ['place', 'rearranged', 'order', 'redrawn'] as const;

function matcher(expected: string, field: string): (actual: string) => boolean {
  try {
    return parsePattern(expected).test;
  } catch (error) {
    if (error instanceof PatternError) throw new ServiceInvalidArgumentError(`${field}: ${error.message}`, { field });
    throw error;
  }
}

function checkFor(page: Page, expectation: Expectation, variables: Variables | undefined): Check {
  const fill = (text: string, field: string) => substitute(text, variables, field);
  const tagged = expectationKind(expectation);
  switch (tagged.kind) {
    case 'text': {
      const text = fill(tagged.expectation.text, 'expect.text');
      return { describe: `text "${text}" is visible`, run: async () => ({ passed: await textOnPage(page, text) }) };
    }
    case 'url': {
      const expected = fill(tagged.expectation.url, 'expect.url');
      const matches = matcher(expected, 'expectation.url');
      return { describe: `the URL matches ${expected}`, expected, run: async () => ({ passed: matches(page.url()), actual: page.url() }) };
    }
    case 'title': {
      const expected = fill(tagged.expectation.title, 'expect.title');
      const matches = matcher(expected, 'expectation.title');
      return { describe: `the title matches ${expected}`, expected, run: async () => {
        const title = await page.title();
        return { passed: matches(title), actual: title };
      } };
    }
    case 'elementText': {
      const { selector } = tagged.expectation;
      const expected = fill(tagged.expectation.text, 'expect.text');
      const target = locatorFor(page, selector);
      return { describe: `${selector} has the text "${expected}"`, expected, run: async () => {
        const count = await target.count();
        if (count !== 1) return { passed: false, actual: count === 0 ? 'absent' : `${count} elements` };
        const actual = flatText(await target.innerText({ timeout: 500 }));
        return { passed: actual.toLowerCase().includes(flatText(expected).toLowerCase()), actual };
      } };
    }
    case 'value': {
      const { selector } = tagged.expectation;
      const expected = fill(tagged.expectation.value, 'expect.value');
      const target = locatorFor(page, selector);
      return { describe: `${selector} has the value "${expected}"`, expected, run: async () => {
        // The page reads a selector it can run itself in one call; Playwright's locator reads anything else.
        const actual = await readOnStored(page, selector, valueInPage, []) ?? await target.inputValue({ timeout: 500 }).catch(() => undefined);
        return { passed: actual === expected, ...(actual !== undefined ? { actual } : {}) };
      } };
    }
    case 'effect': {
      const { selector, effect } = tagged.expectation;
      const target = locatorFor(page, selector);
      const steady = steadyPrint();
      // A gesture's effect shows before its animation ends (an accordion's button says "expanded" as its panel starts
      // to slide open): the step ends with the page at rest, as the person's ended, for the next step and for whoever
      // reads the page after the replay.
      const settle = (ms: number) => page.evaluate(untilStill, ms).catch(() => undefined);
      const atRest = WHERE_EFFECTS.some((key) => effect[key] !== undefined);
      return { describe: `${selector} shows ${describeEffect(effect)}`, expected: describeEffect(effect), settle, atRest, run: async () => {
        // The element as it shows, else hidden (a day of a picker that closed on the pick), named as when it showed.
        const direct = await readOnStored(page, selector, effectHolds, [effect]) ?? await readOnStored(page, selector, effectHolds, [effect], { includeHidden: true });
        if (direct) return steady(direct);
        // An effect is a fact of the element, shown or not: the option picked in a list that closed on the pick.
        const element = (await target.count()) === 1 ? target : withHidden(page, selector);
        if (!element || (await element.count()) !== 1) {
          // What a gesture opened or made appear is a fact of the page, whatever became of its element (a node F2
          // turned into a field, an option its list took away as it closed).
          if (Object.keys(effect).every((key) => (PAGE_EFFECT_FACTS as readonly string[]).includes(key))) {
            const shown = await page.evaluate(effectHoldsElsewhere, effect);
            return { passed: shown.holds, actual: shown.actual };
          }
          return { passed: false, actual: 'absent' };
        }
        return steady(await element.evaluate(effectHolds, effect, { timeout: 500 }));
      } };
    }
    case 'aria': {
      const { selector } = tagged.expectation;
      const template = fill(tagged.expectation.aria, 'expect.aria');
      const region = selector === undefined ? page.mainFrame() : locatorFor(page, selector);
      return { describe: `${selector ?? 'the page'} matches the ARIA snapshot`, expected: template, diff: true, run: async () => {
        const matched = await matchAriaSnapshot(region, template, ARIA_ATTEMPT_MS);
        if ('invalid' in matched) throw new ServiceInvalidArgumentError(`expect.aria: expected an ARIA snapshot template (YAML, as Playwright's toMatchAriaSnapshot takes), but ${matched.invalid}`, { field: 'expect.aria' });
        return { passed: matched.matches, ...(matched.actual !== undefined ? { actual: matched.actual } : {}) };
      } };
    }
    case 'state': return stateCheck(page, tagged.expectation.selector, tagged.expectation.state);
    default: return unhandledKind(tagged);
  }
}

/**
 * An effect on what is drawn or laid out holds once two looks in a row read the same print: a chart still drawing
 * itself in, or a map that never stops moving, differs from before whatever the gesture did.
 */
function steadyPrint(): (shown: { holds: boolean; actual: string; print?: string }) => { passed: boolean; actual: string } {
  let last: string | undefined;
  return (shown) => {
    const previous = last;
    last = shown.print;
    if (!shown.holds || shown.print === undefined || shown.print === previous) return { passed: shown.holds, actual: shown.actual };
    return { passed: false, actual: previous === undefined ? 'not yet seen still' : 'still changing at each look, as if by itself' };
  };
}

function stateCheck(page: Page, selector: string, state: ElementState): Check {
  const target = locatorFor(page, selector);
  return {
    describe: `${selector} is ${state}`,
    expected: state,
    run: async () => {
      const count = await target.count();
      if (state === 'hidden') return { passed: count === 0 || !(await target.first().isVisible()), actual: count === 0 ? 'absent' : 'visible' };
      if (count !== 1) return { passed: false, actual: count === 0 ? 'absent' : `${count} elements` };
      const value = state === 'visible' ? await target.isVisible()
        : state === 'checked' ? await target.isChecked()
        : state === 'unchecked' ? !(await target.isChecked())
        : state === 'enabled' ? await target.isEnabled()
        : await target.isDisabled();
      return { passed: value, actual: value ? state : `not ${state}` };
    },
  };
}

const flatText = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Whether the text is rendered in any frame, as a person reads it (CSS-hidden letters are not there), open shadow roots included. */
async function textOnPage(page: Page, text: string): Promise<boolean> {
  for (const frame of page.frames()) {
    const rendered = await frame.evaluate((wanted) => {
      const flat = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
      const parts = [document.body?.innerText ?? ''];
      for (const host of document.querySelectorAll('*')) {
        if (host.shadowRoot) for (const child of host.shadowRoot.children) parts.push((child as HTMLElement).innerText ?? '');
      }
      return flat(parts.join(' ')).includes(flat(wanted));
    }, text).catch(() => false);
    if (rendered) return true;
  }
  return false;
}

/** A `role=` selector that finds hidden elements too (Playwright's include-hidden); undefined for any other selector. */
function withHidden(page: Page, selector: string): Locator | undefined {
  const role = /^role=([a-z]+)(.*)$/.exec(selector.trim());
  return role ? locatorFor(page, `role=${role[1]}[include-hidden=true]${role[2]}`) : undefined;
}

const NO_ANSWER = Symbol('no answer');
/** An attempt of a short check is not cut sooner than this: a busy page's answer still counts. */
const ATTEMPT_AT_LEAST_MS = 2000;

/** The attempt's result, or NO_ANSWER once `ms` have passed or `sooner` settles (the attempt's own error still throws). */
async function withinTime<T>(attempt: Promise<T>, ms: number, sooner: Promise<typeof NO_ANSWER>): Promise<T | typeof NO_ANSWER> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([attempt, sooner, new Promise<typeof NO_ANSWER>((resolve) => { timer = setTimeout(() => resolve(NO_ANSWER), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks an expectation, retrying until it holds or the time is up. */
export async function checkExpectation(page: Page, expectation: Expectation, options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined; variables?: Variables | undefined } = {}): Promise<ExpectResult> {
  const check = checkFor(page, expectation, options.variables);
  const endsAt = Date.now() + (options.timeoutMs ?? DEFAULT_EXPECT_TIMEOUT_MS);
  let last: { passed: boolean; actual?: string | undefined } = { passed: false };
  let unanswered = false;
  let crashed = false;
  let onCrash = () => undefined as void;
  const crash = new Promise<typeof NO_ANSWER>((resolve) => {
    onCrash = () => {
      crashed = true;
      resolve(NO_ANSWER);
    };
  });
  page.once('crash', onCrash);
  try {
    for (;;) {
      if (options.signal?.aborted) throw abortReason(options.signal);
      // A crashed page answers nothing again: said at once, not after the time runs out.
      if (crashed) throw new ServiceDomProcessError(`The page crashed (its renderer process died) while checking ${check.describe}; the steps after it cannot run on it.`);
    const attempt = check.run().catch((error: Error) => {
      // A flow's own mistake fails at once; anything else (a page navigating meanwhile) is tried again.
      if (error instanceof ServiceInvalidArgumentError) throw error;
      return { passed: false, actual: error.message.split('\n')[0] };
    });
    // A page that does not answer (a navigation whose server never responds) fails the check in its time, never later.
    const answer = await withinTime(attempt, Math.max(ATTEMPT_AT_LEAST_MS, endsAt - Date.now()), crash);
    unanswered = answer === NO_ANSWER;
    if (answer !== NO_ANSWER) last = answer;
    if (last.passed && !unanswered) {
      if (check.settle) await withinTime(check.settle(SETTLE_MS), SETTLE_MS + POLL_MS, crash);
      const rested = check.atRest ? await withinTime(check.run().catch(() => ({ passed: false })), Math.max(ATTEMPT_AT_LEAST_MS, endsAt - Date.now()), crash) : last;
      if (rested !== NO_ANSWER && rested.passed) return { passed: true, message: `${check.describe}` };
      if (rested !== NO_ANSWER) last = rested;
    }
    if (Date.now() + POLL_MS > endsAt && !crashed) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    page.off('crash', onCrash);
  }
  const shown = unanswered ? `, but the page did not answer within ${options.timeoutMs ?? DEFAULT_EXPECT_TIMEOUT_MS} ms (a page still loading, or a request that never returns)`
    : check.diff && check.expected !== undefined && last.actual !== undefined && last.actual !== 'absent'
    ? `, but it differs (- expected, + actual):\n${lineDiff(check.expected, last.actual)}`
    : last.actual !== undefined ? `, but it is ${JSON.stringify(last.actual)}` : ', but it is not';
  return {
    passed: false, message: `expected ${check.describe}${shown}`,
    ...(check.expected !== undefined ? { expected: check.expected } : {}), ...(last.actual !== undefined ? { actual: last.actual } : {}),
  };
}
