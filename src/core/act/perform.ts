import type { Locator, Page } from 'playwright-core';
import type { Action, Variables } from '../../schema';
import {
  ServiceClickError, ServiceDomProcessError, ServiceError, ServiceEvalError, ServiceInvalidArgumentError, ServiceTimeoutError, XPathResolutionError, abortReason,
} from '../errors';
import { phase } from '../phases';
import { untilDefined, usableToggle } from '../page-scripts';
import { redact } from '../redact';
import { diagnose, firstLine, locatorFor, stripAnsi } from './locate';
import { answerDialogs, type DialogAnswer } from './dialogs';
import { checkArguments, isPageLevel, methodRunner, type FileUpload } from './methods';
import { revealOnHover } from './reveal';
import { substitute, variableSecrets } from './variables';

export const DEFAULT_ACTION_TIMEOUT_MS = 10_000;
/**
 * With a cancellable signal, the wait for the element happens in steps this long that do nothing to the page, so a cancel
 * takes effect within one step and never turns into a late click. (Acting at once with a short limit was tried: under
 * load Playwright can run out of time in the middle of a click, which can then neither be trusted nor repeated.)
 */
const WAIT_STEP_MS = 250;
/** Then the action itself gets this long: the element is there, so this covers only Playwright's last checks and the act. */
const ACTION_SLICE_MS = 3000;
/** How long the look for a custom element still to be defined may wait for the element itself (see untilDefined). */
const UPGRADE_LOOK_MS = 2000;

export interface PerformOptions {
  readonly variables?: Variables | undefined;
  readonly timeoutMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Files for setInputFiles, read by the caller. */
  readonly files?: readonly FileUpload[] | undefined;
  /** How to answer a dialog (confirm, prompt) the action opens; without it, Playwright dismisses dialogs. */
  readonly dialog?: DialogAnswer | undefined;
  /** The caller saw the element showing a moment ago: no look for a hidden one to reveal first. */
  readonly seenVisible?: boolean | undefined;
}

/**
 * Performs one action with Playwright's auto-waiting, under a deadline. Playwright abandons an attempt when its timeout
 * ends, so once this returns or throws, nothing more happens on the page: a timed-out act never clicks later.
 */
export async function performAction(page: Page, action: Action, options: PerformOptions = {}): Promise<void> {
  const run = methodRunner(action.method);
  const args = action.arguments.map((argument, index) => substitute(argument, options.variables, `arguments.${index}`));
  checkArguments(action.method, args, options.files);
  const timeoutMs = options.timeoutMs ?? DEFAULT_ACTION_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const target = isPageLevel(action.method, action.selector) ? page.locator(':focus') : locatorFor(page, action.selector);
  const secrets = variableSecrets(options.variables);
  // Seen visible a moment ago: the first attempt need not wait for it to show (one round trip less before the action).
  let seenVisible = !isPageLevel(action.method, action.selector)
    && (options.seenVisible === true || await phase('reveal on hover', () => revealOnHover(target, action.method, timeoutMs)));
  if (options.dialog) answerDialogs(page, options.dialog);
  let lastTimeout: unknown;
  for (;;) {
    if (options.signal?.aborted) throw await stopped(page, action, timeoutMs, options.signal, lastTimeout);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw await timedOut(page, action, timeoutMs, lastTimeout);
    if (options.signal && !isPageLevel(action.method, action.selector) && !seenVisible) {
      const visible = await untilUsable(page, target, action.method, Math.min(remaining, WAIT_STEP_MS));
      if (!visible) continue;
      if (options.signal.aborted) continue;
    }
    seenVisible = false;
    // Playwright presses a custom element whose definition has not loaded as it is, and nothing happens: wait for it.
    if (!isPageLevel(action.method, action.selector)) {
      const look = Math.max(1, Math.min(deadline - Date.now(), UPGRADE_LOOK_MS));
      await phase('custom elements defined', () => target.evaluate(untilDefined, undefined, { timeout: look })).catch(() => undefined);
    }
    const attempt = options.signal ? Math.min(deadline - Date.now(), ACTION_SLICE_MS) : deadline - Date.now();
    if (attempt <= 0) continue;
    try {
      await phase('the action, by Playwright', () => run({ page, target, args, timeout: attempt, ...(options.files ? { files: options.files } : {}) }));
      return;
    } catch (error) {
      // Playwright can time out after the action itself, while it waits for the navigation the action started: done.
      if (isTimeout(error) && actionDone(error)) return;
      if (isTimeout(error)) lastTimeout = error;
      if (options.signal?.aborted) throw await stopped(page, action, timeoutMs, options.signal, lastTimeout);
      if (isTimeout(error) && !actionStarted(error)) {
        if (Date.now() < deadline) continue;
        throw await timedOut(page, action, timeoutMs, error);
      }
      throw await mapFailure(page, action, error, secrets);
    }
  }
}

/** A caller's timeout gets the same diagnosis as Playwright's own; a cancellation is just that. */
async function stopped(page: Page, action: Action, timeoutMs: number, signal: AbortSignal, lastTimeout: unknown): Promise<ServiceError> {
  const reason = abortReason(signal);
  return reason instanceof ServiceTimeoutError ? timedOut(page, action, timeoutMs, lastTimeout) : reason;
}

function isTimeout(error: unknown): boolean {
  return (error as Error)?.name === 'TimeoutError';
}

/** Playwright's call log says when it had begun the action itself; such an attempt must not be repeated. */
function actionStarted(error: unknown): boolean {
  return /performing \w+ action/i.test((error as Error).message);
}

function actionDone(error: unknown): boolean {
  return /\w+ action done/i.test((error as Error).message);
}

async function timedOut(page: Page, action: Action, timeoutMs: number, cause?: unknown): Promise<ServiceError> {
  const structural = await diagnose(page, action.selector).catch(() => undefined);
  if (!structural && /^selectoption/i.test(action.method)) {
    const missing = await missingOption(page, action);
    if (missing) return missing;
  }
  const log = cause ? waitingFor(cause) : '';
  const detail = structural?.message ?? (log ? `the element was found but ${log}` : 'the element did not become ready');
  if (structural) {
    const ErrorClass = structural.constructor as new (message: string) => ServiceError;
    return new ErrorClass(`${action.method} on ${action.selector} gave up after ${timeoutMs} ms: ${structural.message}`);
  }
  const ErrorClass = /click|check/i.test(action.method) ? ServiceClickError : ServiceTimeoutError;
  return new ErrorClass(`${action.method} on ${action.selector} gave up after ${timeoutMs} ms: ${detail}`);
}

/** Playwright waits for an option that may load later; when time is up, say which options there are. */
async function missingOption(page: Page, action: Action): Promise<ServiceError | undefined> {
  const options = await locatorFor(page, action.selector).evaluate((element) => (element instanceof HTMLSelectElement ? Array.from(element.options).map((option) => option.label) : undefined), undefined, { timeout: 1000 }).catch(() => undefined);
  if (!options) return undefined;
  const wanted = action.arguments.filter((argument) => !options.some((option) => option.toLowerCase() === argument.toLowerCase()));
  if (!wanted.length) return undefined;
  return new ServiceInvalidArgumentError(`arguments: ${action.selector} has no option ${wanted.map((option) => JSON.stringify(option)).join(', ')}; it has ${options.map((option) => JSON.stringify(option)).join(', ')}`, { field: 'arguments' });
}

/** The last "waiting for…"/"element is…" line of Playwright's call log, which says why the element was not actionable. */
function waitingFor(error: unknown): string {
  const lines = stripAnsi((error as Error).message).split('\n').map((line) => line.trim().replace(/^- /, ''));
  const reason = [...lines].reverse().find((line) => /element is not|intercepts pointer events|not visible|not enabled|not stable|outside of the viewport/i.test(line));
  return reason ? reason.replace(/^\d+ × /, '') : '';
}

async function mapFailure(page: Page, action: Action, error: unknown, secrets: readonly string[]): Promise<ServiceError> {
  if (error instanceof ServiceError) return error;
  const message = redact(firstLine((error as Error).message ?? String(error)), secrets);
  // The tab's renderer died under the action: said as the checks say it, not as Playwright's "Target crashed".
  if (/Target crashed|Page crashed/i.test(message)) return new ServiceDomProcessError(`The page crashed (its renderer process died) while doing ${action.method} on ${action.selector}; the steps after it cannot run on it.`);
  if (/is not a valid XPath/i.test(message)) return new XPathResolutionError(`${action.selector} is not a valid XPath: ${message.replace(/^.*?: /, '')}`);
  if (/strict mode violation/i.test(message) || /resolved to \d+ elements/i.test(message)) {
    return (await diagnose(page, action.selector).catch(() => undefined)) ?? new ServiceClickError(`${action.selector}: ${message}`);
  }
  if (/not a <select>|Element is not a <select> element/i.test(message)) {
    return new ServiceInvalidArgumentError(`method: ${action.method} needs a <select> element, but ${action.selector} is not one; use click for custom dropdowns`, { field: 'method' });
  }
  if (/did not find some options/i.test(message)) {
    return new ServiceInvalidArgumentError(`arguments: ${action.selector} has no option ${JSON.stringify(action.arguments[0])}`, { field: 'arguments' });
  }
  if (/not a checkbox or radio|Not a checkbox/i.test(message)) {
    return new ServiceInvalidArgumentError(`method: ${action.method} needs a checkbox or radio button, but ${action.selector} is not one`, { field: 'method' });
  }
  if (/evaluate|scrollTo takes/i.test(message) || (error as Error).name === 'Error' && /Evaluation failed/i.test(message)) {
    return new ServiceEvalError(`${action.method} on ${action.selector}: ${message}`);
  }
  const structural = await diagnose(page, action.selector).catch(() => undefined);
  if (structural) return structural;
  const ErrorClass = /click|check/i.test(action.method) ? ServiceClickError : ServiceEvalError;
  return new ErrorClass(`${action.method} on ${action.selector} failed: ${message}`);
}

/**
 * Waits up to `ms` for the target to show; a checkbox or radio hidden behind its label counts once the label shows
 * (checked through it). False when it did not within that time.
 */
async function untilUsable(page: Page, target: Locator, method: string, ms: number): Promise<boolean> {
  if (!['check', 'uncheck'].includes(method.toLowerCase())) return target.first().waitFor({ state: 'visible', timeout: ms }).then(() => true, () => false);
  const started = Date.now();
  const usable = await target.first().evaluate(usableToggle, undefined, { timeout: ms }).catch(() => false);
  if (!usable) await page.waitForTimeout(Math.max(0, ms - (Date.now() - started)));
  return usable;
}
