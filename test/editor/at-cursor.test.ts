import { api, editor } from './vscode-fake';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type * as vscode from 'vscode';
import type { StaticSite } from '../../src/cli/static-site';
import type { Rehearse } from '../../src/extension/rehearse';
import type { Flow } from '../../src/schema';
import { startDebuggableChromium, type DebuggableChromium } from '../support/debuggable-chromium';
import { eventually } from '../support/eventually';
import { signInFlow } from '../support/sign-in-flow';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';
import { activateExtension, deactivateExtension } from './local-engine';

/**
 * The browser a person works in: the extension attached to a Chromium (rehearse.browser.cdpUrl) that the test also
 * drives as that person, for the commands that wait for what a person does in the browser.
 */
async function withPersonAtBrowser(rehearse: Rehearse, work: (pageOnceReady: (urlEnd: string, symbolPrefix: string) => Promise<Page>) => Promise<void>): Promise<void> {
  const chrome: DebuggableChromium = await startDebuggableChromium();
  editor.setting('browser.cdpUrl', chrome.cdpUrl);
  // An attached browser has its own window: nothing for the live view (a webview) to show.
  editor.setting('browser.show', 'window');
  let browser: Browser | undefined;
  try {
    await rehearse.engine.settingsChanged();
    await work(async (urlEnd, symbolPrefix) => (await eventually(`the page ${urlEnd} with ${symbolPrefix}`, async () => {
      await browser?.close().catch(() => undefined);
      browser = await chromium.connectOverCDP(chrome.cdpUrl);
      const found = browser.contexts().flatMap((context) => context.pages()).find((candidate) => candidate.url().endsWith(urlEnd));
      const ready = await found?.evaluate((prefix) => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith(prefix)), symbolPrefix).catch(() => false);
      return ready ? found : undefined;
    }, (found) => found !== undefined, 30_000))!);
  } finally {
    await browser?.close().catch(() => undefined);
    editor.setting('browser.cdpUrl', undefined);
    await rehearse.engine.settingsChanged();
    await chrome.stop();
  }
}

/**
 * The commands that work where the cursor is in a flow file (issues 14 and 16): Add Expect after a step, Record at
 * Cursor, Pick Locator. The extension activated in plain Node, its local service, a real Chromium, real files.
 */
describe('commands at the cursor of a flow file (the extension activated in plain Node)', function () {
  this.timeout(120_000);
  let root: string;
  let site: StaticSite;
  let rehearse: Rehearse;
  let file: string;
  const read = async () => JSON.parse(await readFile(file, 'utf8')) as Flow;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rehearse-at-cursor-'));
    editor.reset(root);
    editor.setting('browser.headless', true);
    site = await serveFolder(FIXTURES_DIR);
    rehearse = activateExtension(path.join(root, '.storage'));
    file = path.join(root, 'sign-in.flow.json');
  });
  after(async () => {
    await deactivateExtension();
    await site?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('Add Expect, offered on a step, replays to it and writes after it what holds on the page there; the flow still replays', async () => {
    await writeFile(file, `${JSON.stringify({
      version: 1, name: 'Add expect', startUrl: `${site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['grace@example.com'] } },
        { action: { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password?', method: 'click', arguments: [] } },
      ],
    }, null, 2)}\n`);
    const document = await editor.cursorIn(file, 'css=#email');
    const [provider] = editor.providers<vscode.CodeActionProvider>('codeAction');
    const cursor = api.window.activeTextEditor!.selection;
    const actions = (await provider!.provideCodeActions(document as never, cursor, { triggerKind: 1, diagnostics: [], only: undefined }, new api.CancellationTokenSource().token)) as vscode.CodeAction[];
    assert.deepEqual(actions.map((action) => action.title), ['Add expect after step 1 (replays to it, then offers what holds)']);
    const offered = actions[0]!.command!;
    // The person picks the first of what holds: the value the step filled.
    editor.pick = (picked) => (picked.title === 'Add an expect after step 1: what holds on the page now' ? picked.labels[0] : undefined);
    assert.deepEqual(await api.commands.executeCommand(offered.command, ...offered.arguments!), { selector: 'css=#email', value: 'grace@example.com' });
    const flow = await read();
    assert.deepEqual(flow.steps[1], { expect: { selector: 'css=#email', value: 'grace@example.com' } }, 'written right after the step');
    assert.equal(flow.steps.length, 3);
    assert.match(await readFile(file, 'utf8'), /\n {4}\{ "expect":\{"selector":"css=#email","value":"grace@example\.com"\} \},\n/, 'indented as the steps around it, through the editor');
    assert.equal(document.isDirty, false, 'and saved');
    // The last of what holds after the click: the ARIA snapshot of the region around the step's element (its form).
    const region = await api.commands.executeCommand<{ selector: string; aria: string }>('rehearse.addExpect', api.Uri.file(file), 2, -1);
    assert.match(region.aria, /- button "Forgot password\?"/, JSON.stringify(region));
    assert.deepEqual((await read()).steps[3], { expect: region });
    const result = await api.commands.executeCommand<{ status: string }>('rehearse.replayFlow', api.Uri.file(file));
    assert.equal(result.status, 'passed', 'the flow still replays with them');
  });

  it('Record at Cursor replays up to the cursor, then writes what the person does into the flow there', async () => {
    await withPersonAtBrowser(rehearse, async (pageOnceReady) => {
      await writeFile(file, `${JSON.stringify(signInFlow(site.origin), null, 2)}\n`);
      // The cursor in step 1 (fill Email): new steps go after it, before "check Remember me".
      await editor.cursorIn(file, '"css=#email"');
      const recording = api.commands.executeCommand<number>('rehearse.recordAtCursor');
      const page = await pageOnceReady('/login.html', 'rehearse.recorder.');
      // The page is where the flow is at the cursor: step 1 was replayed (no reload since).
      assert.equal(await page.locator('#email').inputValue(), 'ada@example.com');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await eventually('the recorded step in the file', async () => (await read()).steps.length, (count) => count === 4);
      assert.deepEqual(await api.commands.executeCommand('rehearse.stop'), ['recording']);
      assert.equal(await recording, 1);
      const steps = (await read()).steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}` : Object.keys(step)[0]));
      assert.equal(steps[0], 'fill Email');
      assert.match(steps[1]!, /^click .*Forgot password/);
      assert.deepEqual(steps.slice(2), ['check Remember me', 'expect']);
    });
  });

  it('Pick Locator: a click in the browser names the element, copied; in a flow it fixes the step at the cursor or adds one there', async () => {
    await withPersonAtBrowser(rehearse, async (pageOnceReady) => {
      const pickIn = async (click: (page: Page) => Promise<void>) => {
        const picking = api.commands.executeCommand<{ selector: string } | undefined>('rehearse.pickLocator');
        await click(await pageOnceReady('/login.html', 'rehearse.picker.'));
        return picking;
      };
      // A step whose selector no longer finds its element, and the cursor in it.
      const good = signInFlow(site.origin);
      const stale: Flow = { ...good, steps: [good.steps[0]!, { action: { selector: 'css=#old-remember', description: 'Remember me', method: 'check', arguments: [] } }] };
      await writeFile(file, `${JSON.stringify(stale, null, 2)}\n`);
      await rehearse.engine.withSession((session) => session.navigate(`${site.origin}/login.html`), { headless: false });
      await editor.cursorIn(file, 'css=#old-remember');
      const fixed = await pickIn((page) => page.locator('#remember').click());
      assert.equal(fixed?.selector, 'css=#remember');
      assert.equal(editor.clipboard, 'css=#remember');
      const afterFix = await read();
      const fallbacks = (afterFix.steps[1] as { fallbacks: string[] }).fallbacks;
      assert.deepEqual(afterFix.steps[1], { action: { selector: 'css=#remember', description: 'Remember me', method: 'check', arguments: [] }, fallbacks, target: { role: 'checkbox', name: 'Remember me' } });
      assert.ok(fallbacks.length > 0);
      assert.match(editor.shown.at(-1)?.message ?? '', /^Step 2 now finds checkbox "Remember me" \(css=#remember\); the selector is copied too\.$/);

      // The cursor after the last step: a click step on the picked element is added there.
      await editor.cursorIn(file, ']', 'last');
      await pickIn((page) => page.getByRole('button', { name: 'Forgot password?' }).click());
      const added = (await read()).steps;
      assert.equal(added.length, 3);
      assert.deepEqual((added[2] as { action: unknown }).action, { selector: 'role=button[name="Forgot password?"]', description: 'Forgot password?', method: 'click', arguments: [] });
    });
  });
});
