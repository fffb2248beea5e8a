import assert from 'node:assert/strict';
import * as v from 'valibot';
import {
  InvalidAISDKModelFormatError, LLMResponseError, MissingLLMConfigurationError, ServiceTimeoutError, UnsupportedModelError,
} from '../../src/core/errors';
import { createModelClient } from '../../src/core/models';
import type { ModelConfigObject } from '../../src/schema';
import { CANARY_KEY, PickSchema, useModelServer } from './model-fixtures';

const ask = { prompt: 'click sign in', schema: PickSchema, name: 'pick' };
const good = { elementId: '0-3', reason: 'match' };

describe('model client behaviour', () => {
  const context = useModelServer();
  const openai = (extra: Partial<ModelConfigObject> = {}) =>
    createModelClient({ modelName: 'openai/gpt-test', baseURL: context.server.url('/v1'), apiKey: CANARY_KEY, ...extra } as ModelConfigObject, { env: {} });
  const wires = {
    responses: () => openai(),
    chat: () => openai({ openaiEndpointFormat: 'chat' }),
    anthropic: () => createModelClient({ modelName: 'anthropic/claude-test', baseURL: context.server.origin, apiKey: CANARY_KEY }, { env: {} }),
  };

  describe('repair turn', () => {
    for (const [wire, make] of Object.entries(wires)) {
      it(`${wire}: a reply that fails the schema gets one repair turn quoting the problem`, async () => {
        const { server } = context;
        server.script({ json: { elementId: 5, reason: 'x' }, usage: { input: 10, output: 1 } }, { json: good, usage: { input: 20, output: 2 } });
        const reply = await make().generateObject(ask);
        assert.deepEqual(reply.object, good);
        assert.equal(reply.attempts, 2);
        assert.equal(reply.usage.input_tokens, 30, 'usage of both turns');
        assert.equal(reply.usage.output_tokens, 3);
        const repair = JSON.stringify(server.requests[1]!.body);
        assert.match(repair, /That answer cannot be used: elementId: expected a string, received 5/);
      });
    }

    it('a second bad reply is an LLMResponseError that says what was wrong', async () => {
      context.server.script({ text: 'I think it is the blue one' }, { text: 'still prose' });
      await assert.rejects(openai().generateObject(ask), (error: unknown) => {
        assert.ok(error instanceof LLMResponseError);
        assert.equal(error.message, 'openai/gpt-test twice returned a pick that is not usable: the reply held no JSON object');
        return true;
      });
    });

    it("the caller's own check triggers the repair too (ids that are not on the page)", async () => {
      context.server.script({ json: { elementId: '9-99', reason: 'x' } }, { json: good });
      const reply = await openai().generateObject({ ...ask, check: (value) => (value.elementId === '9-99' ? 'element 9-99 is not on the page' : undefined) });
      assert.deepEqual(reply.object, good);
      assert.match(JSON.stringify(context.server.requests[1]!.body), /element 9-99 is not on the page/);
    });
  });

  it('falls back to JSON in the text when a chat endpoint has no structured output, and remembers it', async () => {
    const { server } = context;
    server.script(
      { status: 400, message: "Unsupported parameter: 'response_format' of type json_schema" },
      { text: 'Here you go:\n```json\n{"elementId":"0-3","reason":"match"}\n```' },
      { text: '{"elementId":"0-3","reason":"match"}' },
    );
    const client = createModelClient({ modelName: 'local/tiny', baseURL: server.url('/v1'), openaiEndpointFormat: 'chat' }, { env: {} });
    assert.deepEqual((await client.generateObject(ask)).object, good);
    assert.deepEqual((await client.generateObject(ask)).object, good);
    const [native, fallback, next] = server.requests;
    assert.ok(native!.body.response_format, 'first try is native');
    assert.equal(fallback!.body.response_format, undefined);
    assert.match(String((fallback!.body.messages as { content: string }[])[0]!.content), /Reply with one JSON object only/);
    assert.equal(next!.body.response_format, undefined, 'the endpoint is remembered as text-only');
  });

  describe('retries', () => {
    for (const status of [429, 503]) {
      it(`retries after ${status} and succeeds`, async () => {
        context.server.script({ status, message: 'busy', retryAfterMs: 5 }, { json: good });
        assert.deepEqual((await openai().generateObject(ask)).object, good);
        assert.equal(context.server.requests.length, 2);
      });
    }

    it('does not retry a 400, and reports it without the key', async () => {
      context.server.script({ status: 400, message: `bad request for key ${CANARY_KEY}` });
      await assert.rejects(openai().generateObject(ask), (error: unknown) => {
        assert.ok(error instanceof LLMResponseError);
        assert.match(error.message, /^openai\/gpt-test: the provider answered HTTP 400: /);
        assert.ok(!error.message.includes(CANARY_KEY), 'the key is redacted');
        assert.match(error.message, /\[redacted\]/);
        return true;
      });
      assert.equal(context.server.requests.length, 1);
    });

    it('gives up after the retries with the last status', async () => {
      context.server.script(...[1, 2, 3].map(() => ({ status: 503, message: 'overloaded', retryAfterMs: 1 })));
      await assert.rejects(openai().generateObject(ask), /openai\/gpt-test: the provider answered HTTP 503: 503 overloaded/);
      assert.equal(context.server.requests.length, 3, 'the first try and two retries');
    });

    it('a refused key says so, without the key', async () => {
      context.server.script({ status: 401, message: `Incorrect API key provided: ${CANARY_KEY}` });
      await assert.rejects(openai().generateObject(ask), (error: unknown) => {
        assert.ok(error instanceof LLMResponseError);
        assert.match(error.message, /refused the credentials/);
        assert.equal(error.field, 'apiKey', 'the key is named as the field at fault');
        assert.ok(!error.message.includes(CANARY_KEY));
        return true;
      });
    });
  });

  describe('tool-calling turns, JSON and streamed', () => {
    const tools = [{ name: 'click', description: 'Click an element', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } }];
    for (const [wire, make] of Object.entries(wires)) {
      for (const streamed of [false, true]) {
        it(`${wire}${streamed ? ' (streamed)' : ''}: sends the tools, returns text, calls and usage`, async () => {
          const { server } = context;
          server.script({ text: 'Clicking the button now.', toolCalls: [{ name: 'click', input: { id: '0-7' }, id: 'call_A' }], usage: { input: 70, output: 9, cached: 5 } });
          const deltas: string[] = [];
          const reply = await make().turn({
            system: 'agent',
            items: [{ role: 'user', content: [{ type: 'text', text: 'sign in' }, { type: 'image', mediaType: 'image/png', base64: 'iVBORw0KGgo=' }] }],
            tools,
            ...(streamed ? { onText: (delta: string) => deltas.push(delta) } : {}),
          });
          assert.equal(reply.text, 'Clicking the button now.');
          assert.deepEqual(reply.toolCalls, [{ id: 'call_A', name: 'click', input: { id: '0-7' } }]);
          assert.deepEqual([reply.usage.input_tokens, reply.usage.output_tokens, reply.usage.cached_input_tokens], [70, 9, 5]);
          if (streamed) {
            assert.ok(deltas.length > 1, 'text arrives in pieces');
            assert.equal(deltas.join(''), 'Clicking the button now.');
          }
          const body = JSON.stringify(server.requests[0]!.body);
          assert.equal(server.requests[0]!.stream, streamed);
          assert.match(body, /"click"/);
          assert.match(body, /iVBORw0KGgo=/, 'the image is sent');
        });
      }

      it(`${wire}: a tool result goes back as the wire's tool message`, async () => {
        const { server } = context;
        server.script({ text: 'done' });
        await make().turn({
          items: [
            { role: 'user', content: [{ type: 'text', text: 'sign in' }] },
            { role: 'assistant', toolCalls: [{ id: 'call_A', name: 'click', input: { id: '0-7' } }] },
            { role: 'tool', callId: 'call_A', name: 'click', output: 'element not found', isError: true },
          ],
          tools,
        });
        const body = server.requests[0]!.body;
        if (wire === 'responses') {
          assert.deepEqual((body.input as unknown[]).slice(1), [
            { type: 'function_call', call_id: 'call_A', name: 'click', arguments: '{"id":"0-7"}' },
            { type: 'function_call_output', call_id: 'call_A', output: 'Error: element not found' },
          ]);
        } else if (wire === 'chat') {
          assert.deepEqual((body.messages as unknown[]).slice(1), [
            { role: 'assistant', content: null, tool_calls: [{ id: 'call_A', type: 'function', function: { name: 'click', arguments: '{"id":"0-7"}' } }] },
            { role: 'tool', tool_call_id: 'call_A', content: 'Error: element not found' },
          ]);
        } else {
          assert.deepEqual((body.messages as unknown[]).slice(1), [
            { role: 'assistant', content: [{ type: 'tool_use', id: 'call_A', name: 'click', input: { id: '0-7' } }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_A', content: 'element not found', is_error: true }] },
          ]);
        }
      });
    }
  });

  it('a timeout aborts the request in flight and reports the timeout', async () => {
    context.server.script({ json: good, delayMs: 10_000 });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new ServiceTimeoutError('observe timed out after 200 ms')), 200);
    const started = Date.now();
    await assert.rejects(openai().generateObject({ ...ask, signal: controller.signal }), (error: unknown) => {
      assert.ok(error instanceof ServiceTimeoutError);
      assert.equal(error.message, 'observe timed out after 200 ms');
      return true;
    });
    clearTimeout(timer);
    assert.ok(Date.now() - started < 5_000, 'did not wait for the slow reply');
    assert.equal(context.server.requests.length, 1, 'no retry after a cancellation');
  });

  describe('configuration errors', () => {
    it('a missing key names the variable to set', () => {
      assert.throws(() => createModelClient('openai/gpt-4.1-mini', { env: {} }), (error: unknown) => {
        assert.ok(error instanceof MissingLLMConfigurationError);
        assert.equal(error.message, 'No API key for openai/gpt-4.1-mini: set OPENAI_API_KEY, or pass apiKey in model.');
        return true;
      });
      assert.throws(() => createModelClient('google/gemini-2.5-flash', { env: {} }), /set GEMINI_API_KEY \(or GOOGLE_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY\)/);
      assert.throws(() => createModelClient('anthropic/claude-sonnet-4-5', { env: {}, field: 'options.model' }), /set ANTHROPIC_API_KEY, or pass apiKey in options\.model\./);
      assert.throws(() => createModelClient({ modelName: 'azure/gpt', provider: 'azure', providerOptions: { azure: { resourceName: 'r' } } }, { env: {} }), /No API key for azure\/gpt: set AZURE_API_KEY, or pass apiKey in model, or use an Entra ID token in auth\./);
      assert.throws(() => createModelClient({ modelName: 'azure/gpt', provider: 'azure', providerOptions: { azure: {} } }, { env: { AZURE_API_KEY: 'k' } }), /azure\/gpt needs an endpoint: set model\.providerOptions\.azure\.resourceName/);
      assert.throws(() => createModelClient('bedrock/x', { env: { AWS_BEARER_TOKEN_BEDROCK: 't' } }), /bedrock needs a region: set AWS_REGION/);
    });

    it('a model string without a provider is InvalidAISDKModelFormatError', () => {
      assert.throws(() => createModelClient('gpt-4o', { env: {}, field: 'options.model' }), (error: unknown) => {
        assert.ok(error instanceof InvalidAISDKModelFormatError);
        assert.equal(error.message, 'options.model: expected "<provider>/<model>" such as "openai/gpt-4.1-mini" or "anthropic/claude-sonnet-4-5", received "gpt-4o"');
        return true;
      });
    });

    it('an unknown provider without a baseURL is UnsupportedModelError', () => {
      assert.throws(() => createModelClient('mistral/large', { env: {} }), (error: unknown) => {
        assert.ok(error instanceof UnsupportedModelError);
        assert.match(error.message, /provider "mistral" is not supported; use one of openai, anthropic, google, microsoft, bedrock, azure, vertex, or give a baseURL/);
        return true;
      });
    });
  });

  it('the structured output schema sent is strict only when OpenAI strict mode allows it', async () => {
    context.server.script({ json: { a: 'x' } });
    await openai().generateObject({ prompt: 'p', name: 'loose', schema: v.object({ a: v.string(), b: v.optional(v.string()) }) });
    const format = (context.server.requests[0]!.body.text as { format: { strict: boolean } }).format;
    assert.equal(format.strict, false);
  });
});
