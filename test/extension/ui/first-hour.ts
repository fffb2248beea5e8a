import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { DEFAULT_VIEWPORT } from '../../../src/core/browser/browser-host';
import type { ScriptedModelServer } from '../../support/model-server';
import { pickElementRule } from '../../support/page-rule';
import { answerInput, closeAllEditors, inspectorSays, leaveModalEditor, notification, openFile, pickItem, runCommand, waitOrSay, webview, webviewWith, workbenchShows, SHOWS_MS } from './workbench';

/** What the first-hour tests need from the UI run. */
export interface FirstHourContext {
  readonly run: string;
  /** The workspace folder. */
  readonly folder: string;
  /** A browser of the test's own, to measure where a page's elements are. */
  readonly browser: Browser;
  readonly siteOrigin: string;
  readonly models: ScriptedModelServer;
}

type Settings = Record<string, unknown>;

/**
 * The user's settings.json, edited as a person does: opened in the editor (Preferences: Open User Settings (JSON)),
 * replaced and saved, so the workbench applies it at once (a write behind its back is noticed only later).
 */
function userSettings(page: Page, run: string): { read(): Settings; current(): Promise<Settings>; write(settings: Settings): Promise<void> } {
  const file = path.join(run, 'user-data', 'User', 'settings.json');
  // Read while the workbench may be writing it: a half-written file reads as nothing yet.
  const read = (): Settings => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Settings;
    } catch {
      return {};
    }
  };
  /** The settings as they are once the file reads whole (what a test keeps to put back). */
  const current = async (): Promise<Settings> => {
    for (const end = Date.now() + 5_000; Date.now() < end; await page.waitForTimeout(100)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Settings;
      } catch {
        // being written
      }
    }
    throw new Error(`${file} did not read as JSON for 5 s`);
  };
  return {
    read,
    current,
    async write(settings) {
      // One line: nothing for the editor to indent (the UI run turns off auto-closed brackets and quotes).
      const text = JSON.stringify(settings);
      // Alone in the editor area: the settings editor must be the only editor to click into.
      await closeAllEditors(page);
      await runCommand(page, 'Preferences: Open User Settings (JSON)');
      const editor = page.locator('.editor-instance .monaco-editor').first();
      await editor.waitFor({ timeout: SHOWS_MS });
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      // Inserted as one piece of text (as a paste is): no auto-closed brackets or quotes.
      await page.keyboard.insertText(text);
      await page.keyboard.press('Control+S');
      await settled(page, () => JSON.stringify(read()) === JSON.stringify(settings), 'settings.json is saved');
      // The settings editor may open as a modal over the workbench: Escape leaves it (under load, not always the first
      // time; the palette does not open over it), then it is closed.
      await page.keyboard.press('Escape');
      await leaveModalEditor(page);
      await closeAllEditors(page);
      // The extension hears of the change through the workbench's configuration event.
      await page.waitForTimeout(500);
    },
  };
}

/**
 * Where elements of a page are, in its CSS pixels, at the session's default viewport: measured in the test's own
 * browser (the same Chromium and fonts), as the person sees them in the Browser tab.
 */
async function layoutOf(browser: Browser, url: string, selectors: string[]): Promise<Record<string, { x: number; y: number }>> {
  const page = await browser.newPage({ viewport: DEFAULT_VIEWPORT });
  try {
    await page.goto(url);
    const centres: Record<string, { x: number; y: number }> = {};
    for (const selector of selectors) {
      const box = await page.locator(selector).boundingBox();
      assert.ok(box, `${selector} is on ${url}`);
      centres[selector] = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    return centres;
  } finally {
    await page.close();
  }
}

/** The point on the workbench's screen where the Browser tab shows a point of the page. */
async function onScreen(view: FrameLocator, point: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const box = await view.locator('#frame').boundingBox();
  assert.ok(box, 'the Browser tab shows the page');
  return { x: box.x + (point.x / DEFAULT_VIEWPORT.width) * box.width, y: box.y + (point.y / DEFAULT_VIEWPORT.height) * box.height };
}

async function pointInView(page: Page, view: FrameLocator, point: { x: number; y: number }): Promise<void> {
  const target = await onScreen(view, point);
  await page.mouse.move(target.x, target.y, { steps: 2 });
}

async function clickInView(page: Page, view: FrameLocator, point: { x: number; y: number }): Promise<void> {
  await pointInView(page, view, point);
  await page.mouse.down();
  await page.mouse.up();
}

/**
 * How many pixels of the picture the Browser tab shows now are of an overlay drawn in the page: `red`, the picker's
 * outline (2 CSS pixels of #e5484d, scaled down and blended by JPEG into the field's grey border: 165,93,107 is typical;
 * the sign-in page has no red), or `blue`, Playwright's highlight of Observe's hover (rgba(111,168,220,.5) over white).
 */
function overlayPixels(view: FrameLocator, colour: 'red' | 'blue'): Promise<number> {
  return view.locator('#frame').evaluate(async (shown: HTMLImageElement, wanted) => {
    // A copy of the picture shown now, decoded before it is read (the tab swaps pictures as frames come).
    const image = new Image();
    image.src = shown.src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context || !canvas.width) return -1;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      const [r, g, b] = [data[index]!, data[index + 1]!, data[index + 2]!];
      if (wanted === 'red' ? r > 120 && r - g > 40 && r - b > 25 : b > 200 && b - r > 35 && g > 180) count++;
    }
    return count;
  }, colour);
}

async function settled(page: Page, check: () => boolean, what: string, ms = SHOWS_MS): Promise<void> {
  for (const end = Date.now() + ms; !check(); await page.waitForTimeout(100)) if (Date.now() > end) assert.fail(`${what}: not after ${ms} ms`);
}

/** Issue 16's first hour: what a new user meets with no model and no display, and the fixes offered. */
export function firstHourTests(page: Page, context: FirstHourContext): { name: string; run(): Promise<void> }[] {
  const settings = userSettings(page, context.run);
  return [
    {
      name: 'with no model set, Observe says so in the inspector (never stuck busy) and Choose Model sets a local server',
      async run() {
        context.models.reset();
        context.models.answerWith(pickElementRule);
        const saved = await settings.current();
        const { 'rehearse.model.name': _name, 'rehearse.model.baseURL': _url, ...withoutModel } = saved;
        await settings.write(withoutModel);
        try {
          await runCommand(page, 'Notifications: Clear All Notifications');
          await closeAllEditors(page);
          await runCommand(page, 'Rehearse: Observe…');
          await answerInput(page, 'the email field', 'What do you want to do');
          const view = webview(page);
          await waitOrSay(view.locator('#status', { hasText: 'No model is set' }), () => workbenchShows(page));
          assert.equal(await view.locator('#busy').isHidden(), true, 'the inspector is not left busy');
          const toast = notification(page, /No model is set\. Choose a provider and model/);
          await toast.waitFor({ timeout: SHOWS_MS });
          await toast.locator('.monaco-button', { hasText: 'Choose Model' }).click();
          await pickItem(page, 'A local or OpenAI-compatible server');
          await answerInput(page, 'test-model', 'The model name the server knows');
          await answerInput(page, context.models.url('/v1'), 'OpenAI-compatible base URL');
          await answerInput(page, '', 'if it asks for one');
          await settled(page, () => {
            const written = settings.read();
            return written['rehearse.model.name'] === 'openai/test-model' && written['rehearse.model.baseURL'] === context.models.url('/v1') && written['rehearse.model.openaiEndpointFormat'] === 'chat';
          }, 'the model settings are written: openai/test-model at the server\'s base URL, in the chat format');
          await notification(page, /Rehearse now uses openai\/test-model at/).waitFor({ timeout: SHOWS_MS });
          // Hidden behind another editor and shown again (its page is loaded anew), it still says what the last observe
          // met (the toast is gone by now; the panel's page is all that is left to tell).
          await openFile(page, 'signin.flow.json');
          await runCommand(page, 'Rehearse: Pick and Save Actions');
          await waitOrSay(view.locator('#status', { hasText: 'No model is set' }), async () => `${await inspectorSays(view)}; ${await workbenchShows(page)}`);
          // The model chosen answers: Observe now shows candidates (on the sign-in page, in the new browser session).
          await runCommand(page, 'Rehearse: Open Browser');
          await answerInput(page, `${context.siteOrigin}/login.html`, 'The page to open');
          await runCommand(page, 'Rehearse: Observe…');
          await answerInput(page, 'the email field', 'What do you want to do');
          await waitOrSay(view.locator('.candidate').first(), async () => `${await inspectorSays(view)}; model requests: ${context.models.modelRequests().map((request) => request.path).join(', ')}`);
          assert.ok(context.models.modelRequests().some((request) => request.path.endsWith('/chat/completions')), 'asked in the chat format a local server speaks');
        } finally {
          // Put back even after a failure, without hiding it.
          await settings.write(saved).catch((error: Error) => console.log(`    (restoring settings.json: ${error.message.split('\n')[0]})`));
        }
      },
    },
    {
      name: 'with no display and default settings, the first demo replay takes at most 7 actions and shows in the Browser tab, with no notification to dismiss',
      async run() {
        const saved = await settings.current();
        // A new user's settings: the browser launched, shown (not headless), where it can be shown.
        const { 'rehearse.browser.cdpUrl': _attached, 'rehearse.browser.headless': _headless, ...fresh } = saved;
        await settings.write(fresh);
        try {
          await runCommand(page, 'Notifications: Clear All Notifications');
          await closeAllEditors(page);
          let actions = 0;
          actions += 2; // F1, then the command
          await runCommand(page, 'Rehearse: Open Demo');
          const view = await webviewWith(page, 'main.live-view', 60_000);
          await waitOrSay(view.locator('#status', { hasText: 'There is no display here, so the browser runs headless and shows in this tab' }), () => workbenchShows(page));
          await view.locator('#frame[alt*="Tasks"]').first().waitFor({ timeout: SHOWS_MS });
          const replay = page.locator('.codelens-decoration a', { hasText: /^\s*Replay$/ }).first();
          await replay.waitFor({ timeout: SHOWS_MS });
          actions += 1;
          await replay.click();
          // The demo's password: asked for once ever (an earlier test may have set it in secret storage already).
          if (await page.locator('.quick-input-widget', { hasText: '%password%' }).waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
            actions += 2; // typing, Enter
            await answerInput(page, 'demo-secret-value', '%password%');
          }
          await notification(page, /Sign in and finish a task passed: \d+ steps/).waitFor({ timeout: 60_000 });
          console.log(`      (first demo replay: ${actions} user actions)`);
          assert.ok(actions <= 7, `${actions} user actions`);
          assert.equal(await notification(page, /no display|Run Headless|Could not/).isVisible(), false, 'no notification about the display');
          // The picture fills the tab in the default layout, its aspect kept, and the whole address shows (issue 42, item 1).
          const layout = await view.locator('main.live-view').evaluate(() => {
            const picture = document.getElementById('frame')!.getBoundingClientRect();
            const screen = document.getElementById('screen')!.getBoundingClientRect();
            const input = document.getElementById('address')!.shadowRoot!.querySelector('input')!;
            return {
              picture: [Math.round(picture.width), Math.round(picture.height)], screen: [Math.round(screen.width), Math.round(window.innerHeight - screen.top - 4)],
              address: [input.scrollWidth, input.clientWidth],
            };
          });
          await page.screenshot({ path: path.join(context.run, 'browser-tab-default-layout.png') });
          const [pictureWidth, pictureHeight] = layout.picture as [number, number];
          const [screenWidth, screenHeight] = layout.screen as [number, number];
          assert.ok(Math.abs(pictureWidth - screenWidth) <= 2 || Math.abs(pictureHeight - screenHeight) <= 2, `the picture fills the tab: ${JSON.stringify(layout)}`);
          assert.ok(layout.address[0]! <= layout.address[1]!, `the whole address shows: ${JSON.stringify(layout)}`);
          // Record Manually offers the page the Browser tab shows, one Enter away (issue 42, item 3).
          const shown = await view.locator('#address').evaluate((field) => (field as HTMLInputElement).value);
          assert.match(shown, /^http:\/\/127\.0\.0\.1:\d+\//);
          await runCommand(page, 'Rehearse: Record Manually');
          await pickItem(page, 'New flow file');
          await answerInput(page, 'offered', 'File name');
          await page.locator('.quick-input-widget', { hasText: 'The page to start on' }).waitFor({ state: 'visible', timeout: SHOWS_MS });
          assert.equal(await page.locator('.quick-input-widget input').inputValue(), shown);
          await page.keyboard.press('Escape');
        } finally {
          await settings.write(saved).catch((error: Error) => console.log(`    (restoring settings.json: ${error.message.split('\n')[0]})`));
        }
      },
    },
    {
      name: 'with no display, a flow recorded by clicking and typing in the Browser tab replays; Pick Locator and Observe outline there',
      async run() {
        const saved = await settings.current();
        const { 'rehearse.browser.cdpUrl': _attached, 'rehearse.browser.headless': _headless, ...fresh } = saved;
        await settings.write(fresh);
        const login = `${context.siteOrigin}/login.html`;
        const at = await layoutOf(context.browser, login, ['#email', 'text=Forgot password?']);
        try {
          await runCommand(page, 'Notifications: Clear All Notifications');
          await closeAllEditors(page);
          await runCommand(page, 'Rehearse: Record Manually');
          await pickItem(page, 'New flow file');
          await answerInput(page, 'live', 'File name');
          await answerInput(page, login, 'The page to start on');
          const status = page.locator('.statusbar-item', { hasText: 'Recording live.flow.json' });
          await status.waitFor({ timeout: 30_000 });
          const view = await webviewWith(page, 'main.live-view');
          await view.locator('#frame[alt*="Sign in"]').waitFor({ timeout: SHOWS_MS });
          await clickInView(page, view, at['#email']!);
          await page.keyboard.type('lin@example.com', { delay: 20 });
          await clickInView(page, view, at['text=Forgot password?']!);
          await waitOrSay(page.locator('.statusbar-item', { hasText: 'Recording live.flow.json: 2 steps' }), () => workbenchShows(page));
          await status.click();
          const recorded = notification(page, 'Recorded 2 steps into live.flow.json');
          await recorded.waitFor({ timeout: SHOWS_MS });
          // "Open" shows the flow beside the Browser tab, not over it: both stay in sight (issue 42, item 2).
          await recorded.locator('.monaco-button', { hasText: 'Open' }).click();
          await page.locator('.tab.active', { hasText: 'live.flow.json' }).waitFor({ timeout: SHOWS_MS });
          const shownTabs = await page.locator('.editor-group-container').evaluateAll((groups) => groups.map((group) => group.querySelector('.tab.active')?.textContent?.trim() ?? ''));
          assert.ok(shownTabs.some((tab) => tab.includes('live.flow.json')) && shownTabs.some((tab) => tab.includes('Rehearse: Browser')), `the flow and the Browser tab both show: ${JSON.stringify(shownTabs)}`);
          const flow = JSON.parse(readFileSync(path.join(context.folder, 'live.flow.json'), 'utf8')) as { steps: { action: { method: string; arguments: string[] } }[] };
          assert.deepEqual(flow.steps.map((step) => [step.action.method, ...step.action.arguments]), [['fill', 'lin@example.com'], ['click']]);

          // The recorded flow replays in the same headless browser. Opened over the Browser tab, the replay brings the tab
          // into sight beside it: the person watches the replay (issue 42, item 2).
          await runCommand(page, 'View: Close All Editors in Group');
          await page.locator('.tab', { hasText: 'Rehearse: Browser' }).click();
          await openFile(page, 'live.flow.json');
          const hidden = await page.locator('.editor-group-container').evaluateAll((groups) => groups.map((group) => group.querySelector('.tab.active')?.textContent?.trim() ?? ''));
          assert.ok(!hidden.some((tab) => tab.includes('Rehearse: Browser')), `the flow is over the Browser tab: ${JSON.stringify(hidden)}`);
          const replay = page.locator('.codelens-decoration a', { hasText: /^\s*Replay$/ }).first();
          await replay.waitFor({ timeout: SHOWS_MS });
          await replay.click();
          await notification(page, 'live passed: 2 steps').waitFor({ timeout: 60_000 });
          const watched = await page.locator('.editor-group-container').evaluateAll((groups) => groups.map((group) => group.querySelector('.tab.active')?.textContent?.trim() ?? ''));
          assert.ok(watched.some((tab) => tab.includes('live.flow.json')) && watched.some((tab) => tab.includes('Rehearse: Browser')), `the replay showed the Browser tab beside the flow: ${JSON.stringify(watched)}`);

          // Pick Locator: the outline follows the pointer in the tab, and a click there picks.
          await closeAllEditors(page);
          await runCommand(page, 'Rehearse: Open Browser');
          await answerInput(page, login, 'The page to open');
          const shown = await webviewWith(page, 'main.live-view');
          await shown.locator('#frame[alt*="Sign in"]').waitFor({ timeout: SHOWS_MS });
          const before = await overlayPixels(shown, 'red');
          await runCommand(page, 'Rehearse: Pick Locator');
          await pointInView(page, shown, at['#email']!);
          let outlined = 0;
          for (const end = Date.now() + SHOWS_MS; outlined < 40 && Date.now() < end; await page.waitForTimeout(200)) {
            await pointInView(page, shown, { x: at['#email']!.x + 1, y: at['#email']!.y });
            outlined = await overlayPixels(shown, 'red');
          }
          if (outlined < 40) await shown.locator('#frame').screenshot({ path: path.join(context.run, 'pick-frame.png') });
          assert.ok(outlined >= 40 && outlined > before * 2, `the picker's outline shows in the tab (${before} red pixels before, ${outlined} over the field; the tab: ${path.join(context.run, 'pick-frame.png')})`);
          await clickInView(page, shown, at['#email']!);
          await notification(page, /Copied css=#email|Copied .*email/i).waitFor({ timeout: SHOWS_MS });

          // Observe: hovering a candidate in the inspector outlines it in the Browser tab, which stays in sight beside it.
          context.models.reset();
          context.models.answerWith(pickElementRule);
          await runCommand(page, 'Rehearse: Observe…');
          await answerInput(page, 'the email field', 'What do you want to do');
          const inspector = await webviewWith(page, 'main.inspector');
          await waitOrSay(inspector.locator('.candidate').first(), async () => inspectorSays(inspector));
          const browserTab = await webviewWith(page, 'main.live-view');
          await browserTab.locator('#frame').waitFor({ state: 'visible', timeout: SHOWS_MS });
          const plain = await overlayPixels(browserTab, 'blue');
          let highlighted = plain;
          for (const end = Date.now() + SHOWS_MS; highlighted < plain + 200 && Date.now() < end; await page.waitForTimeout(200)) {
            await inspector.locator('.candidate').first().hover();
            highlighted = await overlayPixels(browserTab, 'blue');
          }
          assert.ok(highlighted >= plain + 200, `the hovered candidate is outlined in the Browser tab (${plain} blue pixels before, ${highlighted} after)`);
        } finally {
          await settings.write(saved).catch((error: Error) => console.log(`    (restoring settings.json: ${error.message.split('\n')[0]})`));
        }
      },
    },
  ];
}
