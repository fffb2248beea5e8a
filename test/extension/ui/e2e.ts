import assert from 'node:assert/strict';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { StaticSite } from '../../../src/cli/static-site';
import { agentPlan } from '../../support/agent-plan';
import { startDebuggableChromium } from '../../support/debuggable-chromium';
import { ScriptedModelServer, type RecordedRequest } from '../../support/model-server';
import { failureLine } from '../../support/failure-line';
import { promptText } from '../../support/page-rule';
import { FIXTURES_DIR, serveFolder } from '../../support/static-server';
import { installVsix, launchBrowser, newRun, runToEnd, startCodeServer, WORK, type CodeServer } from '../code-server';
import { firstHourTests } from './first-hour';
import { untrustedFolderDoesNotReplay } from './restricted';
import { answerInput, closeAllEditors, notification, openFile, pickItem, runCommand, webview, SHOWS_MS } from './workbench';

/**
 * The packaged extension, installed from its .vsix into a fresh code-server and used through the workbench: observe a
 * page and save two picks to a flow file, replay it with its CodeLens, run the agent and watch its steps, stop a run.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const VSIX = path.join(WORK, 'rehearse.vsix');

/**
 * What `npm run package` does (a production build, then vsce), in a copy of the package's files: dist/ stays as the
 * other suites, which run beside this one, use it.
 */
export async function packageVsix(): Promise<void> {
  const stage = path.join(WORK, 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  mkdirSync(path.join(stage, '.github'));
  for (const file of ['README.md', '.vscodeignore', '.github/CHANGELOG.md']) copyFileSync(path.join(ROOT, file), path.join(stage, file));
  // Built below already: vsce must not run the prepublish build (type-check, then dist/) in the copy.
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  delete manifest.scripts['vscode:prepublish'];
  writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2));
  cpSync(path.join(ROOT, 'media'), path.join(stage, 'media'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
  const steps: [string, string[], string][] = [
    [process.execPath, [path.join(ROOT, 'esbuild.js'), '--production', `--outdir=${path.join(stage, 'dist')}`], ROOT],
    [process.execPath, [path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--skip-license', '--changelog-path', '.github/CHANGELOG.md', '--out', VSIX], stage],
  ];
  for (const [command, args, cwd] of steps) {
    const { code, output } = await runToEnd(command, args, { cwd, timeoutMs: 180_000 });
    if (code !== 0) throw new Error(`packaging failed (exit ${code}) at ${path.basename(args[0]!)}:\n${output.slice(-2000)}`);
  }
  if (!existsSync(VSIX)) throw new Error(`packaging wrote no ${VSIX}`);
  // The Marketplace's Changelog tab: the file's name is stored as it is in the zip's directory.
  if (!readFileSync(VSIX).includes('extension/changelog.md')) throw new Error('the VSIX has no changelog (extension/changelog.md)');
}

/** Observe answers with the email and password fields, as a model reading the outline would. */
function twoFields(request: RecordedRequest) {
  const page = promptText(request);
  const id = (name: string) => new RegExp(`\\[(\\d+-\\d+)\\] textbox "${name}"`).exec(page)?.[1];
  return {
    json: { elements: [
      { elementId: id('Email'), description: 'Email field', method: 'fill', arguments: ['ada@example.com'] },
      { elementId: id('Password'), description: 'Password field', method: 'fill', arguments: ['correct horse'] },
    ].filter((element) => element.elementId) },
  };
}

async function until(what: string, check: () => boolean, ms = SHOWS_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Acts as the person at the browser the extension attached to: the page showing `url` (waited for, bounded), then
 * disconnects. The extension's session is its own context in that browser.
 */
async function atBrowser(cdpUrl: string, url: string, work: (page: Page) => Promise<void>): Promise<void> {
  const person = await chromium.connectOverCDP(cdpUrl);
  try {
    const find = () => person.contexts().flatMap((context) => context.pages()).find((candidate) => candidate.url() === url);
    for (const end = Date.now() + SHOWS_MS; !find() && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 200));
    const page = find();
    assert.ok(page, `${url} is open in the browser`);
    await work(page);
  } finally {
    await person.close();
  }
}

/** The last lines of the extension's log output channel, to see what it did before a failure. */
function rehearseLogTail(logs: string): string {
  // A window reload starts a new extension host with a log of its own: the one written last is the one that ran.
  const file = readdirSync(logs, { recursive: true }).map(String).filter((name) => name.endsWith('Rehearse.log'))
    .map((name) => path.join(logs, name)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!file) return '      (no Rehearse log)';
  return readFileSync(file, 'utf8').trim().split('\n').slice(-15).map((line) => `      ${line}`).join('\n');
}

const SUITE_LIMIT_MS = 20 * 60_000;
/** One test that hangs fails alone; the ones after it still run. */
const TEST_LIMIT_MS = 3 * 60_000;

function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done after ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

interface UiTest {
  readonly name: string;
  run(page: Page): Promise<void>;
}

/** `packaged`: the packaging, when the caller started it earlier (beside the integration tests, which mostly wait). */
export async function runUiTests(packaged?: Promise<void>): Promise<{ passed: number; failed: number }> {
  const { run, folder } = newRun('ui');
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let site: StaticSite | undefined;
  let models: ScriptedModelServer | undefined;
  let chrome: Awaited<ReturnType<typeof startDebuggableChromium>> | undefined;
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  // A guard against a hang, not a measure of speed: a loaded 2-core machine takes 5 minutes and more.
  const timer = setTimeout(() => {
    console.error(`extension UI: over ${SUITE_LIMIT_MS / 60_000} minutes; stopping`);
    server?.stop();
    chrome?.process.kill();
    process.exit(124);
  }, SUITE_LIMIT_MS);
  try {
    await (packaged ?? packageVsix());
    await installVsix(run, VSIX);
    site = await serveFolder(FIXTURES_DIR);
    models = await ScriptedModelServer.start();
    // The extension attaches to this browser over CDP (rehearse.browser.cdpUrl), so the test can act in it as a person.
    chrome = await startDebuggableChromium();
    const cdpUrl = chrome.cdpUrl;
    server = await startCodeServer({
      run, port: 18712, folder,
      settings: {
        'rehearse.model.name': 'openai/test-model', 'rehearse.model.baseURL': models.url('/v1'), 'rehearse.browser.headless': true, 'rehearse.browser.cdpUrl': cdpUrl,
        // The tests type whole JSON texts into editors (settings.json): the editor must not add brackets or quotes.
        'editor.autoClosingBrackets': 'never', 'editor.autoClosingQuotes': 'never', 'editor.autoIndent': 'none', 'editor.formatOnType': false,
      },
      // As on a server, in a container or over SSH: no display for a browser window.
      env: { DISPLAY: '', WAYLAND_DISPLAY: '' },
    });
    browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const flowFile = path.join(folder, 'signin.flow.json');
    const siteOrigin = site.origin;
    const scripted = models;
    const tests: UiTest[] = [
      {
        name: 'sets the model key in secret storage (a password input), never in settings',
        async run() {
          await runCommand(page, 'Rehearse: Set Model API Key');
          await answerInput(page, 'sk-ui-test-0123456789', 'secret storage');
          const settings = readFileSync(path.join(run, 'user-data', 'User', 'settings.json'), 'utf8');
          assert.equal(settings.includes('sk-ui-test'), false);
        },
      },
      {
        name: 'Open Demo, then Replay from the CodeLens: the secret password is asked for once and never written',
        async run() {
          await runCommand(page, 'Rehearse: Open Demo');
          await notification(page, 'The demo site is open').waitFor({ timeout: 60_000 });
          const replay = page.locator('.codelens-decoration a', { hasText: /^\s*Replay$/ }).first();
          await replay.waitFor({ timeout: SHOWS_MS });
          await replay.click();
          await page.locator('.quick-input-widget', { hasText: '%password%' }).waitFor({ timeout: SHOWS_MS });
          assert.equal(await page.locator('.quick-input-widget input').getAttribute('type'), 'password');
          await answerInput(page, 'demo-secret-value', '%password%');
          await notification(page, /Sign in and finish a task passed: \d+ steps/).waitFor({ timeout: 60_000 });
          const demoFlow = readFileSync(path.join(folder, 'rehearse-demo.flow.json'), 'utf8');
          assert.equal(demoFlow.includes('demo-secret-value'), false, 'the secret is not in the flow file');
          // No $schema pointing outside the workspace (a warning on the first file a new user sees): the extension's applies.
          assert.equal('$schema' in (JSON.parse(demoFlow) as object), false);
          // A second replay takes the secret from secret storage: no prompt.
          await runCommand(page, 'Notifications: Clear All Notifications');
          await replay.click();
          await notification(page, /Sign in and finish a task passed: \d+ steps/).waitFor({ timeout: 30_000 });
          assert.equal(await page.locator('.quick-input-widget', { hasText: '%password%' }).isVisible(), false, 'no second prompt');
        },
      },
      {
        name: 'the Testing view lists the demo flow with its steps; Run All Tests marks the flow and each step passed',
        async run() {
          await runCommand(page, 'Notifications: Clear All Notifications');
          await runCommand(page, 'View: Show Testing');
          const flowRow = page.locator('.monaco-list-row', { hasText: 'Sign in and finish a task' }).first();
          await flowRow.waitFor({ timeout: 30_000 });
          const stepRows = page.locator('.monaco-list-row', { hasText: /^\s*\d+\. / });
          if (!(await stepRows.first().isVisible().catch(() => false))) await flowRow.click();
          await stepRows.nth(8).waitFor({ timeout: SHOWS_MS });
          assert.equal(await stepRows.count(), 9, 'the demo flow\'s nine steps');
          await runCommand(page, 'Test: Run All Tests');
          // The Testing view in the side bar (the Test Results panel that opens below lists them too).
          const passed = page.locator('.part.sidebar .monaco-list-row:has(.codicon-testing-passed-icon)');
          for (let waited = 0; (await passed.count()) < 10 && waited < 120; waited++) await page.waitForTimeout(500);
          await page.screenshot({ path: path.join(WORK, 'testing-view.png') });
          assert.equal(await passed.count(), 10, 'the flow and its nine steps are marked passed');
          assert.equal(await page.locator('.part.sidebar .monaco-list-row:has(.codicon-testing-failed-icon)').count(), 0);
          // Leave the workbench as the next tests expect it: the Explorer, no panel taking the editor's height.
          await runCommand(page, 'View: Hide Panel');
          await runCommand(page, 'View: Show Explorer');
        },
      },
      {
        name: 'observes a page in the inspector and saves two picks to a new flow file',
        async run() {
          scripted.answerWith(twoFields);
          await closeAllEditors(page);
          await runCommand(page, 'Rehearse: Pick and Save Actions');
          const view = webview(page);
          await view.locator('#url input').fill(`${siteOrigin}/login.html`);
          await view.locator('#go').click();
          await view.locator('#status', { hasText: 'Opened' }).waitFor({ timeout: 30_000 });
          await view.locator('#instruction textarea').fill('fill in the email and password');
          await view.locator('#observe').click();
          await view.locator('.candidate').nth(1).waitFor({ timeout: 30_000 });
          assert.deepEqual(await view.locator('.candidate .description').allTextContents(), ['Email field', 'Password field']);
          await atBrowser(cdpUrl, `${siteOrigin}/login.html`, async (shown) => {
            // Playwright's highlight overlay (a glass pane over the page) is what the person sees outlined.
            await view.locator('.candidate').first().hover();
            await shown.waitForFunction(() => document.querySelector('x-pw-glass') !== null, undefined, { timeout: SHOWS_MS });
            await view.locator('#status').hover();
            await shown.waitForFunction(() => document.querySelector('x-pw-glass') === null, undefined, { timeout: SHOWS_MS });
          });
          await view.locator('.candidate .pick').nth(0).click();
          await view.locator('.candidate .pick').nth(1).click();
          await view.locator('#save', { hasText: 'Save 2 to flow' }).click();
          await pickItem(page, 'New flow file');
          await answerInput(page, 'signin', 'File name');
          await until('the flow file is written', () => existsSync(flowFile));
          const text = readFileSync(flowFile, 'utf8');
          const flow = JSON.parse(text) as { name: string; startUrl: string; variables?: Record<string, { secret?: boolean }>; steps: { action: { method: string; arguments: string[] }; fallbacks?: string[]; target?: { role: string; name: string } }[] };
          assert.equal(flow.name, 'signin');
          assert.equal(flow.startUrl, `${siteOrigin}/login.html`);
          // The password the model proposed is a secret variable: its value is not in the file.
          assert.deepEqual(flow.steps.map((step) => [step.action.method, step.action.arguments[0], step.target?.name]), [['fill', 'ada@example.com', 'Email'], ['fill', '%password%', 'Password']]);
          assert.equal(flow.variables?.password?.secret, true);
          assert.equal(text.includes('correct horse'), false);
          assert.ok(flow.steps.every((step) => (step.fallbacks ?? []).length > 0), 'each step has fallbacks');
          await view.locator('#status', { hasText: 'Saved 2 steps to signin.flow.json' }).waitFor({ timeout: SHOWS_MS });
          // The pointer stays on the candidate while it acts: its outline does not outlive the call.
          await atBrowser(cdpUrl, `${siteOrigin}/login.html`, async (shown) => {
            await view.locator('.candidate').first().hover();
            await shown.waitForFunction(() => document.querySelector('x-pw-glass') !== null, undefined, { timeout: SHOWS_MS });
            await view.locator('.candidate .act').first().click();
            await view.locator('#status', { hasText: /^Done: / }).waitFor({ timeout: SHOWS_MS });
            await shown.waitForFunction(() => document.querySelector('x-pw-glass') === null, undefined, { timeout: SHOWS_MS });
          });
        },
      },
      {
        name: 'the inspector comes back after a window reload with its page, candidates and picks',
        async run() {
          // The workbench before the reload is still there for a moment: wait for the new one.
          const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 60_000 });
          await runCommand(page, 'Developer: Reload Window');
          await reloaded;
          await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
          const view = webview(page);
          // The new extension host starts, then the panel is restored: on a loaded machine, tens of seconds.
          await view.locator('.candidate').nth(1).waitFor({ timeout: 90_000 });
          assert.equal(await view.locator('#url input').inputValue(), `${siteOrigin}/login.html`);
          assert.deepEqual(await view.locator('.candidate .description').allTextContents(), ['Email field', 'Password field']);
          // The extension host restarted with a new browser session: saving those picks asks to observe again.
          await view.locator('#save', { hasText: 'Save 2 to flow' }).click();
          await view.locator('#status', { hasText: 'observe again' }).waitFor({ timeout: SHOWS_MS });
        },
      },
      {
        name: 'Open Browser, then Observe… from the palette: the inspector shows that page, and a new flow starts there',
        async run() {
          scripted.answerWith(twoFields);
          await closeAllEditors(page);
          await runCommand(page, 'Rehearse: Open Browser');
          await answerInput(page, `${siteOrigin}/login.html`, 'The page to open');
          await runCommand(page, 'Rehearse: Observe…');
          await answerInput(page, 'the email field', 'What do you want to do');
          const view = webview(page);
          await view.locator('.candidate').nth(1).waitFor({ timeout: 30_000 });
          const shownUrl = () => view.locator('#url input').inputValue();
          for (let i = 0; i < 50 && (await shownUrl()) !== `${siteOrigin}/login.html`; i++) await page.waitForTimeout(100);
          assert.equal(await shownUrl(), `${siteOrigin}/login.html`, 'the inspector shows the page it observed');
          await view.locator('.candidate .pick').nth(0).click();
          await view.locator('#save', { hasText: 'Save 1 to flow' }).click();
          await pickItem(page, 'New flow file');
          // The focus going back to the inspector (a click there, or the webview taking it) does not cancel the save.
          await page.locator('.quick-input-widget', { hasText: 'File name' }).waitFor({ state: 'visible', timeout: SHOWS_MS });
          await view.locator('#instruction textarea').click();
          await answerInput(page, 'observed', 'File name');
          const file = path.join(folder, 'observed.flow.json');
          await until('the flow file is written', () => existsSync(file));
          const flow = JSON.parse(readFileSync(file, 'utf8')) as { startUrl?: string; steps: unknown[] };
          assert.equal(flow.startUrl, `${siteOrigin}/login.html`);
          assert.equal(flow.steps.length, 1);
        },
      },
      {
        name: 'replays the flow from its CodeLens: each step is marked passed',
        async run() {
          await closeAllEditors(page);
          await openFile(page, 'signin.flow.json');
          const replay = page.locator('.codelens-decoration a', { hasText: /^\s*Replay$/ }).first();
          await replay.waitFor({ timeout: SHOWS_MS });
          await replay.click();
          await answerInput(page, 'correct horse', '%password%');
          await notification(page, 'signin passed: 2 steps').waitFor({ timeout: 60_000 });
          await page.locator('.codelens-decoration', { hasText: /passed: \d+ ms/ }).nth(1).waitFor({ timeout: SHOWS_MS });
        },
      },
      {
        name: 'runs the agent from its panel: each step appears in the Agent Run view',
        async run() {
          scripted.answerWith(agentPlan([
            { tool: 'act', find: 'textbox "Email"', method: 'fill', args: ['grace@example.com'] },
            { tool: 'act', find: 'button "Forgot password?"', method: 'click' },
            { tool: 'done', input: { summary: 'Asked for a new password.', completed: true } },
          ]));
          await closeAllEditors(page);
          await runCommand(page, 'Rehearse: Run Agent…');
          const view = webview(page);
          await view.locator('#instruction textarea').fill('ask for a new password for grace@example.com');
          await view.locator('#maxSteps input').fill('5');
          await view.locator('#run').click();
          const rows = page.locator('.monaco-list-row');
          await rows.filter({ hasText: '1. fill' }).first().waitFor({ timeout: 30_000 });
          await rows.filter({ hasText: '2. click' }).first().waitFor({ timeout: 30_000 });
          await rows.filter({ hasText: '3. done' }).first().waitFor({ timeout: 30_000 });
          await view.locator('#status', { hasText: 'Done after' }).waitFor({ timeout: 30_000 });
          await page.locator('.pane-header', { hasText: /completed · 2 steps/ }).first().waitFor({ timeout: SHOWS_MS });
        },
      },
      {
        name: 'Stop in the agent panel cancels the run: no model call after it',
        async run() {
          scripted.reset();
          scripted.answerWith(agentPlan([
            { tool: 'act', find: 'button "Forgot password?"', method: 'click' },
            { tool: 'act', find: 'button "Forgot password?"', method: 'click', delayMs: 3_500 },
            { tool: 'act', find: 'button "Forgot password?"', method: 'click' },
          ]));
          const view = webview(page);
          await view.locator('#instruction textarea').fill('click forgot password three times');
          await view.locator('#run').click();
          await until('the second model call', () => scripted.modelRequests().length >= 2, 30_000);
          await view.locator('#stop').click();
          await page.locator('.pane-header', { hasText: /stopped after 1 step/ }).first().waitFor({ timeout: SHOWS_MS });
          const calls = scripted.modelRequests().length;
          // Past the moment the held answer would have come, and the next call after it.
          await new Promise((resolve) => setTimeout(resolve, 4_000));
          assert.equal(scripted.modelRequests().length, calls, 'no model call after Stop');
        },
      },
      {
        name: 'Record Manually: what the person does is written to the flow file as it happens; Stop in the status bar',
        async run() {
          await closeAllEditors(page);
          await runCommand(page, 'Rehearse: Record Manually');
          await pickItem(page, 'New flow file');
          await answerInput(page, 'recorded', 'File name');
          await answerInput(page, `${siteOrigin}/login.html`, 'The page to start on');
          const status = page.locator('.statusbar-item', { hasText: 'Recording recorded.flow.json' });
          await status.waitFor({ timeout: 30_000 });
          await atBrowser(cdpUrl, `${siteOrigin}/login.html`, async (target) => {
            await target.waitForFunction(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.')), undefined, { timeout: SHOWS_MS });
            await target.getByLabel('Email').fill('lin@example.com');
            await target.getByRole('button', { name: 'Forgot password?' }).click();
            await page.locator('.statusbar-item', { hasText: 'Recording recorded.flow.json: 2 steps' }).waitFor({ timeout: SHOWS_MS });
          });
          await status.click();
          await notification(page, 'Recorded 2 steps into recorded.flow.json').waitFor({ timeout: SHOWS_MS });
          const flow = JSON.parse(readFileSync(path.join(folder, 'recorded.flow.json'), 'utf8')) as { steps: { action: { method: string; arguments: string[] } }[] };
          assert.deepEqual(flow.steps.map((step) => [step.action.method, ...step.action.arguments]), [['fill', 'lin@example.com'], ['click']]);
        },
      },
      ...firstHourTests(page, { run, folder, browser, siteOrigin, models: scripted }),
      {
        name: 'a browser that cannot be reached is an error notification offering Choose Browser; after it, the demo flow still replays',
        async run() {
          await runCommand(page, 'Notifications: Clear All Notifications');
          await runCommand(page, 'Rehearse: Choose Browser');
          await pickItem(page, 'Attach to a running browser');
          await answerInput(page, 'http://127.0.0.1:9', 'DevTools URL');
          await runCommand(page, 'Rehearse: Open Browser');
          await answerInput(page, `${siteOrigin}/login.html`, 'The page to open');
          const toast = notification(page, /Could not attach to the browser at http:\/\/127\.0\.0\.1:9/);
          await toast.waitFor({ timeout: 30_000 });
          await toast.locator('.monaco-button', { hasText: 'Choose Browser' }).waitFor({ timeout: SHOWS_MS });
          await toast.locator('.monaco-button', { hasText: 'Choose Browser' }).click();
          await pickItem(page, 'Attach to a running browser');
          await answerInput(page, cdpUrl, 'DevTools URL');
          await runCommand(page, 'Rehearse: Open Browser');
          await answerInput(page, `${siteOrigin}/account.html`, 'The page to open');
          // Attached to the chosen browser again: the page opens there.
          await atBrowser(cdpUrl, `${siteOrigin}/account.html`, async () => undefined);
          // Choose Browser restarted the local service; the demo flow in the workspace still replays (its site is back
          // where the flow expects it).
          await runCommand(page, 'Notifications: Clear All Notifications');
          await closeAllEditors(page);
          await openFile(page, 'rehearse-demo.flow.json');
          const replay = page.locator('.codelens-decoration a', { hasText: /^\s*Replay$/ }).first();
          await replay.waitFor({ timeout: SHOWS_MS });
          await replay.click();
          await notification(page, /Sign in and finish a task passed: \d+ steps/).waitFor({ timeout: 60_000 });
        },
      },
      {
        name: 'in a folder that is not trusted, flows are listed but not replayed, and the person is told why',
        async run() {
          await untrustedFolderDoesNotReplay(browser!, VSIX, siteOrigin);
        },
      },
      {
        name: 'no key or secret value reached a log file or a workspace file',
        async run() {
          const secrets = ['sk-ui-test-0123456789', 'demo-secret-value', 'correct horse'];
          const leaks: string[] = [];
          const scan = (dir: string) => {
            for (const entry of readdirSync(dir, { withFileTypes: true })) {
              const file = path.join(dir, entry.name);
              if (entry.isDirectory()) scan(file);
              else if (/\.(log|json)$/.test(entry.name) && statSync(file).size < 5_000_000) {
                const text = readFileSync(file, 'utf8');
                for (const secret of secrets) if (text.includes(secret)) leaks.push(`${path.relative(run, file)} has ${secret}`);
              }
            }
          };
          scan(path.join(run, 'user-data', 'logs'));
          scan(folder);
          assert.deepEqual(leaks, []);
          assert.ok(readdirSync(path.join(run, 'user-data', 'logs'), { recursive: true }).some((name) => String(name).endsWith('Rehearse.log')), 'the Rehearse log was written');
        },
      },
    ];
    // REHEARSE_UI_GREP: only the tests whose name matches (a developer's loop; CI runs all).
    const only = process.env.REHEARSE_UI_GREP ? new RegExp(process.env.REHEARSE_UI_GREP, 'i') : undefined;
    for (const test of tests.filter((candidate) => !only || only.test(candidate.name))) {
      const started = Date.now();
      try {
        await withinTime(test.run(page), TEST_LIMIT_MS, test.name);
        passed++;
        console.log(`  ✔ ${test.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        failures.push(failureLine('ui', test.name, error));
        const shot = path.join(run, `failure-${passed + failed}.png`);
        await page.screenshot({ path: shot }).catch(() => undefined);
        console.log(`  ✘ ${test.name}\n    ${(error as Error).message.split('\n').join('\n    ')}\n    screenshot: ${shot}`);
        console.log(`    the Rehearse log ends with:\n${rehearseLogTail(path.join(run, 'user-data', 'logs'))}`);
      }
    }
  } catch (error) {
    console.error('extension UI tests could not run:', error);
    failed++;
    failures.push(failureLine('ui', 'the suite could not run', error));
  } finally {
    clearTimeout(timer);
    await browser?.close().catch(() => undefined);
    server?.stop();
    await chrome?.stop();
    await Promise.all([site?.close(), models?.close()]);
  }
  // Said again at the end, beside the count: a log cut to its last lines still names what failed.
  for (const failure of failures) console.log(failure);
  console.log(`ui: ${passed} passed, ${failed} failed`);
  return { passed, failed };
}
