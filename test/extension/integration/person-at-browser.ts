import { chromium, type Browser, type Page } from 'playwright-core';
import * as vscode from 'vscode';
import type { Rehearse } from '../../../src/extension/rehearse';
import { eventually } from '../../support/eventually';
import { startDebuggableChromium } from '../../support/debuggable-chromium';

export interface PersonAtBrowser {
  /** The page whose address ends with `urlEnd`, once a script of Rehearse's (a window symbol `symbolPrefix…`) is in it. */
  page(urlEnd: string, symbolPrefix: string): Promise<Page>;
}

/**
 * The extension attached (rehearse.browser.cdpUrl) to a Chromium the test also drives as the person at the browser:
 * for recording and picking, which wait for what a person does. Everything is undone afterwards.
 */
export async function withPersonAtBrowser(rehearse: Rehearse, work: (person: PersonAtBrowser) => Promise<void>): Promise<void> {
  const chrome = await startDebuggableChromium();
  const configuration = vscode.workspace.getConfiguration('rehearse');
  await configuration.update('browser.cdpUrl', chrome.cdpUrl, vscode.ConfigurationTarget.Global);
  let browser: Browser | undefined;
  try {
    await rehearse.engine.endSession();
    await work({
      page: async (urlEnd, symbolPrefix) => (await eventually(`the page ${urlEnd} with ${symbolPrefix}`, async () => {
        await browser?.close().catch(() => undefined);
        browser = await chromium.connectOverCDP(chrome.cdpUrl);
        const found = browser.contexts().flatMap((context) => context.pages()).find((candidate) => candidate.url().endsWith(urlEnd));
        const ready = await found?.evaluate((prefix) => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith(prefix)), symbolPrefix).catch(() => false);
        return ready ? found : undefined;
      }, (found) => found !== undefined, 30_000))!,
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await configuration.update('browser.cdpUrl', undefined, vscode.ConfigurationTarget.Global);
    await rehearse.engine.endSession();
    await chrome.stop();
  }
}
