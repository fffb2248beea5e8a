import assert from 'node:assert/strict';
import { actionsOf } from '../support/recorded';
import { chromium, type Page } from 'playwright-core';
import { startRemoteSession, type HttpSession, type RecordedStep, type StepEvent } from '../../src/service/client';
import type { Flow } from '../../src/schema';
import { replayFlow } from '../../src/flows/replay';
import { startDebuggableChromium } from '../support/debuggable-chromium';
import { KEY_A, useService } from './harness';

describe('HTTP service: the routes an editor uses', () => {
  const rig = useService();
  let session: HttpSession;
  beforeEach(async () => {
    session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    await session.navigate(`${rig.site.origin}/login.html`);
  });
  afterEach(async () => session.end());

  it('highlights an observed element and clears it; a selector that matches nothing highlights nothing', async () => {
    const observed = await session.observe('the Forgot password button');
    assert.equal(await session.highlight(observed.result[0]!.selector), 1);
    assert.equal(await session.highlight(undefined), 0);
    assert.equal(await session.highlight('css=#no-such-element'), 0);
  });

  it('turns picked candidates into flow steps with fallbacks and the element role and name', async () => {
    const first = await session.observe('the Email field');
    const { steps, variables } = await session.pickSteps(first.actionId, [0], 'the email field');
    assert.equal(steps.length, 1);
    assert.equal(variables, undefined, 'an email is not a secret');
    const step = steps[0]!;
    assert.deepEqual(step.target, { role: 'textbox', name: 'Email' });
    assert.ok(step.fallbacks && step.fallbacks.length > 0, JSON.stringify(step));
    assert.equal(step.instruction, 'the email field');
    assert.equal('backendNodeId' in step.action, false, 'a page-load-only node id is not kept');
    // A password the model proposes to type becomes a secret variable: the value is in no step.
    const password = await session.observe('fill the Password with hunter2-value');
    assert.equal(password.result[0]!.arguments?.[0], 'hunter2-value');
    const picked = await session.pickSteps(password.actionId, [0]);
    assert.deepEqual(picked.steps[0]!.action.arguments, ['%password%']);
    assert.deepEqual(picked.variables, { password: { description: 'typed into ' + picked.steps[0]!.action.description, secret: true } });
    assert.equal(JSON.stringify(picked).includes('hunter2-value'), false);
    await assert.rejects(session.pickSteps('nope', [0]), /actionId: no observe call nope in this session/);
    await assert.rejects(session.pickSteps(first.actionId, [7]), /indexes: 7 is not one of the 1 candidates/);
  });

  it('a flow replayed step by step over the API (the CLI\'s --service) checks a layout effect against this page as it was just before the step', async () => {
    // Recorded on another day: the print the recording kept matches nothing here, so only this page's own "before" tells
    // whether the click laid anything out anew. A click on a heading lays out nothing.
    const flow: Flow = {
      version: 1, name: 'inert', startUrl: `${rig.site.origin}/login.html`,
      steps: [{ action: { selector: 'css=h1', description: 'heading "Sign in to Acme"', method: 'click', arguments: [] }, effect: { rearranged: { levels: 1, from: 'other0day' } } }],
    };
    const result = await replayFlow(session, flow, { heal: false, stepTimeoutMs: 3000 });
    assert.equal(result.status, 'failed');
    assert.match(result.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /click on heading "Sign in to Acme" was done, but it did not have its recorded effect: expected the area around it laid out anew, found with the area around it laid out as before/);
  });

  it('replays a flow with a stream of step events and returns the healed flow when a fallback took over', async () => {
    const flow: Flow = {
      version: 1, name: 'forgot', startUrl: `${rig.site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#gone', description: 'Forgot password?', method: 'click', arguments: [] }, fallbacks: ['role=button[name="Forgot password?"]'] },
        { expect: { text: 'forgot clicked' } },
      ],
    };
    const events: StepEvent[] = [];
    const { result, healedFlow } = await session.replayFlow(flow, { onStep: (step) => events.push(step), heal: false });
    assert.equal(result.status, 'passed');
    assert.deepEqual(events.map((event) => `${event.index}:${event.status ?? 'running'}`), ['-1:running', '-1:passed', '0:running', '0:passed', '1:running', '1:passed']);
    assert.deepEqual(result.steps[1]!.healed, { from: 'css=#gone', to: 'role=button[name="Forgot password?"]', by: 'fallback' });
    const healedStep = healedFlow!.steps[0] as { action: { selector: string }; fallbacks: string[] };
    assert.equal(healedStep.action.selector, 'role=button[name="Forgot password?"]');
    assert.deepEqual(healedStep.fallbacks, ['css=#gone']);
  });

  it('reports an invalid flow by its field, before anything runs', async () => {
    await assert.rejects(session.replayFlow({ version: 1, name: 'x', steps: [{ navigate: 5 }] } as unknown as Flow), /flow\.steps\.0/);
  });

  it('returns an agent run as a flow of its page actions and navigations', async () => {
    const flow = await session.agentFlow([
      { action: 'fill', status: 'done', performed: { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['a@b.c'] }, fallbacks: ['role=textbox[name="Email"]'], target: { role: 'textbox', name: 'Email' } } },
      { action: 'click', status: 'failed' },
      { action: 'goto', status: 'done', navigatedTo: `${rig.site.origin}/account.html` },
    ] as never, { name: 'agent run', startUrl: `${rig.site.origin}/login.html` });
    assert.equal(flow.name, 'agent run');
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? step.action.selector : 'navigate' in step ? step.navigate : '?')), ['css=#email', `${rig.site.origin}/account.html`]);
    // A malformed action, or one Rehearse cannot replay, is refused with its field: never a 500, never saved.
    await assert.rejects(session.agentFlow([{ action: 'x', status: 'done', performed: { action: 5 } }] as never, { name: 'bad' }), /actions\.0\.performed\.action: expected an object, received 5/);
    await assert.rejects(session.agentFlow([{ action: 'teleport', status: 'done', performed: { action: { selector: 'css=#a', description: 'a', method: 'teleport', arguments: [] } } }] as never, { name: 'bad' }),
      /actions\.0\.performed\.action\.method: expected one of click, doubleClick/);
    await assert.rejects(session.agentFlow('last run', { name: 'none' }), /lastRun: this session has run no agent/);
  });

  it('takes a screenshot of the page; an unknown agent screenshot id is named', async () => {
    const shot = await session.screenshot();
    assert.equal(shot.mimeType, 'image/jpeg');
    assert.equal(Buffer.from(shot.base64, 'base64').subarray(0, 2).toString('hex'), 'ffd8');
    await assert.rejects(session.screenshot('s-1'), /screenshotId: no screenshot s-1/);
  });
});

describe('HTTP service: recording what a person does, and a replay they watch', () => {
  const rig = useService({ session: { browser: { isolate: false } } });

  /** A session on a browser the test drives too, as the person: the page they see, at the site's sign-in page. */
  const watching = async (run: (session: HttpSession, page: Page) => Promise<void>) => {
    const chrome = await startDebuggableChromium();
    const person = await chromium.connectOverCDP(chrome.cdpUrl);
    rig.browserUrls.push(new URL(chrome.cdpUrl).origin);
    try {
      const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A }, { browser: { cdpUrl: chrome.cdpUrl } });
      await session.navigate(`${rig.site.origin}/login.html`);
      await run(session, person.contexts()[0]!.pages()[0]!);
      await session.end();
    } finally {
      await person.close().catch(() => undefined);
      await chrome.stop();
    }
  };

  it('streams each recorded step as it happens and stops when the client stops', async function () {
    this.timeout(60_000);
    await watching(async (session, page) => {
      const recorded: RecordedStep[] = [];
      const stop = new AbortController();
      const recording = session.record((step) => recorded.push(step), stop.signal);
      const until = async (count: number) => {
        for (let i = 0; i < 100 && recorded.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(recorded.length, count, JSON.stringify(recorded));
      };
      // The recorder is installed once the route runs; wait for its mark on the page before acting as the person.
      await page.waitForFunction(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.')), undefined, { timeout: 10_000 });
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').fill('s3cret-value');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await until(3);
      stop.abort();
      await recording;
      assert.deepEqual(actionsOf(recorded).map((step) => step.action.method), ['fill', 'fill', 'click']);
      assert.deepEqual(actionsOf(recorded)[0]!.action.arguments, ['ada@example.com']);
      assert.deepEqual(actionsOf(recorded)[1]!.action.arguments, ['%password%']);
      assert.equal(JSON.stringify(recorded).includes('s3cret-value'), false, 'a typed password is never kept');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(recorded.length, 3, 'nothing is recorded after Stop');
      await session.observe('the Sign in button');
    });
  });

  it('outlines each element a replay acts on, in the browser the person watches, and takes the outline off when the replay ends', async function () {
    this.timeout(60_000);
    await watching(async (watched, page) => {
      const button = page.getByRole('button', { name: 'Forgot password?' });
      const flow: Flow = { version: 1, name: 'Forgot', steps: [
        { action: { selector: 'role=button[name="Forgot password?"i]', description: 'button "Forgot password?"', method: 'click', arguments: [] } },
        { wait: { ms: 1200 } },
      ] };
      // What the person sees of the button while the replay waits after acting on it, and once it has ended.
      const picture = async (outline: boolean) => {
        let during: Promise<Buffer> | undefined;
        await watched.replayFlow(flow, { outline, onStep: (step) => {
          if (step.index === 1 && step.status === undefined) during = new Promise((resolve) => setTimeout(resolve, 300)).then(() => button.screenshot());
        } });
        return { during: await during!, after: await button.screenshot() };
      };
      const outlined = await picture(true);
      assert.notDeepEqual(outlined.during, outlined.after, 'the button acted on is outlined while its replay runs');
      const plain = await picture(false);
      assert.deepEqual(plain.during, plain.after, 'without the option the page is as the page drew it');
      assert.deepEqual(outlined.after, plain.after, 'no outline is left once the replay ended');
    });
  });
});
