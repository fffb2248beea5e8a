import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProjectKeys } from '../../src/service/auth';
import { RehearseService } from '../../src/service/server';
import { agentPlan } from '../support/agent-plan';
import { startDebuggableChromium } from '../support/debuggable-chromium';
import { countingServer, errorOf, KEY, sleep, useClosedService } from './rig';

/** Issue 11, items 1–5 and 17: a key holder gets browsers on the web, never the host or its network. */
describe('security: what a key holder can reach', function () {
  this.timeout(90_000);
  const rig = useClosedService({ session: { env: { OPENAI_API_KEY: 'sk-service-own-key-5521' } } });

  it('1. a client cannot choose the program the service runs, nor a browser to attach to', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-exec-'));
    const marker = path.join(dir, 'ran');
    const program = path.join(dir, 'not-a-browser.sh');
    await writeFile(program, `#!/bin/sh\ntouch ${marker}\n`);
    await chmod(program, 0o755);
    const launched = await rig.call('/v1/sessions/start', { body: { browser: { launchOptions: { executablePath: program } } } });
    const error = await errorOf(launched);
    assert.equal(error.status, 400);
    assert.equal(error.field, 'browser.launchOptions.executablePath');
    assert.equal(existsSync(marker), false, 'the program did not run');
    // Arguments, a profile folder and an environment are the operator's too: refused by name, never dropped in silence.
    for (const [field, value] of [['args', [`--utility-cmd-prefix=${program}`]], ['userDataDir', dir], ['env', { LD_PRELOAD: program }], ['ignoreDefaultArgs', true]] as const) {
      const refused = await errorOf(await rig.call('/v1/sessions/start', { body: { browser: { launchOptions: { headless: true, [field]: value } } } }));
      assert.equal(refused.status, 400, field);
      assert.equal(refused.field, `browser.launchOptions.${field}`);
      assert.match(refused.message, new RegExp(`cannot set its ${field}`));
    }
    assert.equal((await rig.call('/v1/sessions/start', { body: { browser: { launchOptions: { headless: true } } } })).status, 200, 'headless alone is taken');

    // A CDP or Playwright-server URL is server-side request forgery unless the operator listed it: nothing connects.
    const connections: Socket[] = [];
    const listener = createServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', () => resolve()));
    const port = (listener.address() as { port: number }).port;
    for (const browser of [{ cdpUrl: `http://127.0.0.1:${port}` }, { wsEndpoint: `ws://127.0.0.1:${port}/` }]) {
      const refused = await errorOf(await rig.call('/v1/sessions/start', { body: { browser } }));
      assert.equal(refused.status, 400);
      assert.match(refused.message, /attaches only to browsers its operator allows/);
    }
    await sleep(200);
    assert.equal(connections.length, 0, 'the service never connected to the client-named browser');
    listener.close();
  });

  it('2. pages stay on the public web: no local files, browser pages or internal addresses, by any route', async () => {
    const id = await rig.start();
    const navigate = (url: string) => rig.call(`/v1/sessions/${id}/navigate`, { body: { url } });
    for (const url of ['file:///etc/passwd', 'file:///proc/self/environ', 'chrome://version', 'view-source:http://example.com/', 'javascript:alert(1)']) {
      const refused = await errorOf(await navigate(url));
      assert.equal(refused.status, 400, url);
      assert.equal(refused.field, 'url');
    }
    for (const url of [`${rig.internal.origin}/direct`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]:9/', 'http://localhost:9/', 'http://2130706434/']) {
      const refused = await errorOf(await navigate(url));
      assert.equal(refused.status, 400, url);
      assert.match(refused.message, /private, loopback or link-local|loopback/, url);
    }
    // The public page may send the browser inward by a redirect, a frame, fetch, an image or a popup: none gets through.
    const redirected = await errorOf(await navigate(`${rig.site.origin}/redirect`));
    assert.equal(redirected.status, 422);
    assert.equal(redirected.code, 'ServiceNavigationError');
    assert.match(redirected.message, /is blocked/);
    for (const page of ['/frame', '/fetch']) assert.equal((await navigate(`${rig.site.origin}${page}`)).status, 200);
    await navigate(`${rig.site.origin}/popup`);
    await rig.call(`/v1/sessions/${id}/act`, { body: { input: { selector: '#go', description: 'open', method: 'click', arguments: [] } } });
    await sleep(500);
    assert.deepEqual(rig.internal.hits, [], 'the internal server saw no request');
    // What a session reads back (expect, screenshots, the observe prompt) can therefore never hold internal content.
    const seen = await rig.call(`/v1/sessions/${id}/expect`, { body: { expectation: { text: 'internal secret 7731' }, options: { timeout: 300 } } });
    assert.equal(((await seen.json()) as { data: { result: { passed: boolean } } }).data.result.passed, false);
  });

  it('3. a client-chosen model endpoint never receives the service\'s own provider key', async () => {
    rig.models.reset();
    rig.models.answerWith(() => ({ json: { elements: [] } }));
    const id = await rig.start();
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/` } });
    const observed = await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'the sign in button', options: { model: { modelName: 'openai/gpt-test', baseURL: rig.models.url('/v1') } } } });
    assert.equal(observed.status, 200);
    assert.ok(rig.models.requests.length > 0);
    for (const request of rig.models.requests) assert.ok(!JSON.stringify(request.headers).includes('sk-service-own-key-5521'), 'no service key in the request');
    // And an endpoint on an internal address is refused before anything is sent.
    const internal = await errorOf(await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'x', options: { model: { modelName: 'openai/x', baseURL: `${rig.internal.origin}/v1` } } } }));
    assert.equal(internal.status, 400);
    assert.equal(internal.field, 'options.model.baseURL');
    const azure = await errorOf(await rig.call(`/v1/sessions/${id}/observe`, { body: { instruction: 'x', options: { model: { modelName: 'azure/x', provider: 'azure', providerOptions: { azure: { resourceName: 'evil.example/x#' } } } } } }));
    assert.equal(azure.status, 400);
    assert.equal(rig.internal.hits.length, 0);
  });

  it('4. the agent connects only to MCP servers the operator allows', async () => {
    const id = await rig.start();
    const refused = await errorOf(await rig.call(`/v1/sessions/${id}/agentExecute`, {
      body: { agentConfig: { model: { modelName: 'openai/x', baseURL: rig.models.url('/v1'), apiKey: 'k-000000' }, integrations: [`${rig.internal.origin}/mcp`] }, executeOptions: { instruction: 'x' } },
    }));
    assert.equal(refused.status, 400);
    assert.equal(refused.field, 'agentConfig.integrations.0');
    assert.equal(rig.internal.hits.length, 0);
  });

  it('4b. MCP prefixes are compared after the URL is normalised: dot segments and backslashes reach nothing outside', async () => {
    const mcp = await countingServer('127.0.0.1', (_request, response) => void response.writeHead(404).end());
    const service = new RehearseService({
      keys: new ProjectKeys({ [KEY]: 'team' }), session: { env: {} },
      access: { network: { allowPrivate: true, allowOrigins: [] }, mcpUrls: [`${mcp.origin}/mcp/`] },
    });
    try {
      const url = await service.listen(0, '127.0.0.1');
      const call = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers: { 'x-svc-api-key': KEY }, body: JSON.stringify(body) });
      const { data } = (await (await call('/v1/sessions/start', {})).json()) as { data: { sessionId: string } };
      const model = { modelName: 'openai/x', baseURL: rig.models.url('/v1'), apiKey: 'k-000000' };
      for (const sneaky of ['/mcp/../admin', '/mcp/%2e%2e/admin', '/mcp/%2E%2E/admin', '/mcp/..\\admin', '/mcp%2f..%2fadmin', '/mcpx', '/admin']) {
        const refused = await errorOf(await call(`/v1/sessions/${data.sessionId}/agentExecute`, { agentConfig: { model, integrations: [`${mcp.origin}${sneaky}`] }, executeOptions: { instruction: 'x' } }));
        assert.equal(refused.status, 400, sneaky);
        assert.equal(refused.field, 'agentConfig.integrations.0', sneaky);
      }
      assert.deepEqual(mcp.hits, [], 'nothing was contacted for a refused URL');
    } finally {
      await service.close();
      await mcp.close();
    }
  });

  it('5. the agent keeps to its origins in the browser; an invalid allowedOrigins entry is a 400', async () => {
    const id = await rig.start();
    const model = { modelName: 'openai/x', baseURL: rig.models.url('/v1'), apiKey: 'k-000000' };
    const bad = await errorOf(await rig.call(`/v1/sessions/${id}/agentExecute`, { body: { agentConfig: { model }, executeOptions: { instruction: 'x' }, allowedOrigins: ['not a url'] } }));
    assert.equal(bad.status, 400);
    assert.equal(bad.field, 'allowedOrigins.0');
    // The page carries a link elsewhere; the model (following page text) clicks it. The click is made, the navigation is not.
    await rig.call(`/v1/sessions/${id}/navigate`, { body: { url: `${rig.site.origin}/link` } });
    rig.models.reset();
    rig.models.answerWith(agentPlan([{ tool: 'act', find: 'link "Other site"' }, { tool: 'done', input: { summary: 'ok', completed: true } }]));
    const run = await rig.call(`/v1/sessions/${id}/agentExecute`, { body: { agentConfig: { model }, executeOptions: { instruction: 'follow the page', autoScreenshot: false } } });
    assert.equal(run.status, 200, await run.clone().text());
    await sleep(300);
    assert.deepEqual(rig.elsewhere.hits, [], 'no request left the origin the agent started on (the network policy would have let it)');
    // With allowedOrigins, a redirect out of them stops the run at once.
    rig.models.reset();
    rig.models.answerWith(agentPlan([{ tool: 'navigate', input: { url: `${rig.site.origin}/redirect-elsewhere` } }, { tool: 'done', input: { summary: 'ok', completed: true } }]));
    const redirected = await rig.call(`/v1/sessions/${id}/agentExecute`, { body: { agentConfig: { model }, executeOptions: { instruction: 'go', autoScreenshot: false }, allowedOrigins: [rig.site.origin] } });
    const result = ((await redirected.json()) as { data: { result: { success: boolean; message: string } } }).data.result;
    assert.equal(result.success, false);
    assert.match(result.message, /not an allowed origin/);
    // Held at the hop: the redirected request (and its query string) never left the browser.
    assert.deepEqual(rig.elsewhere.hits, [], 'the disallowed origin saw no request');
    const where = await rig.call(`/v1/sessions/${id}/expect`, { body: { expectation: { text: 'elsewhere' }, options: { timeout: 300 } } });
    assert.equal(((await where.json()) as { data: { result: { passed: boolean } } }).data.result.passed, false, 'the page did not stay at the other origin');
  });

  it('17. a token in a browser URL is never written to the log', async () => {
    const chrome = await startDebuggableChromium();
    try {
      const logs: string[] = [];
      const service = new RehearseService({
        keys: new ProjectKeys({ 'key-operator-0123456789': 'ops' }),
        session: { browser: { cdpUrl: `${chrome.cdpUrl}/?token=grid-token-8841` } },
        log: (line) => logs.push(line),
      });
      const url = await service.listen(0, '127.0.0.1');
      const started = await fetch(`${url}/v1/sessions/start`, { method: 'POST', headers: { 'x-svc-api-key': 'key-operator-0123456789' }, body: '{}' });
      assert.equal(started.status, 200, await started.clone().text());
      await service.close();
      assert.ok(logs.some((line) => /started for ops \(cdp http:\/\/127\.0\.0\.1:\d+\/\?\[redacted\]\)/.test(line)), logs.join('\n'));
      assert.ok(!logs.join('\n').includes('grid-token-8841'), 'the token is not in the log');
    } finally {
      await chrome.stop();
    }
  });
});
