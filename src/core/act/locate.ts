import type { FrameLocator, Locator, Page } from 'playwright-core';
import { SHADOW_ENGINE } from '../browser/shadow-engine';
import {
  ContentFrameNotFoundError, ServiceElementNotFoundError, type ServiceError, ServiceIframeError, ServiceInvalidArgumentError,
  ServiceShadowRootMissingError, XPathResolutionError,
} from '../errors';
import { parseSelector, type Hop, type ParsedSelector } from '../snapshot/selector-syntax';

/** A bare XPath is accepted as Playwright would take `xpath=`. */
function normalize(selector: string): string {
  return /^(\/|\(\/)/.test(selector) ? `xpath=${selector}` : selector;
}

function parse(selector: string): ParsedSelector {
  if (!selector.trim()) throw new ServiceInvalidArgumentError('selector: expected a CSS selector, XPath or Rehearse selector, received an empty string', { field: 'selector' });
  try {
    return parseSelector(selector);
  } catch (error) {
    throw new ServiceInvalidArgumentError(`selector: ${(error as Error).message}`, { field: 'selector' });
  }
}

interface Scope {
  readonly frame: Page | FrameLocator;
  readonly shadowHost?: Locator;
}

function within(scope: Scope, selector: string): Locator {
  return scope.shadowHost ? scope.shadowHost.locator(`${SHADOW_ENGINE}=${selector}`) : scope.frame.locator(normalize(selector));
}

function enter(scope: Scope, hop: Hop): Scope {
  const element = within(scope, hop.selector);
  return hop.kind === 'frame' ? { frame: element.contentFrame() } : { frame: scope.frame, shadowHost: element };
}

/** A Playwright locator for a Rehearse selector (hops into frames and shadow roots included). */
export function locatorFor(page: Page, selector: string): Locator {
  const parsed = parse(selector);
  let scope: Scope = { frame: page };
  for (const hop of parsed.hops) scope = enter(scope, hop);
  return within(scope, parsed.target);
}

/**
 * Finds which step of a selector fails on the page now, for an error that says what is wrong: a frame that is not there,
 * a frame without content, a host without a shadow root, an XPath that does not resolve, or no element at all.
 */
export async function diagnose(page: Page, selector: string): Promise<ServiceError | undefined> {
  const parsed = parse(selector);
  let scope: Scope = { frame: page };
  try {
    for (const hop of parsed.hops) {
      const element = within(scope, hop.selector);
      const count = await element.count();
      if (hop.kind === 'frame') {
        if (count === 0) return new ServiceIframeError(`The frame ${hop.selector} of ${selector} is not on the page.`);
        const handle = await element.first().elementHandle({ timeout: 1000 });
        if (!(await handle?.contentFrame())) return new ContentFrameNotFoundError(`The element ${hop.selector} of ${selector} has no content frame (is it an iframe, and has it loaded?).`);
      } else {
        if (count === 0) return new ServiceElementNotFoundError(`The shadow host ${hop.selector} of ${selector} is not on the page.`);
        const hasRoot = await element.first().evaluate((host, key) => {
          const hooks = (window as unknown as Record<symbol, { closedRoots: WeakMap<Element, ShadowRoot> } | undefined>)[Symbol.for(key)];
          return !!(host.shadowRoot ?? hooks?.closedRoots.get(host));
        }, 'rehearse.hooks');
        if (!hasRoot) return new ServiceShadowRootMissingError(`The element ${hop.selector} of ${selector} has no shadow root that Rehearse can enter.`);
      }
      scope = enter(scope, hop);
    }
    const count = await within(scope, parsed.target).count();
    if (count === 1) return undefined;
    if (count > 1) return new ServiceElementNotFoundError(`${selector} matches ${count} elements; it must match exactly one.`);
    if (parsed.target.startsWith('xpath=')) return new XPathResolutionError(`The XPath ${parsed.target.slice('xpath='.length)} does not resolve to any element${parsed.hops.length ? ' in its frame' : ''}.`);
    return new ServiceElementNotFoundError(`No element matches ${selector}.`);
  } catch (error) {
    const message = (error as Error).message;
    if (/xpath/i.test(message) && /valid|syntax|evaluate/i.test(message)) return new XPathResolutionError(`${selector} is not a valid XPath: ${firstLine(message)}`);
    if (/selector|unexpected token|parse/i.test(message)) return new ServiceInvalidArgumentError(`selector: ${JSON.stringify(selector)} is not a valid selector: ${firstLine(message)}`, { field: 'selector' });
    return undefined;
  }
}

/** Playwright colours its call logs for terminals; our messages are plain text. */
export function stripAnsi(text: string): string {
   
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

export function firstLine(message: string): string {
  return stripAnsi(message).split('\n')[0]!.replace(/^\w+\.\w+: /, '');
}
