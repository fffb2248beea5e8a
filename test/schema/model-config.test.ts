import { ModelSettingSchema } from '../../src/schema';
import { accepts, rejects } from './expect-problems';

const credentials = { type: 'service_account', private_key: '-----BEGIN PRIVATE KEY-----\n…', client_email: 'bot@p.iam.gserviceaccount.com', token_uri: 'https://oauth2.googleapis.com/token' };
const vertex = {
  modelName: 'vertex/gemini-2.5-flash',
  provider: 'vertex',
  auth: { type: 'googleServiceAccount', credentials, scopes: ['https://www.googleapis.com/auth/cloud-platform'] },
  providerOptions: { vertex: { project: 'p', location: 'us-central1' } },
};
const azureKey = { modelName: 'azure/gpt-4.1', provider: 'azure', apiKey: 'k', providerOptions: { azure: { resourceName: 'r', apiVersion: 'v1' } } };
const azureEntra = { modelName: 'azure/gpt-4.1', provider: 'azure', providerOptions: { azure: { resourceName: 'r' } }, auth: { type: 'azureEntraId', token: 'eyJ' } };

describe('ModelConfig variants', () => {
  it('accepts a model string and each of the four objects', () => {
    accepts(ModelSettingSchema, 'openai/gpt-4.1-mini');
    accepts(ModelSettingSchema, { modelName: 'openai/gpt-4.1', apiKey: 'k', baseURL: 'http://127.0.0.1:1/v1', headers: { 'x-team': 'a' }, openaiEndpointFormat: 'chat', provider: 'openai' });
    accepts(ModelSettingSchema, vertex);
    accepts(ModelSettingSchema, azureKey);
    accepts(ModelSettingSchema, azureEntra);
  });

  it('generic: enums, URLs, headers and unknown properties', () => {
    rejects(ModelSettingSchema, { modelName: 'x/y', openaiEndpointFormat: 'completions' }, 'openaiEndpointFormat: expected "responses" | "chat", received "completions"');
    rejects(ModelSettingSchema, { modelName: 'x/y', provider: 'mistral' }, 'provider: expected "openai" | "anthropic" | "google" | "microsoft" | "bedrock", received "mistral"');
    rejects(ModelSettingSchema, { modelName: 'x/y', baseURL: 'localhost:11434' }, 'baseURL: expected an http(s) URL, received "localhost:11434"');
    rejects(ModelSettingSchema, { modelName: 'x/y', headers: { 'x-n': 1 } }, 'headers.x-n: expected a string, received 1');
    rejects(ModelSettingSchema, { modelName: 'x/y', temperature: 0 }, 'temperature: is not an allowed property (allowed: modelName, apiKey, baseURL, headers, openaiEndpointFormat, provider)');
    rejects(ModelSettingSchema, { apiKey: 'k' }, 'modelName: is required, expected a string');
    rejects(ModelSettingSchema, 42, '(root): expected a "<provider>/<model>" string or a model configuration object, received 42');
  });

  it('vertex: reports against the vertex shape when it looks like one', () => {
    rejects(ModelSettingSchema, { ...vertex, provider: 'gcp' }, 'provider: expected "vertex", received "gcp"');
    rejects(ModelSettingSchema, { ...vertex, auth: { ...vertex.auth, type: 'serviceAccount' } }, 'auth.type: expected "googleServiceAccount", received "serviceAccount"');
    rejects(ModelSettingSchema, { ...vertex, auth: { ...vertex.auth, credentials: { ...credentials, client_email: undefined } } }, 'auth.credentials.client_email: expected a string, received undefined');
    rejects(ModelSettingSchema, { ...vertex, auth: { ...vertex.auth, credentials: { ...credentials, token_uri: 'not a url' } } }, 'auth.credentials.token_uri: expected an http(s) URL, received "not a url"');
    rejects(ModelSettingSchema, { ...vertex, providerOptions: { vertex: { project: 'p' } } }, 'providerOptions.vertex.location: is required, expected a string');
    rejects(ModelSettingSchema, { ...vertex, providerOptions: {} }, 'providerOptions.vertex: is required, expected an object');
    rejects(ModelSettingSchema, { ...vertex, openaiEndpointFormat: 'chat' }, 'openaiEndpointFormat: is not an allowed property (allowed: modelName, provider, auth, providerOptions, apiKey, baseURL, headers)');
  });

  it('azure: key and Entra variants', () => {
    rejects(ModelSettingSchema, { ...azureKey, providerOptions: { azure: { useDeploymentBasedUrls: 'yes' } } }, 'providerOptions.azure.useDeploymentBasedUrls: expected true or false, received "yes"');
    rejects(ModelSettingSchema, { ...azureKey, providerOptions: { azure: { deployment: 'd' } } }, 'providerOptions.azure.deployment: is not an allowed property (allowed: resourceName, baseURL, apiVersion, useDeploymentBasedUrls, headers)');
    rejects(ModelSettingSchema, { ...azureEntra, auth: { type: 'azureEntraId', token: '' } }, 'auth.token: expected a non-empty string');
    rejects(ModelSettingSchema, { ...azureEntra, apiKey: 'k' }, 'apiKey: is not an allowed property (allowed: modelName, provider, providerOptions, auth, baseURL, headers)');
    rejects(ModelSettingSchema, { ...azureEntra, auth: { type: 'entra', token: 't' } }, 'auth.type: expected "azureEntraId", received "entra"');
    rejects(ModelSettingSchema, { modelName: 'azure/x', provider: 'azure' }, 'providerOptions: is required, expected an object');
  });
});
