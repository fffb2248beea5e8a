import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { installVsix, newRun, startCodeServer, type CodeServer } from '../code-server';
import { notification, openFile, SHOWS_MS } from './workbench';

/**
 * Restricted mode: in a folder the person does not trust, the extension still lists and opens flows, but does not
 * replay them (a flow drives a browser with the person's sessions) and says why.
 */
export async function untrustedFolderDoesNotReplay(browser: Browser, vsix: string, siteOrigin: string): Promise<void> {
  const { run, folder } = newRun('untrusted');
  writeFileSync(path.join(folder, 'trap.flow.json'), `${JSON.stringify({ version: 1, name: 'Trap', startUrl: `${siteOrigin}/login.html`, steps: [{ expect: { text: 'Sign in' } }] }, null, 2)}\n`);
  await installVsix(run, vsix);
  let server: CodeServer | undefined;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    server = await startCodeServer({ run, port: 18713, folder, trust: true, settings: { 'rehearse.browser.headless': true } });
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // Desktop VS Code asks first; code-server opens an unknown folder in Restricted Mode straight away.
    const restricted = page.locator('.statusbar-item', { hasText: 'Restricted Mode' });
    const distrust = page.locator('.monaco-dialog-box .monaco-button', { hasText: "No, I don't trust the authors" });
    await restricted.or(distrust).first().waitFor({ timeout: 30_000 });
    if (await distrust.isVisible()) await distrust.click();
    await restricted.waitFor({ timeout: SHOWS_MS });
    await openFile(page, 'trap.flow.json');
    const replay = page.locator('.codelens-decoration a', { hasText: /^\s*Replay$/ }).first();
    await replay.waitFor({ timeout: SHOWS_MS });
    await replay.click();
    await notification(page, 'only in a trusted workspace').waitFor({ timeout: SHOWS_MS });
    await page.waitForTimeout(2_000);
    assert.equal(await notification(page, 'Trap passed').count(), 0, 'the flow did not run');
  } catch (error) {
    await page.screenshot({ path: path.join(run, 'failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await page.close().catch(() => undefined);
    server?.stop();
  }
}
