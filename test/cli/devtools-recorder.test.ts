import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRunner, parse, PuppeteerRunnerExtension } from '@puppeteer/replay';
import puppeteer from 'puppeteer-core';
import type { StaticSite } from '../../src/cli/static-site';
import { findBrowser, launchArgs } from '../../src/core/browser/find-browser';
import { createSession } from '../../src/core/engine-session';
import { exportRecording } from '../../src/flows/export-devtools';
import { loadFlow } from '../../src/flows/format';
import { replayFlow } from '../../src/flows/replay';
import type { Flow } from '../../src/schema';
import { run } from '../../src/cli/main';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

/** The rehearse command in this process, as the built CLI runs it. */
async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { out: (text) => (stdout += text), err: (text) => (stderr += text), color: false });
  return { code, stdout, stderr };
}

/** A recording as Chrome's Recorder panel saves one (its JSON export), made on the fixtures' sign-in page. */
function chromeRecording(origin: string) {
  const email = [['aria/Email'], ['#email'], ['xpath///*[@id="email"]'], ['pierce/#email']];
  return {
    title: 'Sign in, recorded in Chrome',
    steps: [
      { type: 'setViewport', width: 1024, height: 700, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
      { type: 'navigate', url: `${origin}/login.html`, assertedEvents: [{ type: 'navigation', url: `${origin}/login.html`, title: 'Sign in' }] },
      { type: 'click', target: 'main', selectors: email, offsetX: 40, offsetY: 9 },
      { type: 'change', value: 'ada@example.com', selectors: email, target: 'main' },
      { type: 'keyDown', target: 'main', key: 'Shift' },
      { type: 'keyDown', target: 'main', key: 'Tab' },
      { type: 'keyUp', key: 'Tab', target: 'main' },
      { type: 'keyUp', key: 'Shift', target: 'main' },
      { type: 'click', target: 'main', selectors: [['aria/Remember me[role="checkbox"]'], ['#remember']], offsetX: 6, offsetY: 7 },
      { type: 'change', value: 'fr', target: 'main', selectors: [['aria/Country'], ['#country']] },
      { type: 'waitForElement', target: 'main', selectors: [['#country']], properties: { value: 'fr' } },
      { type: 'click', target: 'main', selectors: [['aria/Forgot password?[role="button"]'], ['text/Forgot password?'], ['form > button:nth-of-type(2)']], offsetX: 12, offsetY: 8 },
      { type: 'waitForElement', target: 'main', selectors: [['#email']], properties: { value: 'ada@example.com' } },
      { type: 'waitForElement', target: 'main', selectors: [['text/forgot clicked']] },
      { type: 'waitForExpression', target: 'main', expression: 'window.events.length === 3' },
      { type: 'waitForElement', target: 'main', selectors: [['li']], operator: '>=', count: 2 },
      { type: 'hover', target: 'main', selectors: [['aria/Create an account[role="link"]'], ['text/Create an account']] },
      { type: 'click', target: 'main', selectors: [['aria/Create an account[role="link"]'], ['text/Create an account']], offsetX: 20, offsetY: 6, assertedEvents: [{ type: 'navigation', url: `${origin}/account.html`, title: 'Your account' }] },
      { type: 'close', target: 'main' },
    ],
  };
}

/** Replays a recording with @puppeteer/replay's own runner on Chromium (what Chrome's Recorder does); the page's address after. */
async function replayInPuppeteer(recording: object): Promise<string> {
  const browser = await puppeteer.launch({ executablePath: findBrowser({ headless: true }).executablePath, headless: true, args: launchArgs({ headless: true }) });
  try {
    const page = await browser.newPage();
    await (await createRunner(parse(recording), new PuppeteerRunnerExtension(browser, page, { timeout: 5_000 }))).run();
    return page.isClosed() ? 'closed' : page.url();
  } finally {
    await browser.close();
  }
}

/** Issue 33: recordings from Chrome DevTools' Recorder come in as flows, and flows go out as recordings, both tested with @puppeteer/replay. */
describe('Chrome DevTools Recorder recordings, both ways', function () {
  this.timeout(120_000);
  let site: StaticSite;
  let folder: string;

  before(async () => {
    site = await serveFolder(FIXTURES_DIR);
    folder = await mkdtemp(path.join(tmpdir(), 'rehearse-devtools-'));
  });
  after(async () => {
    await site?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('rehearse import makes a flow of a Recorder recording, says what it leaves out, and the flow replays', async () => {
    const recording = chromeRecording(site.origin);
    // The recording is one the Recorder's own runner replays, as it would have in Chrome.
    await replayInPuppeteer(recording);
    await writeFile(path.join(folder, 'recording.json'), JSON.stringify(recording, null, 2));
    const imported = await runCli(['import', path.join(folder, 'recording.json'), '--out', path.join(folder, 'signin.flow.json')]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(imported.stderr, [
      'not imported: step 15 (waitForExpression): a flow never runs JavaScript from its file; not imported',
      'not imported: step 16 (waitForElement): waiting for a count of elements or their attributes has no equivalent (count >= 2); not imported',
      'not imported: step 19 (close): no equivalent in a flow; not imported',
      '',
    ].join('\n'));
    const flow = await loadFlow(path.join(folder, 'signin.flow.json'));
    assert.equal(flow.startUrl, `${site.origin}/login.html`);
    assert.deepEqual(flow.viewport, { width: 1024, height: 700 });
    assert.deepEqual(flow.steps.slice(0, 5), [
      { expect: { url: `${site.origin}/login.html` } },
      { expect: { title: 'Sign in' } },
      { action: { selector: 'internal:label="Email"s', description: 'aria/Email', method: 'click', arguments: [] }, fallbacks: ['css=#email', 'xpath=//*[@id="email"]', 'css=#email'] },
      { action: { selector: 'internal:label="Email"s', description: 'aria/Email', method: 'fill', arguments: ['ada@example.com'] }, fallbacks: ['css=#email', 'xpath=//*[@id="email"]', 'css=#email'] },
      { action: { selector: 'css=*:focus', description: '*:focus', method: 'press', arguments: ['Shift+Tab'] } },
    ]);
    assert.deepEqual(flow.steps.slice(6, 8), [
      { action: { selector: 'internal:label="Country"s', description: 'aria/Country', method: 'fill', arguments: ['fr'] }, fallbacks: ['css=#country'] },
      { expect: { selector: 'css=#country', value: 'fr' } },
    ], 'a select\'s change is a fill, which replay makes a choice of its option');
    assert.deepEqual(flow.steps[5], { action: { selector: 'role=checkbox[name="Remember me"s]', description: 'Remember me', method: 'click', arguments: [] }, fallbacks: ['css=#remember'], target: { role: 'checkbox', name: 'Remember me' } });

    const session = await createSession({ browser: { headless: true } });
    try {
      const result = await replayFlow(session, flow, { stepTimeoutMs: 5_000 });
      assert.equal(result.status, 'passed', JSON.stringify(result.steps.filter((step) => step.status !== 'passed')));
      assert.equal(session.page().url(), `${site.origin}/account.html`, 'the last click went where the person went');
    } finally {
      await session.end();
    }
  });

  it('rehearse export --devtools writes a recording that @puppeteer/replay parses and replays on Chromium, saying what it leaves out', async () => {
    const flow: Flow = {
      version: 1, name: 'Sign in, from Rehearse', startUrl: `${site.origin}/login.html`, viewport: { width: 1000, height: 700 },
      variables: { email: { default: 'grace@example.com' }, password: { secret: true } },
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['%email%'] }, fallbacks: ['role=textbox[name="Email"i]'] },
        { action: { selector: 'role=checkbox[name="Remember me"]', description: 'Remember me', method: 'check', arguments: [] }, fallbacks: ['css=#remember'] },
        { expect: { selector: 'css=#remember', state: 'checked' } },
        { action: { selector: 'css=input[type=search]', description: 'Search', method: 'fill', arguments: ['flows'] } },
        { action: { selector: 'css=input[type=search]', description: 'Search', method: 'press', arguments: ['Enter'] } },
        { expect: { text: 'search flows' } },
        { action: { selector: 'css=#password', description: 'Password', method: 'setInputFiles', arguments: ['x.txt'] } },
        { action: { selector: 'text="Create an account"', description: 'Create an account', method: 'click', arguments: [] } },
        { expect: { url: '/account.html' } },
      ],
    };
    await writeFile(path.join(folder, 'from-rehearse.flow.json'), JSON.stringify(flow, null, 2));
    const exported = await runCli(['export', path.join(folder, 'from-rehearse.flow.json'), '--devtools', '--out', path.join(folder, 'exported.json')]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /step 7: setInputFiles has no equivalent in a recording; not exported/);
    const recording = JSON.parse(await readFile(path.join(folder, 'exported.json'), 'utf8')) as object;
    assert.deepEqual(parse(recording).steps.map((step) => step.type), [
      'setViewport', 'navigate', 'change', 'click', 'waitForElement', 'change', 'click', 'keyDown', 'keyUp', 'waitForElement', 'click', 'waitForExpression',
    ]);
    assert.equal(await replayInPuppeteer(recording), `${site.origin}/account.html`, 'the replay went where the flow goes');
  });

  it('typing on a grid cell exports as the keys, sent to the focused cell as the Recorder sends them; into a field, as its value', () => {
    const { recording } = exportRecording({
      version: 1, name: 'Budget', startUrl: `${site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=.cell', description: 'Food', method: 'type', arguments: ['Ok'] }, target: { role: 'gridcell', name: 'Food' } },
        { action: { selector: 'css=#email', description: 'Email', method: 'type', arguments: ['a@b.c'] }, target: { role: 'textbox', name: 'Email' } },
      ],
    });
    const steps = parse(recording).steps.slice(1) as unknown as { type: string; key?: string; value?: string }[];
    assert.deepEqual(steps.map((step) => `${step.type} ${step.key ?? step.value ?? ''}`), ['keyDown O', 'keyUp O', 'keyDown k', 'keyUp k', 'change a@b.c']);
  });

  it('hostile or broken recordings: a local file or script address is reported, not imported; a bad file is an error naming it', async () => {
    const hostile = { title: 'Hostile', steps: [{ type: 'navigate', url: 'file:///etc/passwd' }, { type: 'navigate', url: 'javascript:alert(1)' }, { type: 'click', selectors: [['#a']], offsetX: 1, offsetY: 1 }] };
    await writeFile(path.join(folder, 'hostile.json'), JSON.stringify(hostile));
    const imported = await runCli(['import', path.join(folder, 'hostile.json'), '--out', path.join(folder, 'hostile.flow.json')]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stderr, /step 1 \(navigate\): file:\/\/\/etc\/passwd is not an address a flow may go to/);
    assert.match(imported.stderr, /step 2 \(navigate\): javascript:alert\(1\) is not an address a flow may go to/);
    assert.deepEqual((await loadFlow(path.join(folder, 'hostile.flow.json'))).steps.map((step) => Object.keys(step)[0]), ['action']);
    await writeFile(path.join(folder, 'broken.json'), '{ "title": ');
    assert.match((await runCli(['import', path.join(folder, 'broken.json'), '--out', path.join(folder, 'x.flow.json')])).stderr, /broken\.json is not valid JSON/);
    assert.match((await runCli(['import', path.join(folder, 'absent.json'), '--out', path.join(folder, 'x.flow.json')])).stderr, /absent\.json: no such file/);
    const again = await runCli(['import', path.join(folder, 'hostile.json'), '--out', path.join(folder, 'hostile.flow.json')]);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /--out: .*hostile\.flow\.json exists/);
  });
});
