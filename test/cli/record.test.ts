import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { loadFlow, rebaseFlow } from '../../src/flows/format';
import { startDebuggableChromium } from '../support/debuggable-chromium';
import { FIXTURES_DIR } from '../support/static-server';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');

/** Issue 12, item 7: `rehearse record <url> --out file`, with a person acting in the browser it records. */
describe('rehearse record', function () {
  this.timeout(90_000);
  let site: StaticSite;
  before(async () => {
    site = await serveFolder(FIXTURES_DIR);
  });
  after(async () => site?.close());

  it('without a display and a browser to attach to, says what to do instead of failing to launch', async () => {
    const env = { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' };
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, 'record', `${site.origin}/login.html`, '--out', path.join(tmpdir(), 'never.flow.json')], { env, timeout: 30_000 }, (error, _stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stderr });
      });
    });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /no display here .* --cdp <url>/);
  });

  it('writes what the person does to the flow file as it happens, and stops on Ctrl+C keeping it', async () => {
    const chrome = await startDebuggableChromium();
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'rehearse-record-cli-')), 'sign-in.flow.json');
    const child = spawn(process.execPath, [CLI, 'record', `${site.origin}/login.html`, '--out', out, '--cdp', chrome.cdpUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
    const person = await chromium.connectOverCDP(chrome.cdpUrl);
    try {
      for (let i = 0; i < 200 && !stdout.includes('Recording'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.match(stdout, /Recording .* Ctrl\+C or close the window to stop/);
      const page = person.contexts()[0]!.pages().find((candidate) => candidate.url().endsWith('/login.html'))!;
      await page.waitForFunction(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.')), undefined, { timeout: 10_000 });
      await page.getByLabel('Email').click();
      await page.keyboard.type('ada@example.com');
      // A gesture no step can hold (a middle click the page answers) is said at once, not dropped.
      await page.evaluate(() => {
        const chip = document.body.appendChild(document.createElement('span'));
        chip.textContent = 'Draft';
        chip.addEventListener('auxclick', () => chip.remove());
      });
      await page.getByText('Draft', { exact: true }).click({ button: 'middle' });
      for (let i = 0; i < 50 && !stderr.includes('not recorded'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.match(stderr, /not recorded: click on element "Draft" was not recorded: it changed the page, but no step came of it/);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      for (let i = 0; i < 100 && (stdout.match(/recorded /g) ?? []).length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      child.kill('SIGINT');
      assert.equal(await exited, 0);
      assert.match(stdout, /2 steps saved to/);
      const flow = await loadFlow(out);
      assert.equal(flow.name, 'sign-in');
      assert.equal(flow.startUrl, `${site.origin}/login.html`);
      assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.action.description] : [])), [
        ['fill', 'textbox "Email"'],
        ['click', 'button "Forgot password?"'],
      ]);
      assert.equal(rebaseFlow(flow, 'https://preview.example/pr-12/').startUrl, 'https://preview.example/pr-12/login.html', '--base-url may carry a path');
    } finally {
      child.kill('SIGKILL');
      await person.close().catch(() => undefined);
      await chrome.stop();
    }
  });
});
