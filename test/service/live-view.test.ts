import assert from 'node:assert/strict';
import { chromium, type Page } from 'playwright-core';
import { startRemoteSession, type HttpSession, type LiveInputEvent, type RecordedStep, type ScreencastFrame } from '../../src/service/client';
import { DEFAULT_VIEWPORT } from '../../src/core/browser/browser-host';
import { MAX_PENDING_INPUT, MAX_VIEWERS } from '../../src/service/live-view-routes';
import { startDebuggableChromium } from '../support/debuggable-chromium';
import { actionsOf } from '../support/recorded';
import { click, typing } from '../support/live-input';
import { KEY_A, KEY_B, useService } from './harness';

/** Waits (bounded) until `check` holds, polling. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < ms;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`${what}: not within ${ms} ms`);
}

/** The centre of an element, in the viewport's CSS pixels: where a person would aim in the live view. */
async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, `${selector} is on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('HTTP service: the live view of a session\'s page', () => {
  const rig = useService();

  it('streams the page as frames (JPEG, the viewport size, address and title), a new frame when the page changes, the title following an app\'s own navigation', async function () {
    this.timeout(60_000);
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    try {
      await session.navigate(`${rig.site.origin}/login.html`);
      const frames: ScreencastFrame[] = [];
      const stop = new AbortController();
      const streaming = session.screencast((frame) => frames.push(frame), { signal: stop.signal, maxWidth: 640, maxHeight: 360 });
      await until('a first frame', () => frames.length > 0);
      const first = frames[0]!;
      assert.equal(Buffer.from(first.data, 'base64').subarray(0, 2).toString('hex'), 'ffd8', 'a JPEG');
      assert.deepEqual([first.width, first.height], [DEFAULT_VIEWPORT.width, DEFAULT_VIEWPORT.height], 'the viewport in CSS pixels');
      assert.equal(first.url, `${rig.site.origin}/login.html`);
      assert.equal(first.title, 'Sign in');
      const before = frames.length;
      await session.input([{ type: 'viewport', width: 800, height: 600 }]);
      await until('a frame of the resized page', () => frames.slice(before).some((frame) => frame.width === 800 && frame.height === 600));
      // A single-page app's navigation: the address changes by history.pushState and the title a moment later; no load.
      await session.navigate(`${rig.site.origin}/spa.html`);
      await until('a frame of the app', () => frames.at(-1)?.title === 'Inbox');
      await session.act({ selector: 'css=#next', description: 'Open Sent', method: 'click', arguments: [] });
      await until('a frame with the new address and title', () => frames.at(-1)?.url === `${rig.site.origin}/spa.html?view=sent` && frames.at(-1)?.title === 'Sent', 5000)
        .catch((error: Error) => assert.fail(`${error.message}; the last frame said ${JSON.stringify({ url: frames.at(-1)?.url, title: frames.at(-1)?.title })}`));
      stop.abort();
      await streaming;
      const single = (await (await rig.call(`/v1/sessions/${session.id}/screencast`, { body: {} })).json()) as { data: { result: { frame: ScreencastFrame } } };
      assert.equal(single.data.result.frame.url, `${rig.site.origin}/spa.html?view=sent`, 'as JSON: the page now, one frame');
    } finally {
      await session.end();
    }
  });

  it('pointer and keys are a person\'s input: the recorder records them, while frames keep coming', async function () {
    this.timeout(90_000);
    const chrome = await startDebuggableChromium();
    const watcher = await chromium.connectOverCDP(chrome.cdpUrl);
    rig.browserUrls.push(new URL(chrome.cdpUrl).origin);
    let session: HttpSession | undefined;
    try {
      session = await startRemoteSession({ url: rig.url, apiKey: KEY_A }, { browser: { cdpUrl: chrome.cdpUrl } });
      await session.navigate(`${rig.site.origin}/login.html`);
      const page = watcher.contexts().flatMap((context) => context.pages()).find((open) => open.url().endsWith('/login.html'))!;
      const frames: ScreencastFrame[] = [];
      const stopView = new AbortController();
      const viewing = session.screencast((frame) => frames.push(frame), { signal: stopView.signal });
      await until('a first frame', () => frames.length > 0);
      const recorded: RecordedStep[] = [];
      const stopRecording = new AbortController();
      const problems: string[] = [];
      const recording = session.record((step) => recorded.push(step), stopRecording.signal, { onProblem: (problem) => problems.push(problem) });
      await page.waitForFunction(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.')), undefined, { timeout: 10_000 });
      await session.input([...click(await centreOf(page, '#email')), ...typing('ada@example.com')]);
      const typedAt = Date.now();
      await until('a frame drawn after the typing', () => frames.some((frame) => frame.drawnAt >= typedAt - 50));
      await session.input(click(await centreOf(page, 'text=Forgot password?')));
      await session.input([...click(await centreOf(page, 'input[type=search]')), { type: 'keyDown', key: 'Shift' }, ...typing('X'), { type: 'keyUp', key: 'Shift' }, { type: 'insertText', text: 'é' }, ...typing('ö'), { type: 'keyDown', key: 'Enter' }, { type: 'keyUp', key: 'Enter' }]);
      await until('four steps recorded', () => actionsOf(recorded).length >= 4).catch(async (error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify(actionsOf(recorded).map((step) => step.action))} ${JSON.stringify(recorded.filter((step) => !('action' in step.step)))} page: ${JSON.stringify(await page.evaluate(() => [(window as unknown as { events: string[] }).events, document.activeElement?.outerHTML, (document.querySelector('input[type=search]') as HTMLInputElement).value]))}`);
      });
      // A gesture no step can hold (a middle click the page answers) comes as a problem frame at once.
      await page.evaluate(() => {
        const chip = document.body.appendChild(document.createElement('span'));
        chip.textContent = 'Draft';
        chip.addEventListener('auxclick', () => chip.remove());
      });
      await page.getByText('Draft', { exact: true }).click({ button: 'middle' });
      await until('the problem told', () => problems.length > 0);
      assert.match(problems[0]!, /^click on element "Draft" was not recorded: it changed the page, but no step came of it/);
      // As VS Code's Assert While Recording does: the mode is set beside the recording, and the next click asserts.
      assert.equal(await session.recordMode('text'), 'text');
      await session.input(click(await centreOf(page, 'text=Forgot password?')));
      await until('the expect step', () => recorded.some(({ step }) => 'expect' in step));
      stopRecording.abort();
      await recording;
      assert.deepEqual(recorded.at(-1)?.step, { expect: { selector: 'role=button[name="Forgot password?"i]', text: 'Forgot password?' } });
      // Once the service has ended the recording (a moment after the client left it), the mode has nothing to set.
      await until('a mode refused with no recording', () => session!.recordMode('visible').then(() => false, (error: Error) => /is not recording: start a recording/.test(error.message)));
      assert.equal(await page.locator('#email').inputValue(), 'ada@example.com');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { events: string[] }).events), ['forgot clicked', 'search Xéö'], 'a shifted key, pasted text and a key the layout lacks');
      const actions = actionsOf(recorded).map((step) => step.action);
      assert.deepEqual(actions.map((action) => [action.method, action.arguments]), [['fill', ['ada@example.com']], ['click', []], ['fill', ['Xéö']], ['press', ['Enter']]], JSON.stringify(actions));
      stopView.abort();
      await viewing;
    } finally {
      await session?.end().catch(() => undefined);
      await watcher.close().catch(() => undefined);
      await chrome.stop();
    }
  });

  it('the address bar keeps to the session\'s network rules; bad events are a 400 naming the field', async function () {
    this.timeout(60_000);
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    try {
      assert.equal((await session.input([{ type: 'navigate', url: `${rig.site.origin}/account.html` }])).url, `${rig.site.origin}/account.html`);
      await assert.rejects(session.input([{ type: 'navigate', url: 'file:///etc/passwd' }]), /url: .*file/);
      await session.input([{ type: 'history', action: 'back' }]);
      const refused = async (events: unknown, field: RegExp) => {
        const response = await rig.call(`/v1/sessions/${session.id}/input`, { body: { events } });
        assert.equal(response.status, 400);
        const body = (await response.json()) as { error: { message: string } };
        assert.match(body.error.message, field);
      };
      await refused([{ type: 'mouseDown', x: 10, y: 10, button: 'left', clickCount: 9 }], /events\.0\.clickCount: expected a whole number of at most 3/);
      await refused([{ type: 'mouseMove', x: Number.MAX_VALUE, y: 1 }], /events\.0\.x/);
      await refused([{ type: 'teleport' }], /events\.0.*mouseMove, mouseDown/);
      await refused([{ type: 'viewport', width: 100_000, height: 600 }], /events\.0\.width: expected a whole number of at most 3840/);
      await refused([], /events: expected at least one event/);
      const unauthorised = await rig.call(`/v1/sessions/${session.id}/screencast`, { body: {}, key: KEY_B });
      assert.equal(unauthorised.status, 404, 'another project\'s session is not there');
    } finally {
      await session.end();
    }
  });

  it('viewers and waiting input are bounded per session under bursts, and a closed viewer frees its place', async function () {
    this.timeout(90_000);
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    try {
      // A page that takes its time over each pointer move, as a heavy page does: input piles up.
      await session.navigate(`data:text/html,<script>addEventListener('mousemove', () => { const end = performance.now() + 4; while (performance.now() < end); })</script>`).catch(() => undefined);
      await session.navigate(`${rig.site.origin}/long.html`);
      await session.input([{ type: 'mouseMove', x: 5, y: 5 }]);
      const stops = Array.from({ length: MAX_VIEWERS + 1 }, () => new AbortController());
      const outcomes = stops.map((stop) => session.screencast(() => undefined, { signal: stop.signal }).then(() => 'ended', (error: Error) => error.message));
      await until('one viewer refused', async () => (await Promise.race([...outcomes, new Promise((resolve) => setTimeout(() => resolve(undefined), 20))])) !== undefined);
      const refusals = (await Promise.all(outcomes.map((outcome) => Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('open'), 200))])))).filter((said) => typeof said === 'string' && /already streams to 3 viewers, the limit; close one first/.test(said));
      assert.equal(refusals.length, 1, `one of ${MAX_VIEWERS + 1} viewers is refused`);
      for (const stop of stops) stop.abort();
      await Promise.all(outcomes);
      // The service notices a viewer gone when its connection closes: a moment after the client let go.
      let seen = false;
      for (let attempt = 0; attempt < 50 && !seen; attempt++) {
        const again = new AbortController();
        const viewing = session.screencast(() => { seen = true; again.abort(); }, { signal: again.signal }).catch((error: Error) => assert.match(error.message, /viewers, the limit/));
        await Promise.race([viewing, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        again.abort();
        await viewing;
        if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(seen, 'a viewer after the others closed gets frames');

      const moves: LiveInputEvent[] = Array.from({ length: 100 }, (_, i) => ({ type: 'mouseMove', x: 10 + (i % 50), y: 10 + (i % 40) }));
      const calls = await Promise.all(Array.from({ length: 12 }, () => rig.call(`/v1/sessions/${session.id}/input`, { body: { events: moves } })));
      const statuses = calls.map((response) => response.status);
      assert.ok(statuses.every((status) => status === 200 || status === 429), `only 200 and 429: ${statuses.join(', ')}`);
      assert.ok(statuses.filter((status) => status === 200).length >= MAX_PENDING_INPUT / 100, `the first ${MAX_PENDING_INPUT} events are taken: ${statuses.join(', ')}`);
      assert.ok(statuses.includes(429), `a burst beyond ${MAX_PENDING_INPUT} waiting events is refused: ${statuses.join(', ')}`);
      assert.equal((await session.input([{ type: 'mouseMove', x: 1, y: 1 }])).url, `${rig.site.origin}/long.html`, 'input is taken again once the burst is done');
    } finally {
      await session.end();
    }
  });
});
