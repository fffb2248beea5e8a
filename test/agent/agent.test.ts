import assert from 'node:assert/strict';
import path from 'node:path';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import type { AgentEvent } from '../../src/core/agent/agent-events';
import { flowFromAgentRun } from '../../src/flows/capture';
import { replayFlow } from '../../src/flows/replay';
import type { ModelConfigObject } from '../../src/schema';
import { agentPlan, type PlannedCall } from '../support/agent-plan';
import { startMcpServer } from '../support/mcp-server';
import { useEngine } from '../engine/harness';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'media', 'demo');
const SECRET = 'agent-secret-canary-5e';

const signIn: PlannedCall[] = [
  { tool: 'act', find: 'textbox "Email"', method: 'fill', args: ['%email%'], text: 'I will fill in the email first.' },
  { tool: 'act', find: 'textbox "Password"', method: 'fill', args: ['%password%'] },
  { tool: 'act', find: 'button "Sign in"', method: 'click' },
  { tool: 'done', input: { summary: 'Signed in as demo@example.com.', completed: true } },
];

describe('agent', () => {
  const rig = useEngine();
  let demo: StaticSite;
  before(async () => {
    demo = await serveFolder(DEMO);
  });
  after(async () => demo.close());

  const variables = { email: 'demo@example.com', password: { value: SECRET, description: 'the account password' } };
  const configFor = (wire: string): ModelConfigObject =>
    wire === 'anthropic' ? { modelName: 'anthropic/claude-test', baseURL: rig.models.origin, apiKey: 'k' }
    : { modelName: 'openai/gpt-test', baseURL: rig.models.url('/v1'), apiKey: 'k', ...(wire === 'chat' ? { openaiEndpointFormat: 'chat' as const } : {}) };

  for (const wire of ['responses', 'chat', 'anthropic']) {
    it(`${wire}: completes a sign-in task, streaming each step as it happens`, async () => {
      const session = await rig.startSession({ model: configFor(wire) });
      await session.navigate(`${demo.origin}/index.html`);
      rig.models.answerWith(agentPlan(signIn));
      const events: AgentEvent[] = [];
      const result = await session.agentExecute({}, { instruction: 'Sign in', auto_screenshot: false }, { variables, onEvent: (event) => events.push(event) });
      assert.equal(result.completed, true);
      assert.equal(result.success, true);
      assert.equal(result.message, 'Signed in as demo@example.com.');
      assert.deepEqual(result.actions.map((action) => [action.action, action.selector, action.text ?? null]), [
        ['fill', 'css=#email', '%email%'],
        ['fill', 'css=#password', '%password%'],
        ['click', 'css=[data-testid="sign-in"]', null],
      ]);
      assert.deepEqual(result.usage && [result.usage.input_tokens, result.usage.output_tokens], [400, 80], 'four turns of 100 in / 20 out');
      const steps = events.filter((event) => event.type === 'step');
      assert.deepEqual(steps.map((event) => `${event.index}:${event.status}`), ['0:running', '0:done', '1:running', '1:done', '2:running', '2:done', '3:running', '3:done']);
      assert.ok(events.some((event) => event.type === 'text'), 'model text streamed');
      assert.match(await session.page().locator('#welcome').innerText(), /Welcome, demo@example\.com/);
      assert.ok(!rig.models.requests.some((request) => request.raw.includes(SECRET)), 'the secret never reached the model');
      assert.ok(rig.models.requests.every((request) => request.stream), 'streamed model calls');
      await session.end();
    });
  }

  it('stops at maxSteps, asks once for a summary, and says it is not complete', async () => {
    await rig.session.navigate(rig.url('login.html'));
    rig.models.answerWith(agentPlan(Array.from({ length: 6 }, () => ({ tool: 'act', find: 'button "Forgot password?"', method: 'click' })), 'Clicked twice; the task is not finished.'));
    const result = await rig.session.agentExecute({}, { instruction: 'keep clicking', maxSteps: 2, autoScreenshot: false });
    assert.equal(result.completed, false);
    assert.equal(result.success, false);
    assert.equal(result.message, 'Clicked twice; the task is not finished.');
    assert.equal(result.metadata?.reason, 'maxSteps');
    assert.equal(result.actions.length, 2);
    assert.deepEqual(await rig.events(), ['forgot clicked', 'forgot clicked']);
  });

  it('tools that do not act are bounded too: a model that only waits is stopped', async () => {
    await rig.session.navigate(rig.url('login.html'));
    rig.models.answerWith(agentPlan(Array.from({ length: 50 }, () => ({ tool: 'wait', input: { ms: 1 } })), 'I only waited.'));
    const result = await rig.session.agentExecute({}, { instruction: 'wait forever', maxSteps: 2, autoScreenshot: false });
    assert.equal(result.completed, false);
    assert.equal(result.metadata?.reason, 'maxTurns');
    assert.equal(rig.models.requests.length, 2 * 3 + 5 + 1, 'the turns, then one summary');
  });

  it('a failing tool goes back to the model, which recovers', async () => {
    await rig.session.navigate(rig.url('login.html'));
    rig.models.answerWith(agentPlan([
      { tool: 'act', input: { elementId: '9-99', method: 'click' } },
      { tool: 'act', find: 'button "Forgot password?"', method: 'click' },
    ]));
    const events: AgentEvent[] = [];
    const result = await rig.session.agentExecute({}, { instruction: 'reset my password', autoScreenshot: false }, { onEvent: (event) => events.push(event) });
    assert.equal(result.completed, true);
    assert.deepEqual(result.actions.map((action) => (action as unknown as { status: string }).status), ['failed', 'done']);
    assert.match(JSON.stringify(rig.models.requests[1]!.body), /element 9-99 is not on the page now/);
    assert.ok(events.some((event) => event.type === 'step' && event.status === 'failed' && /9-99/.test(event.error ?? '')));
  });

  it('Stop ends the run inside a step: the model request is aborted and nothing more happens on the page', async () => {
    await rig.session.navigate(rig.url('login.html'));
    rig.models.answerWith(agentPlan([
      { tool: 'act', find: 'button "Forgot password?"', method: 'click' },
      { tool: 'act', find: 'button "Forgot password?"', method: 'click', delayMs: 8000 },
    ]));
    const controller = new AbortController();
    const started = Date.now();
    const result = await rig.session.agentExecute({}, { instruction: 'click twice', autoScreenshot: false }, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step' && event.status === 'done') setTimeout(() => controller.abort(), 150);
      },
    });
    assert.ok(Date.now() - started < 6000, 'did not wait for the slow model reply');
    assert.equal(result.completed, false);
    assert.equal(result.metadata?.stopped, true);
    assert.match(result.message, /^Stopped by the caller after 1 step\./);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(await rig.events(), ['forgot clicked']);
  });

  it('sends screenshots only with autoScreenshot, and keeps only the last few', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const clicks = Array.from({ length: 4 }, () => ({ tool: 'act', find: 'button "Forgot password?"', method: 'click' }));
    rig.models.answerWith(agentPlan(clicks));
    await rig.session.agentExecute({}, { instruction: 'click', autoScreenshot: true });
    const images = rig.models.requests.map((request) => (request.raw.match(/data:image\/jpeg;base64/g) ?? []).length);
    assert.deepEqual(images, [1, 2, 2, 2, 2], 'one at the start, then at most two');
    rig.models.reset();
    rig.models.answerWith(agentPlan(clicks));
    await rig.session.agentExecute({}, { instruction: 'click', autoScreenshot: false });
    assert.ok(rig.models.requests.every((request) => !request.raw.includes('data:image')));
  });

  it('waits waitBetweenActions after each action', async () => {
    await rig.session.navigate(rig.url('login.html'));
    rig.models.answerWith(agentPlan([{ tool: 'act', find: 'button "Forgot password?"', method: 'click' }, { tool: 'act', find: 'button "Forgot password?"', method: 'click' }]));
    const started = Date.now();
    await rig.session.agentExecute({}, { instruction: 'click twice', autoScreenshot: false, waitBetweenActions: 600 });
    assert.ok(Date.now() - started >= 1200, `${Date.now() - started} ms`);
  });

  it('refuses to navigate outside the allowed origins', async () => {
    await rig.session.navigate(rig.url('login.html'));
    rig.models.answerWith(agentPlan([{ tool: 'navigate', input: { url: 'https://elsewhere.example/' } }]));
    const result = await rig.session.agentExecute({}, { instruction: 'go', autoScreenshot: false }, { allowedOrigins: [rig.site.origin] });
    assert.match(String((result.actions[0] as { error?: string }).error), /https:\/\/elsewhere\.example is not an allowed origin/);
    assert.match(rig.session.page().url(), /login\.html$/);
  });

  it('custom tools get validated input; a bad input goes back to the model as an error', async () => {
    await rig.session.navigate(rig.url('login.html'));
    const seen: unknown[] = [];
    rig.models.answerWith(agentPlan([{ tool: 'double', input: { n: 'x' } }, { tool: 'double', input: { n: 21 } }]));
    const result = await rig.session.agentExecute({
      tools: { double: { description: 'Doubles a number', inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }, execute: (input: { n: number }) => (seen.push(input), input.n * 2) } },
    }, { instruction: 'double 21', autoScreenshot: false });
    assert.equal(result.completed, true);
    assert.deepEqual(seen, [{ n: 21 }]);
    assert.match(JSON.stringify(rig.models.requests[1]!.body), /double: n: expected a number, received \\"x\\"/);
    assert.match(JSON.stringify(rig.models.requests[2]!.body), /"42"|\\"42\\"|: ?"42"|42/);
  });

  it('an MCP server contributes a tool the model calls', async () => {
    const mcp = await startMcpServer();
    try {
      await rig.session.navigate(rig.url('login.html'));
      rig.models.answerWith(agentPlan([{ tool: 'mcp0_lookup_order', input: { order: '1500' } }]));
      const result = await rig.session.agentExecute({ integrations: [mcp.url] }, { instruction: 'When did order 1500 ship?', autoScreenshot: false });
      assert.equal(result.completed, true);
      assert.deepEqual(mcp.calls, [{ name: 'lookup_order', arguments: { order: '1500' } }]);
      assert.ok((rig.models.requests[0]!.body.tools as { name: string }[]).some((tool) => tool.name === 'mcp0_lookup_order'));
      assert.match(JSON.stringify(rig.models.requests[1]!.body), /Order 1500 shipped on 2026-11-20/);
    } finally {
      await mcp.close();
    }
  });

  it('a run saved as a flow replays with no model; stream() yields the same steps', async () => {
    const session = await rig.startSession();
    await session.navigate(`${demo.origin}/index.html`);
    rig.models.answerWith(agentPlan(signIn));
    const { events, result } = session.agent({}).stream({ instruction: 'Sign in', autoScreenshot: false }, { variables });
    const seen: string[] = [];
    for await (const event of events) if (event.type === 'step') seen.push(`${event.tool}:${event.status}`);
    const run = await result;
    assert.deepEqual(seen, ['act:running', 'act:done', 'act:running', 'act:done', 'act:running', 'act:done', 'done:running', 'done:done']);
    const flow = flowFromAgentRun(run.actions as never, { name: 'Agent sign in', startUrl: `${demo.origin}/index.html`, variables: { email: { default: 'demo@example.com' }, password: { secret: true } } });
    assert.equal(flow.steps.length, 3);
    assert.deepEqual((flow.steps[0] as { target: unknown }).target, { role: 'textbox', name: 'Email' });
    rig.models.reset();
    const fresh = await rig.startSession();
    const replayed = await replayFlow(fresh, flow, { variables: { email: 'demo@example.com', password: SECRET } });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps));
    assert.equal(rig.models.requests.length, 0);
    assert.equal((await fresh.expect({ text: 'Welcome, demo@example.com' })).passed, true);
  });
});
