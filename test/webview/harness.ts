import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { StaticSite } from '../../src/cli/static-site';
import { webviewHtml } from '../../src/extension/webview-html';
import { useChromium } from '../support/chromium';
import { serveFolder } from '../support/static-server';

export const REPO = path.resolve(__dirname, '..', '..', '..');

/** What the page sent to "the extension", and the state it saved, as the fake VS Code API recorded them. */
export interface Recorded {
  sent: unknown[];
  state: unknown;
}

/**
 * A webview page as VS Code shows it: the extension's own HTML (same CSP, nonce, codicons), the built script, and an
 * acquireVsCodeApi that records messages and state. `state` is what VS Code would hand back after a reload.
 */
export async function openWebview(page: Page, site: StaticSite, script: 'observe' | 'agent' | 'live-view', body: string, state?: unknown): Promise<void> {
  const html = webviewHtml('test', body, {
    cspSource: site.origin, nonce: 'bm9uY2UtZm9yLXRlc3Rz',
    scriptUri: `${site.origin}/dist/webview/${script}.script.js`,
    styleUri: `${site.origin}/media/webview.css`,
    codiconsUri: `${site.origin}/dist/webview/codicons/codicon.css`,
  });
  await page.addInitScript((saved: unknown) => {
    const recorded = { sent: [] as unknown[], state: saved };
    (window as unknown as { __recorded: typeof recorded }).__recorded = recorded;
    (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({
      postMessage: (message: unknown) => recorded.sent.push(message),
      getState: () => recorded.state,
      setState: (next: unknown) => {
        recorded.state = next;
      },
    });
  }, (state ?? null) as never);
  await page.route(`${site.origin}/__webview/${script}.html`, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
  await page.goto(`${site.origin}/__webview/${script}.html`);
}

export async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __recorded: Recorded }).__recorded)) as Recorded);
}

/** A message from "the extension". */
export async function deliver(page: Page, message: unknown): Promise<void> {
  await page.evaluate((data) => window.postMessage(data, '*'), message);
}

export function serveRepo(): Promise<StaticSite> {
  return serveFolder(REPO);
}

/** A page for each test and what it did wrong: script errors, CSP violations and dialogs (each dismissed). */
export interface WebviewRig {
  page: Page;
  site: StaticSite;
  problems: string[];
  /** Another page like it (the webview reloaded, a second view), for the test to close. */
  open(): Promise<Page>;
}

/** A suite's webview pages: the repository served on loopback, a fresh page per test in the suite's Chromium. */
export function useWebviewPage(options: BrowserContextOptions = {}): WebviewRig {
  const chromium = useChromium();
  const rig = { problems: [] as string[], open: () => chromium.browser.newPage(options) } as WebviewRig;
  before(async () => {
    rig.site = await serveRepo();
  });
  after(async () => rig.site?.close());
  beforeEach(async () => {
    const page = await chromium.browser.newPage(options);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !/malformed message/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    Object.assign(rig, { page, problems });
  });
  afterEach(async () => rig.page.close());
  return rig;
}
