import assert from 'node:assert/strict';
import { createVerify } from 'node:crypto';
import { createModelClient } from '../../src/core/models';
import { CANARY_KEY, PickSchema, serviceAccountKeys, useModelServer } from './model-fixtures';

const pick = { elementId: '0-12', reason: 'it is the sign in button' };
const ask = { system: 'You pick elements.', prompt: 'click sign in', schema: PickSchema, name: 'pick' };

describe('model providers (real SDK clients against the scripted server)', () => {
  const context = useModelServer();

  it('openai: Responses API by default, json_schema output, bearer key, custom headers, usage', async () => {
    const { server } = context;
    server.script({ json: pick, usage: { input: 321, output: 45, reasoning: 7, cached: 300 } });
    const client = createModelClient({ modelName: 'openai/gpt-test', baseURL: server.url('/v1'), apiKey: CANARY_KEY, headers: { 'x-team': 'qa' } }, { env: {} });
    const reply = await client.generateObject(ask);
    assert.deepEqual(reply.object, pick);
    assert.deepEqual({ ...reply.usage, inference_time_ms: 0 }, { input_tokens: 321, output_tokens: 45, reasoning_tokens: 7, cached_input_tokens: 300, inference_time_ms: 0 });
    assert.ok(reply.usage.inference_time_ms >= 0);
    const [request] = server.requests;
    assert.equal(request!.path, '/v1/responses');
    assert.equal(request!.headers.authorization, `Bearer ${CANARY_KEY}`);
    assert.equal(request!.headers['x-team'], 'qa');
    assert.equal(request!.body.model, 'gpt-test');
    assert.equal(request!.body.instructions, 'You pick elements.');
    assert.equal(request!.body.store, false);
    assert.deepEqual(request!.body.text, {
      format: {
        type: 'json_schema', name: 'pick', strict: true,
        schema: { type: 'object', properties: { elementId: { type: 'string' }, reason: { type: 'string' } }, required: ['elementId', 'reason'], additionalProperties: false },
      },
    });
    assert.deepEqual(request!.body.input, [{ role: 'user', content: [{ type: 'input_text', text: 'click sign in' }] }]);
  });

  it('openai: Chat Completions with openaiEndpointFormat "chat", response_format json_schema', async () => {
    const { server } = context;
    server.script({ json: pick, usage: { input: 10, output: 2, reasoning: 1, cached: 4 } });
    const client = createModelClient({ modelName: 'openai/gpt-test', baseURL: server.url('/v1'), apiKey: CANARY_KEY, openaiEndpointFormat: 'chat' }, { env: {} });
    const reply = await client.generateObject(ask);
    assert.deepEqual(reply.object, pick);
    assert.deepEqual([reply.usage.input_tokens, reply.usage.output_tokens, reply.usage.reasoning_tokens, reply.usage.cached_input_tokens], [10, 2, 1, 4]);
    const [request] = server.requests;
    assert.equal(request!.path, '/v1/chat/completions');
    assert.deepEqual(request!.body.messages, [{ role: 'system', content: 'You pick elements.' }, { role: 'user', content: [{ type: 'text', text: 'click sign in' }] }]);
    assert.deepEqual((request!.body.response_format as { type: string; json_schema: { name: string; strict: boolean } }).type, 'json_schema');
    assert.equal((request!.body.response_format as { json_schema: { strict: boolean } }).json_schema.strict, true);
  });

  it('openai: the key comes from OPENAI_API_KEY when the configuration has none', async () => {
    const { server } = context;
    server.script({ json: pick });
    const client = createModelClient('openai/gpt-test', { env: { OPENAI_API_KEY: CANARY_KEY, OPENAI_BASE_URL: server.url('/v1') } });
    await client.generateObject(ask);
    assert.equal(server.requests[0]!.headers.authorization, `Bearer ${CANARY_KEY}`);
  });

  it('anthropic: Messages API, structured output through a forced tool, the key as the SDK sends it', async () => {
    const { server } = context;
    server.script({ json: pick, usage: { input: 500, output: 30, cached: 400 } });
    const client = createModelClient({ modelName: 'anthropic/claude-test', baseURL: server.origin, apiKey: CANARY_KEY, headers: { 'x-team': 'qa' } }, { env: {} });
    const reply = await client.generateObject(ask);
    assert.deepEqual(reply.object, pick);
    assert.deepEqual([reply.usage.input_tokens, reply.usage.output_tokens, reply.usage.cached_input_tokens], [500, 30, 400]);
    const [request] = server.requests;
    assert.equal(request!.path, '/v1/messages');
    // @anthropic-ai/sdk 1.x sends API keys as a bearer token.
    assert.equal(request!.headers.authorization, `Bearer ${CANARY_KEY}`);
    assert.ok(request!.headers['anthropic-version'], 'the SDK sends its API version');
    assert.equal(request!.headers['x-team'], 'qa');
    assert.equal(request!.body.system, 'You pick elements.');
    assert.deepEqual(request!.body.tool_choice, { type: 'tool', name: 'pick' });
    assert.deepEqual(request!.body.tools, [{
      name: 'pick', description: 'Return the result in this shape.',
      input_schema: { type: 'object', properties: { elementId: { type: 'string' }, reason: { type: 'string' } }, required: ['elementId', 'reason'], additionalProperties: false },
    }]);
  });

  it('google, microsoft: their OpenAI-compatible chat endpoints with their key variables', async () => {
    const { server } = context;
    server.script({ json: pick }, { json: pick });
    await createModelClient({ modelName: 'google/gemini-test', baseURL: server.url('/v1beta/openai') }, { env: { GEMINI_API_KEY: 'gemini-key-1' } }).generateObject(ask);
    await createModelClient({ modelName: 'microsoft/phi-test', baseURL: server.url('/inference') }, { env: { AZURE_INFERENCE_CREDENTIAL: 'ms-key-1' } }).generateObject(ask);
    const [google, microsoft] = server.requests;
    assert.equal(google!.path, '/v1beta/openai/chat/completions');
    assert.equal(google!.headers.authorization, 'Bearer gemini-key-1');
    assert.equal(google!.body.model, 'gemini-test');
    assert.equal(microsoft!.path, '/inference/chat/completions');
    assert.equal(microsoft!.headers.authorization, 'Bearer ms-key-1');
  });

  it('bedrock: the OpenAI-compatible Responses endpoint with a bearer token', async () => {
    const { server } = context;
    server.script({ json: pick });
    await createModelClient('bedrock/openai.gpt-oss-test', { env: { AWS_BEARER_TOKEN_BEDROCK: 'bedrock-token-1', AWS_BEDROCK_BASE_URL: server.url('/openai/v1') } }).generateObject(ask);
    const [request] = server.requests;
    assert.equal(request!.path, '/openai/v1/responses');
    assert.equal(request!.headers.authorization, 'Bearer bedrock-token-1');
    assert.equal(request!.body.model, 'openai.gpt-oss-test');
  });

  it('any OpenAI-compatible base URL: an unknown provider prefix, no key needed, no Authorization sent', async () => {
    const { server } = context;
    server.script({ json: pick }, { json: pick });
    await createModelClient({ modelName: 'ollama/llama-test', baseURL: server.url('/v1'), openaiEndpointFormat: 'chat' }, { env: {} }).generateObject(ask);
    await createModelClient({ modelName: 'anthropic/claude-test', baseURL: server.origin }, { env: {} }).generateObject(ask);
    const [local, gateway] = server.requests;
    assert.equal(local!.path, '/v1/chat/completions');
    assert.equal(local!.headers.authorization, undefined);
    assert.equal(local!.body.model, 'llama-test');
    assert.equal(gateway!.path, '/v1/messages');
    assert.equal(gateway!.headers.authorization, undefined);
  });

  describe('azure', () => {
    const providerOptions = (azure: Record<string, unknown>) => ({ azure: { baseURL: context.server.url('/openai'), ...azure } });

    it('API key: v1 Responses URL with api-version, the api-key header and no bearer', async () => {
      const { server } = context;
      server.script({ json: pick });
      await createModelClient({ modelName: 'azure/gpt-test', provider: 'azure', apiKey: CANARY_KEY, providerOptions: providerOptions({}) }, { env: {} }).generateObject(ask);
      const [request] = server.requests;
      assert.equal(request!.path, '/openai/v1/responses');
      assert.deepEqual(request!.query, { 'api-version': 'v1' });
      assert.equal(request!.headers['api-key'], CANARY_KEY);
      assert.equal(request!.headers.authorization, undefined);
      assert.equal(request!.body.model, 'gpt-test');
    });

    it('deployment-based URLs: /deployments/<name>/chat/completions with the configured apiVersion', async () => {
      const { server } = context;
      server.script({ json: pick });
      await createModelClient(
        { modelName: 'azure/my-deployment', provider: 'azure', providerOptions: providerOptions({ useDeploymentBasedUrls: true, apiVersion: '2024-10-21', headers: { 'x-azure-extra': 'y' } }) },
        { env: { AZURE_API_KEY: 'azure-env-key' } },
      ).generateObject(ask);
      const [request] = server.requests;
      assert.equal(request!.path, '/openai/deployments/my-deployment/chat/completions');
      assert.deepEqual(request!.query, { 'api-version': '2024-10-21' });
      assert.equal(request!.headers['api-key'], 'azure-env-key');
      assert.equal(request!.headers['x-azure-extra'], 'y');
    });

    it('Entra ID: the bearer token, and no api-key header', async () => {
      const { server } = context;
      server.script({ json: pick });
      await createModelClient({ modelName: 'azure/gpt-test', provider: 'azure', providerOptions: providerOptions({}), auth: { type: 'azureEntraId', token: 'entra-token-1' } }, { env: { AZURE_API_KEY: 'must-not-be-used' } }).generateObject(ask);
      const [request] = server.requests;
      assert.equal(request!.headers.authorization, 'Bearer entra-token-1');
      assert.equal(request!.headers['api-key'], undefined);
    });
  });

  describe('vertex', () => {
    const keys = serviceAccountKeys();
    const vertexConfig = (clientEmail: string) => ({
      modelName: 'vertex/gemini-test',
      provider: 'vertex' as const,
      auth: {
        type: 'googleServiceAccount' as const,
        credentials: { type: 'service_account' as const, private_key: keys.privateKeyPem, private_key_id: 'kid-1', client_email: clientEmail, token_uri: context.server.url('/token') },
      },
      providerOptions: { vertex: { project: 'proj', location: 'us-central1', baseURL: context.server.url('/v1/projects/proj/locations/us-central1/endpoints/openapi'), headers: { 'x-vertex': 'v' } } },
    });

    it('signs a JWT with the service-account key, exchanges it at token_uri, and reuses the token until it expires', async () => {
      const { server } = context;
      server.script({ json: pick }, { json: pick });
      const client = createModelClient(vertexConfig('bot-a@proj.iam.gserviceaccount.com'), { env: {} });
      await client.generateObject(ask);
      await client.generateObject(ask);
      const tokenRequests = server.requests.filter((request) => request.wire === 'token');
      assert.equal(tokenRequests.length, 1, 'one token exchange for two calls');
      const form = tokenRequests[0]!.body as Record<string, string>;
      assert.equal(form.grant_type, 'urn:ietf:params:oauth:grant-type:jwt-bearer');
      const [header, claims, signature] = form.assertion!.split('.');
      assert.ok(createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(keys.publicKeyPem, Buffer.from(signature!, 'base64url')), 'JWT signed with the test key');
      assert.deepEqual(JSON.parse(Buffer.from(header!, 'base64url').toString()), { alg: 'RS256', typ: 'JWT', kid: 'kid-1' });
      const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
      assert.equal(payload.iss, 'bot-a@proj.iam.gserviceaccount.com');
      assert.equal(payload.aud, server.url('/token'));
      assert.equal(payload.scope, 'https://www.googleapis.com/auth/cloud-platform');
      assert.equal(Number(payload.exp) - Number(payload.iat), 3600);
      const modelRequests = server.modelRequests();
      assert.equal(modelRequests.length, 2);
      for (const request of modelRequests) {
        assert.equal(request.path, '/v1/projects/proj/locations/us-central1/endpoints/openapi/chat/completions');
        assert.equal(request.headers.authorization, 'Bearer vertex-access-token-1');
        assert.equal(request.headers['x-vertex'], 'v');
        assert.equal(request.body.model, 'google/gemini-test');
      }
      assert.ok(!JSON.stringify(server.requests).includes('PRIVATE KEY'), 'the private key never leaves the process');
    });

    it('exchanges again when the token is about to expire', async () => {
      const { server } = context;
      server.tokenLifetimeSeconds = 30; // within the early-refresh margin
      server.script({ json: pick }, { json: pick });
      const client = createModelClient(vertexConfig('bot-b@proj.iam.gserviceaccount.com'), { env: {} });
      await client.generateObject(ask);
      await client.generateObject(ask);
      assert.equal(server.requests.filter((request) => request.wire === 'token').length, 2);
    });
  });
});
