import type { Locator, Page } from 'playwright-core';
import { SUPPORTED_METHODS } from '../../schema';
import { ServiceInvalidArgumentError } from '../errors';
import { locatorFor } from './locate';

/** What a method does to its target, given the Playwright timeout for this attempt. */
type MethodRunner = (context: { page: Page; target: Locator; args: readonly string[]; timeout: number }) => Promise<void>;

const scrollBy = (direction: 1 | -1): MethodRunner => async ({ target, timeout }) => {
  await target.evaluate((element, sign) => {
    const scroller = element === document.body || element === document.documentElement ? document.scrollingElement ?? document.documentElement : element;
    scroller.scrollBy({ top: sign * (scroller === document.scrollingElement ? window.innerHeight : scroller.clientHeight), behavior: 'instant' });
  }, direction, { timeout });
};

/** The deterministic methods of act (DESIGN.md §4). Names are matched without regard to case. */
const METHODS: Readonly<Record<string, MethodRunner>> = {
  click: ({ target, timeout }) => target.click({ timeout }),
  doubleclick: ({ target, timeout }) => target.dblclick({ timeout }),
  rightclick: ({ target, timeout }) => target.click({ button: 'right', timeout }),
  fill: ({ target, args, timeout }) => target.fill(args[0] ?? '', { timeout }),
  type: async ({ target, args, timeout }) => {
    await target.click({ timeout });
    await target.pressSequentially(args[0] ?? '', { timeout });
  },
  press: ({ target, args, timeout }) => target.press(requireArgument(args, 'press', 'a key such as "Enter"'), { timeout }),
  hover: ({ target, timeout }) => target.hover({ timeout }),
  selectoption: async ({ target, args, timeout }) => {
    await target.selectOption([...args], { timeout });
  },
  check: ({ target, timeout }) => target.check({ timeout }),
  uncheck: ({ target, timeout }) => target.uncheck({ timeout }),
  focus: ({ target, timeout }) => target.focus({ timeout }),
  scrollintoview: ({ target, timeout }) => target.scrollIntoViewIfNeeded({ timeout }),
  scrollto: async ({ target, args, timeout }) => {
    const position = (args[0] ?? 'bottom').trim().toLowerCase();
    await target.evaluate((element, where) => {
      const scroller = element === document.body || element === document.documentElement ? document.scrollingElement ?? document.documentElement : element;
      const max = scroller.scrollHeight - scroller.clientHeight;
      const top = where === 'top' ? 0 : where === 'bottom' ? max : where.endsWith('%') ? (max * parseFloat(where)) / 100 : parseFloat(where);
      if (Number.isNaN(top)) throw new Error(`scrollTo takes top, bottom, a percentage or pixels, received "${where}"`);
      scroller.scrollTo({ top, behavior: 'instant' });
    }, position, { timeout });
  },
  nextchunk: scrollBy(1),
  prevchunk: scrollBy(-1),
  draganddrop: async ({ page, target, args, timeout }) => {
    const destination = locatorFor(page, requireArgument(args, 'dragAndDrop', 'the selector of the drop target'));
    await target.dragTo(destination, { timeout });
  },
};

const ALIASES: Readonly<Record<string, string>> = { selectoptionfromdropdown: 'selectoption', dblclick: 'doubleclick', scroll: 'scrollto', drag: 'draganddrop' };

export { SUPPORTED_METHODS };

export function methodRunner(method: string): MethodRunner {
  const key = method.toLowerCase();
  const runner = METHODS[ALIASES[key] ?? key];
  if (!runner) {
    throw new ServiceInvalidArgumentError(`method: ${JSON.stringify(method)} is not supported; use one of ${SUPPORTED_METHODS.join(', ')}`, { field: 'method' });
  }
  return runner;
}

/** Methods that take no element: `press` with an empty selector presses on the focused element. */
export function isPageLevel(method: string, selector: string): boolean {
  return !selector.trim() && method.toLowerCase() === 'press';
}

function requireArgument(args: readonly string[], method: string, what: string): string {
  const value = args[0];
  if (value === undefined || value === '') throw new ServiceInvalidArgumentError(`arguments: ${method} needs ${what} as its first argument`, { field: 'arguments' });
  return value;
}
