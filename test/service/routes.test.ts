import assert from 'node:assert/strict';
import { LLMResponseError } from '../../src/core/errors';
import { ObserveResponseSchema, validate } from '../../src/schema';
import { startRemoteSession } from '../../src/service/client';
import { KEY_A, KEY_B, sseFrames, useService } from './harness';

describe('HTTP service routes', () => {
  const rig = useService();

  it('starts a session, navigates, observes (exactly SPEC ObserveResponse) and acts, as JSON', async () => {
    const start = await rig.call('/v1/sessions/start', { body: { modelName: 'openai/test-model' } });
    assert.equal(start.status, 200);
    const started = (await start.json()) as { success: boolean; data: { sessionId: string; available: boolean } };
    assert.equal(started.success, true);
    assert.match(started.data.sessionId, /^[0-9a-f-]{36}$/);
    assert.equal(started.data.available, true);
    const id = started.data.sessionId;
    const navigated = (await (await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } })).json()) as { data: { result: { url: string; status: number } } };
    assert.deepEqual(navigated.data.result, { url: `${rig.site.origin}/login.html`, status: 200 });
    rig.models.answerWith(() => ({ json: { elements: [{ elementId: '0-5', description: 'Forgot password button', method: 'click', arguments: [] }] } }));
    const observe = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'the forgot password button', options: { timeout: 20_000 } } });
    assert.equal(observe.status, 200);
    const observed = (await observe.json()) as { data: { result: { selector: string }[]; actionId: string } };
    assert.ok(validate(ObserveResponseSchema, observed).ok, JSON.stringify(observed));
    assert.deepEqual(Object.keys(observed).sort(), ['data', 'success']);
    const act = await rig.call(`/v1/sessions/${id}/act`, { body: { input: { ...observed.data.result[0], arguments: [] } } });
    const acted = (await act.json()) as { data: { result: { success: boolean; actions: unknown[] } } };
    assert.equal(acted.data.result.success, true);
    const planned = (await (await rig.call(`/v1/sessions/${id}/act`, { body: { input: 'click Forgot password?' } })).json()) as { data: { result: { planner: string } } };
    assert.equal(planned.data.result.planner, 'local');
    const expected = (await (await rig.call(`/v1/sessions/${id}/expect`, { body: { expectation: { text: 'forgot clicked' } } })).json()) as { data: { result: { passed: boolean } } };
    assert.equal(expected.data.result.passed, true);
    const replay = (await (await rig.call(`/v1/sessions/${id}/replay`, { method: 'GET' })).json()) as { data: { pages: { actions: { method: string; tokenUsage?: { inputTokens: number } }[] }[] } };
    assert.deepEqual(replay.data.pages[0]!.actions.map((action) => action.method), ['navigate', 'observe', 'act', 'act', 'expect']);
    assert.ok(replay.data.pages[0]!.actions[1]!.tokenUsage!.inputTokens > 0);
    assert.equal((await rig.call(`/v1/sessions/${id}/end`, { body: {} })).status, 200);
    const after = await rig.call(`/v1/sessions/${id}/observe`, { body: {} });
    assert.equal(after.status, 409);
    assert.deepEqual(await after.json(), { success: false, error: { code: 'SessionEnded', message: `Session ${id} has ended; start a new one.` } });
  });

  it('streams Server-Sent Events with x-stream-response or streamResponse: data-only frames, finished with the result', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } });
    const response = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'click the Sign in button' }, headers: { 'x-stream-response': 'true' } });
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const frames = await sseFrames(response);
    assert.deepEqual(frames.slice(0, 2).map((frame) => [frame.type, frame.data.status]), [['system', 'starting'], ['system', 'connected']]);
    assert.ok(frames.some((frame) => frame.type === 'log'), 'progress as log events');
    const finished = frames.at(-1)!;
    assert.equal(finished.data.status, 'finished');
    assert.ok(Array.isArray(finished.data.result));
    assert.equal(typeof finished.data.actionId, 'string');
    assert.ok(frames.every((frame) => /^[0-9a-f-]{36}$/.test(frame.id)));
    const viaBody = await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/account.html`, streamResponse: true } });
    const bodyFrames = await sseFrames(viaBody);
    assert.deepEqual(bodyFrames.at(-1)!.data.result, { url: `${rig.site.origin}/account.html`, status: 200 });
    const failing = await sseFrames(await rig.call(`/v1/sessions/${id}/act`, { body: { input: { selector: 'css=#nope', description: 'x', method: 'click', arguments: [] }, options: { timeout: 500 } }, headers: { 'x-stream-response': 'true' } }));
    assert.equal(failing.at(-1)!.data.status, 'error');
    assert.equal(failing.at(-1)!.data.code, 'ServiceElementNotFoundError');
    assert.match(String(failing.at(-1)!.data.error), /No element matches css=#nope/);
  });

  it('extract and agentExecute, with each agent step as a log event', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/table.html?rows=3` } });
    rig.models.script({ json: { data: { first: 'Order 1' } } });
    const extracted = (await (await rig.call(`/v1/sessions/${id}/extract`, { body: { instruction: 'the first order', schema: { type: 'object', properties: { first: { type: 'string' } }, required: ['first'] } } })).json()) as { data: { result: unknown } };
    assert.deepEqual(extracted.data.result, { first: 'Order 1' });
    rig.models.reset();
    rig.models.script({ toolCalls: [{ name: 'act', input: { elementId: '0-0', method: 'click' } }] }, { toolCalls: [{ name: 'done', input: { summary: 'Edited order 1.', completed: true } }] });
    const frames = await sseFrames(await rig.call(`/v1/sessions/${id}/agentExecute`, {
      body: { agentConfig: { model: { modelName: 'openai/test-model', baseURL: rig.models.url('/v1'), apiKey: 'k' } }, executeOptions: { instruction: 'edit order 1', auto_screenshot: false } },
      headers: { 'x-stream-response': 'true' },
    }));
    const steps = frames.filter((frame) => frame.type === 'log' && (frame.data.message as { step?: unknown }).step).map((frame) => (frame.data.message as { message: string }).message);
    assert.deepEqual(steps, ['step 1 running: act', 'step 1 done: click css=#order-1 button', 'step 2 running: done', 'step 2 done: done'].map((line) => line.replace('css=#order-1 button', steps[1]?.split('click ')[1] ?? '')));
    const result = frames.at(-1)!.data.result as { completed: boolean; message: string };
    assert.equal(result.completed, true);
    assert.equal(result.message, 'Edited order 1.');
  });

  it('auth: 401 without or with a wrong key, x-bb-api-key works too, and another project sees 404', async () => {
    assert.equal((await rig.call('/v1/sessions/start', { body: {}, key: null })).status, 401);
    const wrong = await rig.call('/v1/sessions/start', { body: {}, key: 'not-a-key-of-anyone' });
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), { success: false, error: { code: 'Unauthorized', message: 'Missing or invalid x-svc-api-key.' } });
    const alias = await fetch(`${rig.url}/v1/sessions/start`, { method: 'POST', headers: { 'x-bb-api-key': KEY_A, 'x-svc-project-id': 'ignored' }, body: '{}' });
    assert.equal(alias.status, 200);
    const id = await rig.start(KEY_A);
    const other = await rig.call(`/v1/sessions/${id}/observe`, { body: {}, key: KEY_B });
    assert.equal(other.status, 404);
    assert.deepEqual(await other.json(), { success: false, error: { code: 'SessionNotFoundError', message: `No session ${id}.` } });
    assert.equal((await rig.call(`/v1/sessions/${id}/end`, { body: {}, key: KEY_B })).status, 404, 'nor end it');
  });

  it('bad input is a 400 that names the field; an operation failure is a 422 with its class; unknown routes 404', async () => {
    const id = await rig.start();
    const bad = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 42 } });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { success: false, error: { code: 'InvalidRequest', message: 'instruction: expected a string, received 42', field: 'instruction' } });
    const vertex = {
      modelName: 'vertex/gemini-test', provider: 'gcp',
      auth: { type: 'googleServiceAccount', credentials: { private_key: 'k', client_email: 'bot@p.iam.gserviceaccount.com' } },
      providerOptions: { vertex: { project: 'p', location: 'us-central1' } },
    };
    const badModel = await rig.call(`/v1/sessions/${id}/observe`, { body: { options: { model: vertex } } });
    assert.equal(badModel.status, 400);
    assert.match(((await badModel.json()) as { error: { message: string } }).error.message, /options\.model\.provider: expected "vertex", received "gcp"/);
    assert.equal((await rig.call(`/v1/sessions/${id}/act`, { body: '{ not json' })).status, 400);
    const unknownMethod = await rig.call(`/v1/sessions/${id}/act`, { body: { input: { selector: '#a', description: 'a', method: 'teleport', arguments: [] } } });
    assert.equal(unknownMethod.status, 400);
    assert.equal(((await unknownMethod.json()) as { error: { field: string } }).error.field, 'method');
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } });
    const failed = await rig.call(`/v1/sessions/${id}/act`, { body: { input: { selector: 'css=#gone', description: 'gone', method: 'click', arguments: [] }, options: { timeout: 400 } } });
    assert.equal(failed.status, 422);
    assert.equal(((await failed.json()) as { error: { code: string } }).error.code, 'ServiceElementNotFoundError');
    assert.equal((await rig.call(`/v1/sessions/${id}/teleport`, { body: {} })).status, 404);
    for (const inherited of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const answer = await rig.call(`/v1/sessions/${id}/${inherited}`, { body: {} });
      assert.deepEqual([answer.status, await answer.json()], [404, { success: false, error: { code: 'NotFound', message: `No route POST /v1/sessions/${id}/${inherited}.` } }], `every object has ${inherited}; it is no route`);
    }
    assert.equal((await rig.call('/v1/nothing', { body: {} })).status, 404);
    const huge = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'x'.repeat(2 * 1024 * 1024) } });
    assert.equal(huge.status, 413);
  });

  it('a second call on a busy session is 409, and the first call is not disturbed', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } });
    rig.models.script({ json: { elements: [{ elementId: '0-5', description: 'Forgot', method: 'click', arguments: [] }] }, delayMs: 1500 });
    const first = rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'forgot' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const second = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'forgot' } });
    assert.equal(second.status, 409);
    assert.equal(((await second.json()) as { error: { code: string } }).error.code, 'SessionBusy');
    const done = await first;
    assert.equal(done.status, 200);
    assert.equal(((await done.json()) as { data: { result: unknown[] } }).data.result.length, 1);
  });

  it('two sessions work in parallel, each in its own browser context', async () => {
    const [a, b] = await Promise.all([rig.start(), rig.start()]);
    await Promise.all([a, b].map((id) => rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } })));
    const results = await Promise.all([a, b].map((id) => rig.call(`/v1/sessions/${id}/act`, { body: { input: 'click Forgot password?' } }).then((response) => response.json() as Promise<{ data: { result: { success: boolean } } }>)));
    assert.deepEqual(results.map((result) => result.data.result.success), [true, true]);
  });

  it('a client that disconnects mid-stream cancels the work: the model request is aborted and the session is free', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } });
    rig.models.script({ json: { elements: [] }, delayMs: 10_000 });
    const controller = new AbortController();
    const pending = rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'anything' }, headers: { 'x-stream-response': 'true' }, signal: controller.signal }).then((response) => response.text()).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 500));
    controller.abort();
    assert.equal(await pending, 'aborted');
    const deadline = Date.now() + 5000;
    let status = 409;
    while (status === 409 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rig.models.script({ json: { elements: [] } });
      status = (await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'again' } })).status;
    }
    assert.equal(status, 200, 'the session is free again, well before the slow reply would have come');
  });

  it('x-model-api-key sets the model key for one request and is never echoed or logged', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } });
    const response = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'click sign in' }, headers: { 'x-model-api-key': 'per-request-canary-key' } });
    const text = await response.text();
    assert.equal(response.status, 200);
    assert.equal(rig.models.requests.at(-1)!.headers.authorization, 'Bearer svc-model-key', 'a configured key comes first');
    const modelless = await rig.call('/v1/sessions/start', { body: { modelName: 'openai/test-model' }, headers: { 'x-model-api-key': 'per-request-canary-key' } });
    assert.equal(modelless.status, 200);
    assert.ok(!text.includes('per-request-canary-key'));
    assert.ok(!rig.logs.join('\n').includes('per-request-canary-key'));
  });

  it('a provider that refuses the model key: 422 LLMResponseError naming apiKey as the field, the key nowhere; the client rebuilds it', async () => {
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/login.html` } });
    rig.models.script({ status: 401, message: 'Incorrect API key provided: svc-model-key' });
    const response = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'click sign in' } });
    assert.equal(response.status, 422);
    const { error } = (await response.json()) as { error: { code: string; message: string; field?: string } };
    assert.equal(error.code, 'LLMResponseError');
    assert.equal(error.field, 'apiKey');
    assert.match(error.message, /openai\/test-model: the provider refused the credentials/);
    assert.ok(!error.message.includes('svc-model-key'), error.message);
    const session = await startRemoteSession({ url: rig.url, apiKey: KEY_A });
    try {
      await session.navigate(`${rig.site.origin}/login.html`);
      rig.models.script({ status: 403, message: 'forbidden' });
      await assert.rejects(session.observe('click sign in'), (thrown: unknown) => thrown instanceof LLMResponseError && thrown.field === 'apiKey');
    } finally {
      await session.end();
    }
  });
});

describe('HTTP service limits', () => {
  const rig = useService({ limits: { sessionsPerProject: 1 } });

  it('a project over its session limit gets 429; other projects are not affected', async () => {
    const first = await rig.call('/v1/sessions/start', { body: {} });
    assert.equal(first.status, 200);
    const second = await rig.call('/v1/sessions/start', { body: {} });
    assert.equal(second.status, 429);
    assert.deepEqual(await second.json(), { success: false, error: { code: 'TooManySessions', message: 'This project has 1 open sessions, the limit; end one first.' } });
    assert.equal((await rig.call('/v1/sessions/start', { body: {}, key: KEY_B })).status, 200);
    const { data } = (await first.json()) as { data: { sessionId: string } };
    await rig.call(`/v1/sessions/${data.sessionId}/end`, { body: {} });
    assert.equal((await rig.call('/v1/sessions/start', { body: {} })).status, 200);
  });
});
