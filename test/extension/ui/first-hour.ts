import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ScriptedModelServer } from '../../support/model-server';
import { pickElementRule } from '../../support/page-rule';
import { answerInput, notification, pickItem, runCommand, webview } from './workbench';

/** What the first-hour tests need from the UI run. */
export interface FirstHourContext {
  readonly run: string;
  readonly siteOrigin: string;
  readonly models: ScriptedModelServer;
}

type Settings = Record<string, unknown>;

/** The user's settings.json, as a person would edit it: the workbench picks up the change by itself. */
function userSettings(run: string): { read(): Settings; write(settings: Settings): void } {
  const file = path.join(run, 'user-data', 'User', 'settings.json');
  return {
    read: () => JSON.parse(readFileSync(file, 'utf8')) as Settings,
    write: (settings) => writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`),
  };
}

async function settled(page: Page, check: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await page.waitForTimeout(100)) if (Date.now() > end) assert.fail(`${what}: not after ${ms} ms`);
}

/** Issue 16's first hour: what a new user meets with no model and no display, and the fixes offered. */
export function firstHourTests(page: Page, context: FirstHourContext): { name: string; run(): Promise<void> }[] {
  const settings = userSettings(context.run);
  return [
    {
      name: 'with no model set, Observe says so in the inspector (never stuck busy) and Choose Model sets a local server',
      async run() {
        context.models.reset();
        context.models.answerWith(pickElementRule);
        const saved = settings.read();
        const { 'rehearse.model.name': _name, 'rehearse.model.baseURL': _url, ...withoutModel } = saved;
        settings.write(withoutModel);
        await page.waitForTimeout(1_500);
        try {
          await runCommand(page, 'Notifications: Clear All Notifications');
          await runCommand(page, 'View: Close All Editors');
          await runCommand(page, 'Rehearse: Observe…');
          await answerInput(page, 'the email field', 'What do you want to do');
          const view = webview(page);
          await view.locator('#status', { hasText: 'No model is set' }).waitFor({ timeout: 30_000 });
          assert.equal(await view.locator('#busy').isHidden(), true, 'the inspector is not left busy');
          const toast = notification(page, /No model is set\. Choose a provider and model/);
          await toast.waitFor({ timeout: 10_000 });
          await toast.locator('.monaco-button', { hasText: 'Choose Model' }).click();
          await pickItem(page, 'A local or OpenAI-compatible server');
          await answerInput(page, 'test-model', 'The model name the server knows');
          await answerInput(page, context.models.url('/v1'), 'OpenAI-compatible base URL');
          await answerInput(page, '', 'if it asks for one');
          await settled(page, () => settings.read()['rehearse.model.name'] === 'openai/test-model', 'the model setting is written');
          assert.equal(settings.read()['rehearse.model.baseURL'], context.models.url('/v1'));
          assert.equal(settings.read()['rehearse.model.openaiEndpointFormat'], 'chat');
          // The model chosen answers: Observe now shows candidates.
          await runCommand(page, 'Rehearse: Observe…');
          await answerInput(page, 'the email field', 'What do you want to do');
          await view.locator('.candidate').first().waitFor({ timeout: 30_000 });
          assert.ok(context.models.modelRequests().some((request) => request.path.endsWith('/chat/completions')), 'asked in the chat format a local server speaks');
        } finally {
          settings.write(saved);
          await page.waitForTimeout(1_500);
        }
      },
    },
    {
      name: 'with no display, a headed browser is refused with the reason and Run Headless fixes it',
      async run() {
        context.models.reset();
        context.models.answerWith(pickElementRule);
        const saved = settings.read();
        const { 'rehearse.browser.cdpUrl': _attached, ...launching } = saved;
        settings.write({ ...launching, 'rehearse.browser.headless': false });
        await page.waitForTimeout(1_500);
        try {
          await runCommand(page, 'Notifications: Clear All Notifications');
          await runCommand(page, 'Rehearse: Open Browser');
          await answerInput(page, `${context.siteOrigin}/login.html`, 'The page to open');
          const toast = notification(page, /no display to show a browser window on/);
          await toast.waitFor({ timeout: 30_000 });
          await toast.locator('.monaco-button', { hasText: 'Run Headless' }).click();
          await notification(page, 'The browser now runs headless').waitFor({ timeout: 10_000 });
          await settled(page, () => settings.read()['rehearse.browser.headless'] === true, 'rehearse.browser.headless is written');
          // The same command now works: a headless browser opens the page, and the inspector reads it.
          await runCommand(page, 'Rehearse: Open Browser');
          await answerInput(page, `${context.siteOrigin}/login.html`, 'The page to open');
          await runCommand(page, 'Rehearse: Observe…');
          await answerInput(page, 'the email field', 'What do you want to do');
          await webview(page).locator('.candidate').first().waitFor({ timeout: 30_000 });
          assert.equal(await notification(page, /Could not start|no display/).isVisible(), false);
        } finally {
          settings.write(saved);
          await page.waitForTimeout(1_500);
        }
      },
    },
  ];
}
