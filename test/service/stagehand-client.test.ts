/**
 * The unmodified Stagehand v3 client (@browserbasehq/stagehand 3.7.3) against this service.
 *
 * How it is wired, all on 127.0.0.1:
 *  - STAGEHAND_API_URL points the client's API calls (/sessions/start, act, observe, extract, navigate, agentExecute,
 *    end) at this service;
 *  - the client then looks its session up in Browserbase to get a CDP URL (@browserbasehq/sdk, BROWSERBASE_BASE_URL): a
 *    stub answers GET /v1/sessions/<id> with the WebSocket URL of a Chromium started here;
 *  - the service attaches to that same Chromium (browser.cdpUrl, isolate: false), so the client's page and the service's
 *    session are the same tab.
 */
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ProjectKeys } from '../../src/service/auth';
import { RehearseService } from '../../src/service/server';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { agentPlan } from '../support/agent-plan';
import { startDebuggableChromium, type DebuggableChromium } from '../support/debuggable-chromium';
import { listenOnLoopback, sendJson, type LoopbackServer } from '../support/listen';
import { ScriptedModelServer } from '../support/model-server';
import { pickElementRule } from '../support/page-rule';
import { FIXTURES_DIR } from '../support/static-server';

// The package's types resolve as ES modules here, while its CommonJS build is what loads.
// An ES module package from a CommonJS test: its types are named where it is required.
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
const { Stagehand } = require('@browserbasehq/stagehand') as typeof import('@browserbasehq/stagehand', { with: { 'resolution-mode': 'import' } });

const KEY = 'stagehand-compat-key-0123456789';

describe('the Stagehand v3.7.3 client, unchanged, against this service', function () {
  this.timeout(120_000);
  let chromium: DebuggableChromium;
  let browserbase: LoopbackServer;
  let service: RehearseService;
  let site: StaticSite;
  let models: ScriptedModelServer;
  const saved: Record<string, string | undefined> = {};
  const env = (name: string, value: string) => {
    saved[name] = process.env[name];
    process.env[name] = value;
  };

  before(async () => {
    chromium = await startDebuggableChromium();
    site = await serveFolder(FIXTURES_DIR);
    models = await ScriptedModelServer.start();
    browserbase = await listenOnLoopback((request, response) => {
      const id = /^\/v1\/sessions\/([^/?]+)/.exec(request.url ?? '')?.[1];
      if (id) sendJson(response, 200, { id, status: 'RUNNING', connectUrl: chromium.wsUrl, projectId: 'compat', region: 'us-west-2' });
      else sendJson(response, 200, {});
    });
    service = new RehearseService({
      keys: new ProjectKeys({ [KEY]: 'compat' }),
      session: { browser: { cdpUrl: chromium.cdpUrl, isolate: false }, env: {} },
      // The pages it drives are served on loopback, which a team's service refuses unless its operator allows them.
      access: { network: { allowPrivate: true, allowOrigins: [] } },
    });
    const url = await service.listen(0, '127.0.0.1');
    env('STAGEHAND_API_URL', `${url}/v1`);
    env('BROWSERBASE_BASE_URL', browserbase.origin);
    env('BROWSERBASE_API_KEY', KEY);
    env('BROWSERBASE_PROJECT_ID', 'compat');
  });

  after(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await service?.close();
    await Promise.all([browserbase?.close(), site?.close(), models?.close()]);
    await chromium?.stop('SIGKILL');
  });

  it('runs start → goto → observe → act → extract → agent → close', async () => {
    models.answerWith(pickElementRule);
    const stagehand = new Stagehand({
      env: 'BROWSERBASE', apiKey: KEY, projectId: 'compat', verbose: 0, disablePino: true,
      model: { modelName: 'openai/test-model', apiKey: 'model-key', baseURL: models.url('/v1') },
    });
    await stagehand.init();
    assert.equal(service.openSessions, 1);
    const page = stagehand.context.pages()[0]!;
    await page.goto(`${site.origin}/login.html`);

    const observed = await stagehand.observe('click the Forgot password? button');
    assert.equal(observed.length, 1);
    assert.match(observed[0]!.description, /Forgot password/);

    const acted = await stagehand.act(observed[0]!);
    assert.equal(acted.success, true);
    const planned = await stagehand.act('click Forgot password?');
    assert.equal(planned.success, true);

    models.reset();
    models.script({ json: { data: { heading: 'Sign in to Acme' } } });
    const extracted = await stagehand.extract('the page heading', z.object({ heading: z.string() }));
    assert.deepEqual(extracted, { heading: 'Sign in to Acme' });

    models.reset();
    models.answerWith(agentPlan([{ tool: 'act', find: 'button "Forgot password?"', method: 'click' }]));
    const agent = stagehand.agent({ model: { modelName: 'openai/test-model', apiKey: 'model-key', baseURL: models.url('/v1') } } as never);
    const result = (await agent.execute({ instruction: 'click forgot password', maxSteps: 3 })) as unknown as { completed: boolean };
    assert.equal(result.completed, true);

    const events = await (page as unknown as { evaluate(expression: string): Promise<string[]> }).evaluate('window.events');
    assert.deepEqual(events, ['forgot clicked', 'forgot clicked', 'forgot clicked']);
    await stagehand.close();
    assert.equal(service.openSessions, 0, 'close ended the session');
  });
});
