import type { Locator, Page } from 'playwright-core';
import { parsePattern, PatternError, type Expectation, type ExpectResult, type Variables } from '../schema';
import { locatorFor } from './act/locate';
import { substitute } from './act/variables';
import { abortReason, ServiceInvalidArgumentError } from './errors';
import { effectHolds, valueInPage } from './page-scripts';
import { readOnStored } from './act/direct-action';
import { describeEffect } from '../schema';

const DEFAULT_EXPECT_TIMEOUT_MS = 5000;
const POLL_MS = 100;

interface Check {
  readonly describe: string;
  /** What the page should have, in the terms `actual` is given in. */
  readonly expected?: string;
  run(): Promise<{ passed: boolean; actual?: string }>;
}

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
  if ('text' in expectation) {
    const text = fill(expectation.text, 'expect.text');
    return {
      describe: `text "${text}" is visible`,
      run: async () => {
        for (const frame of page.frames()) {
          // Rendered text, as a person reads it (CSS-hidden letters are not there), open shadow roots included; any
          // visible match counts.
          const rendered = await frame.evaluate((wanted) => {
            const flat = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
            const parts = [document.body?.innerText ?? ''];
            for (const host of document.querySelectorAll('*')) {
              if (host.shadowRoot) for (const child of host.shadowRoot.children) parts.push((child as HTMLElement).innerText ?? '');
            }
            return flat(parts.join(' ')).includes(flat(wanted));
          }, text).catch(() => false);
          if (rendered) return { passed: true };
        }
        return { passed: false };
      },
    };
  }
  if ('url' in expectation) {
    const expected = fill(expectation.url, 'expect.url');
    const matches = matcher(expected, 'expectation.url');
    return { describe: `the URL matches ${expected}`, expected, run: async () => ({ passed: matches(page.url()), actual: page.url() }) };
  }
  if ('title' in expectation) {
    const expected = fill(expectation.title, 'expect.title');
    const matches = matcher(expected, 'expectation.title');
    return { describe: `the title matches ${expected}`, expected, run: async () => {
      const title = await page.title();
      return { passed: matches(title), actual: title };
    } };
  }
  const target = locatorFor(page, expectation.selector);
  if ('value' in expectation) {
    const expected = fill(expectation.value, 'expect.value');
    return { describe: `${expectation.selector} has the value "${expected}"`, expected, run: async () => {
      // The page reads a selector it can run itself in one call; Playwright's locator reads anything else.
      const actual = await readOnStored(page, expectation.selector, valueInPage, []) ?? await target.inputValue({ timeout: 500 }).catch(() => undefined);
      return { passed: actual === expected, ...(actual !== undefined ? { actual } : {}) };
    } };
  }
  if ('effect' in expectation) {
    const effect = expectation.effect;
    return { describe: `${expectation.selector} shows ${describeEffect(effect)}`, expected: describeEffect(effect), run: async () => {
      const direct = await readOnStored(page, expectation.selector, effectHolds, [effect]);
      if (direct) return { passed: direct.holds, actual: direct.actual };
      // An effect is a fact of the element, shown or not: the option picked in a list that closed on the pick.
      const element = (await target.count()) === 1 ? target : withHidden(page, expectation.selector);
      if (!element || (await element.count()) !== 1) return { passed: false, actual: 'absent' };
      const shown = await element.evaluate(effectHolds, effect, { timeout: 500 });
      return { passed: shown.holds, actual: shown.actual };
    } };
  }
  const state = expectation.state;
  return {
    describe: `${expectation.selector} is ${state}`,
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

/** A `role=` selector that finds hidden elements too (Playwright's include-hidden); undefined for any other selector. */
function withHidden(page: Page, selector: string): Locator | undefined {
  const role = /^role=([a-z]+)(.*)$/.exec(selector.trim());
  return role ? locatorFor(page, `role=${role[1]}[include-hidden=true]${role[2]}`) : undefined;
}

/** Checks an expectation, retrying until it holds or the time is up. */
export async function checkExpectation(page: Page, expectation: Expectation, options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined; variables?: Variables | undefined } = {}): Promise<ExpectResult> {
  const check = checkFor(page, expectation, options.variables);
  const endsAt = Date.now() + (options.timeoutMs ?? DEFAULT_EXPECT_TIMEOUT_MS);
  let last: { passed: boolean; actual?: string | undefined } = { passed: false };
  for (;;) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    last = await check.run().catch((error: Error) => ({ passed: false, actual: error.message.split('\n')[0] }));
    if (last.passed) return { passed: true, message: `${check.describe}` };
    if (Date.now() + POLL_MS > endsAt) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return {
    passed: false, message: `expected ${check.describe}${last.actual !== undefined ? `, but it is ${JSON.stringify(last.actual)}` : ', but it is not'}`,
    ...(check.expected !== undefined ? { expected: check.expected } : {}), ...(last.actual !== undefined ? { actual: last.actual } : {}),
  };
}
