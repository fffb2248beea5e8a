import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { BrowserNotFoundError, ServiceInvalidArgumentError } from '../errors';
import { redactUrl, redactUrls } from '../redact';
import type { Environment } from '../models/resolve';
import { isOpen, OPEN_NETWORK, type NetworkPolicy } from '../network/address-policy';
import { startEgressProxy, type EgressProxy, type Refusal } from '../network/egress-proxy';
import { guardContext } from '../network/route-guard';
import { findBrowser, launchArgs } from './find-browser';
import { noteWindowOpen } from '../act/new-tab';
import { checkDisplay, launchFailure } from './launch-problems';
import { HOOKS_KEY } from '../page/keys';
import { installPageHooks } from '../page-scripts';
import { registerShadowEngine } from './shadow-engine';

export interface BrowserOptions {
  /** A Chromium-based browser to launch; otherwise REHEARSE_CHROMIUM, Playwright's, or the system's. */
  readonly executablePath?: string | undefined;
  readonly headless?: boolean | undefined;
  /** Attach to a running browser over the Chrome DevTools Protocol (a grid, Browserless, `chrome --remote-debugging-port`). */
  readonly cdpUrl?: string | undefined;
  /** Attach to a Playwright browser server (`playwright run-server`). */
  readonly wsEndpoint?: string | undefined;
  readonly viewport?: { readonly width: number; readonly height: number } | undefined;
  readonly env?: Environment | undefined;
  /** On an attached browser, work in a new context rather than the one already open (parallel replays). */
  readonly isolate?: boolean | undefined;
  /** Where pages may go (default: anywhere on http(s), private addresses included). */
  readonly network?: NetworkPolicy | undefined;
}

export interface BrowserHandle {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** How the browser was obtained, for logs. */
  readonly origin: string;
  /** Requests the network policy refused since a time (ms), newest last. */
  refusalsSince(since: number): readonly Refusal[];
  close(): Promise<void>;
}

export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };
const CONNECT_TIMEOUT_MS = 30_000;

/** The page hooks in every page of a context, now and to come. */
async function installHooks(context: BrowserContext): Promise<void> {
  // An unguessable name: the hooks take the binding from the page before its scripts run.
  const hooks = { key: HOOKS_KEY, windowOpened: `__rehearseOpened_${randomBytes(8).toString('hex')}` };
  await context.exposeBinding(hooks.windowOpened, (source) => noteWindowOpen(source.page));
  await context.addInitScript(installPageHooks, hooks);
  // Pages that were open before we attached get the hooks now (closed shadow roots made before this are not seen).
  for (const page of context.pages()) {
    for (const frame of page.frames()) await frame.evaluate(installPageHooks, hooks).catch(() => undefined);
  }
}

/**
 * A handle on a context someone else owns (Playwright Test's, with its fixtures, traces and retries): Rehearse adds its
 * page hooks and never closes it. The owner's browser, network and lifetime apply.
 */
export async function useContext(context: BrowserContext): Promise<BrowserHandle> {
  const browser = context.browser();
  await registerShadowEngine();
  if (!browser) throw new BrowserNotFoundError('This browser context has no browser Rehearse can follow (a persistent context): give it a context from browser.newContext(), as Playwright Test\'s fixtures are.');
  await installHooks(context);
  return { browser, context, origin: 'a context of its own owner', refusalsSince: () => [], close: async () => undefined };
}

/** Launches a browser or attaches to a remote one, with Rehearse's page hooks in every frame. */
export async function openBrowser(options: BrowserOptions = {}): Promise<BrowserHandle> {
  await registerShadowEngine();
  if (options.cdpUrl && options.wsEndpoint) {
    throw new ServiceInvalidArgumentError('browser: give cdpUrl or wsEndpoint, not both', { field: 'browser' });
  }
  let browser: Browser;
  let context: BrowserContext;
  let ownsContext = true;
  let origin: string;
  const network = options.network ?? OPEN_NETWORK;
  let proxy: EgressProxy | undefined;
  if (options.cdpUrl) {
    browser = await chromium.connectOverCDP(options.cdpUrl, { timeout: CONNECT_TIMEOUT_MS }).catch((error: Error) => {
      throw new BrowserNotFoundError(`Could not attach to the browser at ${redactUrl(options.cdpUrl!)} over CDP: ${redactUrls(error.message.split('\n')[0]!)}`);
    });
    const existing = options.isolate ? undefined : browser.contexts()[0];
    ownsContext = !existing;
    context = existing ?? (await browser.newContext({ viewport: options.viewport ?? DEFAULT_VIEWPORT }));
    origin = `cdp ${redactUrl(options.cdpUrl)}`;
  } else if (options.wsEndpoint) {
    browser = await chromium.connect(options.wsEndpoint, { timeout: CONNECT_TIMEOUT_MS }).catch((error: Error) => {
      throw new BrowserNotFoundError(`Could not attach to the Playwright server at ${redactUrl(options.wsEndpoint!)}: ${redactUrls(error.message.split('\n')[0]!)}`);
    });
    context = await browser.newContext({ viewport: options.viewport ?? DEFAULT_VIEWPORT });
    origin = `playwright server ${redactUrl(options.wsEndpoint)}`;
  } else {
    const headless = options.headless ?? true;
    const found = findBrowser({ executablePath: options.executablePath, env: options.env, headless });
    // The browser inherits this process's environment (its display), whatever env the session reads keys from.
    checkDisplay(headless, process.env);
    // A browser we launch reaches the network only through the policy's proxy, redirects and workers included.
    proxy = isOpen(network) ? undefined : await startEgressProxy(network);
    browser = await chromium.launch({
      executablePath: found.executablePath, headless, args: launchArgs({ headless }), timeout: CONNECT_TIMEOUT_MS,
      ...(proxy ? { proxy: { server: proxy.url } } : {}),
    }).catch(async (error: Error) => {
      await proxy?.close();
      throw new BrowserNotFoundError(`Could not start ${found.executablePath}: ${launchFailure(error)}`);
    });
    context = await browser.newContext({ viewport: options.viewport ?? DEFAULT_VIEWPORT, ...(proxy ? { serviceWorkers: 'block' } : {}) });
    origin = `${found.source} ${found.executablePath}`;
  }
  const attachedRefusals = !proxy && !isOpen(network) ? await guardContext(context, network) : undefined;
  await installHooks(context);
  return {
    browser,
    context,
    origin,
    refusalsSince: (since) => proxy?.refusalsSince(since) ?? attachedRefusals?.(since) ?? [],
    close: async () => {
      if (ownsContext) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await proxy?.close();
    },
  };
}
