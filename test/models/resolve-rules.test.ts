import assert from 'node:assert/strict';
import { resolveModel } from '../../src/core/models/resolve';

/**
 * Which endpoint, wire and key a model setting comes to, as a table: the provider suites send real requests through
 * each; these say the rules at once, the key's journey above all (a key from the environment goes only to its own
 * provider's endpoint, or to one the operator trusts).
 */
describe('model settings resolved, rule by rule', () => {
  const env = {
    OPENAI_API_KEY: 'sk-env-openai', ANTHROPIC_API_KEY: 'sk-env-anthropic', GEMINI_API_KEY: 'g-env', AZURE_INFERENCE_CREDENTIAL: 'ms-env',
    AWS_BEARER_TOKEN_BEDROCK: 'aws-env', AWS_REGION: 'eu-west-1', AZURE_API_KEY: 'az-env', AZURE_RESOURCE_NAME: 'acme',
  };

  it('each provider: its wire, its endpoint and its key variable', () => {
    const rows = ['openai/m', 'anthropic/m', 'google/m', 'microsoft/m', 'bedrock/m', 'azure/m'].map((name) => {
      const model = resolveModel(name, { env });
      return [name, model.wire, model.baseURL, model.auth.kind, 'key' in model.auth ? model.auth.key : ''];
    });
    assert.deepEqual(rows, [
      ['openai/m', 'responses', 'https://api.openai.com/v1', 'key', 'sk-env-openai'],
      ['anthropic/m', 'anthropic', 'https://api.anthropic.com', 'key', 'sk-env-anthropic'],
      ['google/m', 'chat', 'https://generativelanguage.googleapis.com/v1beta/openai', 'key', 'g-env'],
      ['microsoft/m', 'chat', 'https://models.inference.ai.azure.com', 'key', 'ms-env'],
      ['bedrock/m', 'responses', 'https://bedrock-mantle.eu-west-1.api.aws/openai/v1', 'key', 'aws-env'],
      ['azure/m', 'responses', 'https://acme.openai.azure.com/openai/v1', 'azure-key', 'az-env'],
    ]);
  });

  it('the key comes from the configuration, then the request, then the environment', () => {
    const key = (setting: Parameters<typeof resolveModel>[0], apiKey?: string) => {
      const auth = resolveModel(setting, { env, ...(apiKey ? { apiKey } : {}) }).auth;
      return 'key' in auth ? auth.key : auth.kind;
    };
    assert.equal(key({ modelName: 'openai/m', apiKey: 'sk-config' }, 'sk-request'), 'sk-config');
    assert.equal(key('openai/m', 'sk-request'), 'sk-request');
    assert.equal(key('openai/m'), 'sk-env-openai');
  });

  it('a key from the environment never goes to a base URL the caller chose, unless the operator trusts it', () => {
    const chosen = { modelName: 'openai/m', baseURL: 'https://collector.example/v1' };
    assert.deepEqual(resolveModel(chosen, { env, envKeyEndpoints: [] }).auth, { kind: 'none' });
    assert.deepEqual(resolveModel(chosen, { env, envKeyEndpoints: ['https://collector.example/v1'] }).auth, { kind: 'key', key: 'sk-env-openai' });
    assert.deepEqual(resolveModel({ modelName: 'openai/m', baseURL: 'https://api.openai.com/v1' }, { env, envKeyEndpoints: [] }).auth, { kind: 'key', key: 'sk-env-openai' }, 'its own endpoint');
    assert.throws(() => resolveModel({ modelName: 'azure/m', baseURL: 'https://collector.example' }, { env: { AZURE_API_KEY: 'az-env' }, envKeyEndpoints: [] }), /No API key for azure\/m/, 'Azure: the key stays, so none is there');
  });

  it('what is missing or wrong is named, with what to set', () => {
    assert.throws(() => resolveModel('openai/m', { env: {} }), /set OPENAI_API_KEY/);
    assert.throws(() => resolveModel('bedrock/m', { env: { AWS_BEARER_TOKEN_BEDROCK: 'x' } }), /bedrock needs a region: set AWS_REGION/);
    assert.throws(() => resolveModel('azure/m', { env: { AZURE_API_KEY: 'x' } }), /azure\/m needs an endpoint: set model\.providerOptions\.azure\.resourceName/);
    assert.throws(() => resolveModel('azure/m', { env: { AZURE_API_KEY: 'x', AZURE_RESOURCE_NAME: 'evil.example/x?' } }), /resourceName: expected an Azure resource name/);
    assert.throws(() => resolveModel('nobody/m', { env }), /provider "nobody" is not supported; use one of openai, anthropic/);
    assert.deepEqual(resolveModel({ modelName: 'local/llama', baseURL: 'http://127.0.0.1:11434/v1' }, { env: {} }).auth, { kind: 'none' }, 'a server of your own needs no key');
  });
});
