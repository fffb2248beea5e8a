import {
  GoogleServiceAccountKeyFileSchema, summarizeProblems, validate,
  type GenericModelConfig, type GoogleServiceAccountCredentials, type ModelConfigObject, type ModelSetting,
} from '../../schema';
import { MissingLLMConfigurationError, ServiceInvalidArgumentError, UnsupportedModelError } from '../errors';
import { parseModelName } from './model-name';
import type { ModelTransport } from './types';
import { readFileSync } from 'node:fs';

export type Environment = Readonly<Record<string, string | undefined>>;

export type ModelAuth =
  | { readonly kind: 'none' }
  /** Bearer token (OpenAI-style wires) or x-api-key (Anthropic). */
  | { readonly kind: 'key'; readonly key: string }
  /** Azure API key, sent as the `api-key` header. */
  | { readonly kind: 'azure-key'; readonly key: string }
  /** Microsoft Entra ID access token, sent as a bearer token. */
  | { readonly kind: 'azure-entra'; readonly token: string }
  /** Google service account: a signed JWT exchanged for an access token. */
  | { readonly kind: 'vertex'; readonly credentials: GoogleServiceAccountCredentials; readonly scopes: readonly string[] };

/** Everything a transport needs to talk to one model, decided once from the configuration and the environment. */
export interface ResolvedModel {
  /** `<provider>/<model>` for messages. */
  readonly id: string;
  readonly provider: string;
  /** The model id sent on the wire. */
  readonly model: string;
  readonly wire: ModelTransport['wire'];
  readonly baseURL: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly auth: ModelAuth;
  /** Values that must never appear in a log line or an error message. */
  readonly secrets: readonly string[];
}

export interface ResolveOptions {
  readonly env?: Environment | undefined;
  /** A model key given for one request (the service's `x-model-api-key`): after the configuration's own key, before the environment. */
  readonly apiKey?: string | undefined;
  /** Where the setting came from, for error messages (`options.model`). */
  readonly field?: string | undefined;
  /**
   * Endpoints a key from the environment may be sent to, beside each provider's own. `'any'` (the default, for a
   * library user whose settings and environment are both theirs); a service lists only its operator's, so a client's
   * `baseURL` never receives the service's keys.
   */
  readonly envKeyEndpoints?: readonly string[] | 'any' | undefined;
}

/** Whether a key from the environment may go to this configured base URL. */
function envKeyMayGo(baseURL: string | undefined, official: string | undefined, options: ResolveOptions): boolean {
  if (!baseURL || baseURL === official) return true;
  const trusted = options.envKeyEndpoints ?? 'any';
  return trusted === 'any' || trusted.includes(baseURL);
}

interface ProviderDefaults {
  readonly wire: ModelTransport['wire'];
  readonly keyVariables: readonly string[];
  readonly baseURL: (env: Environment) => string;
}

const PROVIDERS: Readonly<Record<string, ProviderDefaults>> = {
  openai: { wire: 'responses', keyVariables: ['OPENAI_API_KEY'], baseURL: (env) => env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1' },
  anthropic: { wire: 'anthropic', keyVariables: ['ANTHROPIC_API_KEY'], baseURL: (env) => env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com' },
  // Google's, Microsoft's and Bedrock's OpenAI-compatible endpoints.
  google: {
    wire: 'chat',
    keyVariables: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'],
    baseURL: () => 'https://generativelanguage.googleapis.com/v1beta/openai',
  },
  microsoft: {
    wire: 'chat',
    keyVariables: ['AZURE_INFERENCE_CREDENTIAL'],
    baseURL: (env) => env.AZURE_INFERENCE_ENDPOINT ?? 'https://models.inference.ai.azure.com',
  },
  bedrock: {
    wire: 'responses',
    keyVariables: ['AWS_BEARER_TOKEN_BEDROCK'],
    baseURL: (env) => {
      if (env.AWS_BEDROCK_BASE_URL) return env.AWS_BEDROCK_BASE_URL;
      const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
      if (!region) {
        throw new MissingLLMConfigurationError('bedrock needs a region: set AWS_REGION (or AWS_BEDROCK_BASE_URL, or baseURL in the model configuration).');
      }
      return `https://bedrock-mantle.${region}.api.aws/openai/v1`;
    },
  },
};

export const SUPPORTED_PROVIDERS = [...Object.keys(PROVIDERS), 'azure', 'vertex'] as const;

/** Turns a model setting (string or ModelConfig object) into a ResolvedModel, or throws an error that says what to set. */
export function resolveModel(setting: ModelSetting, options: ResolveOptions = {}): ResolvedModel {
  const env = options.env ?? process.env;
  const field = options.field ?? 'model';
  const config: ModelConfigObject = typeof setting === 'string' ? { modelName: setting } : setting;
  const fieldOfName = typeof setting === 'string' ? field : `${field}.modelName`;

  if (config.provider === 'azure') return resolveAzure(config, env, options.apiKey, field, options);
  if (config.provider === 'vertex') return resolveVertex(config);

  const explicitProvider = config.provider;
  const name = explicitProvider && !config.modelName.startsWith(`${explicitProvider}/`)
    ? { provider: explicitProvider, model: config.modelName }
    : parseModelName(config.modelName, fieldOfName);
  if (name.provider === 'azure' || name.provider === 'vertex') {
    return name.provider === 'azure'
      ? resolveAzure({ modelName: config.modelName, provider: 'azure', providerOptions: { azure: {} }, ...pick(config) }, env, options.apiKey, field, options)
      : resolveVertex(vertexFromEnvironment(config.modelName, env));
  }

  const defaults = PROVIDERS[name.provider];
  if (!defaults && !config.baseURL) {
    throw new UnsupportedModelError(
      `${fieldOfName}: provider "${name.provider}" is not supported; use one of ${SUPPORTED_PROVIDERS.join(', ')}, or give a baseURL for an OpenAI-compatible server.`,
      { field: fieldOfName },
    );
  }
  const officialBaseURL = defaults?.baseURL(env);
  const baseURL = config.baseURL ?? officialBaseURL!;
  const keyVariables = defaults?.keyVariables ?? [`${name.provider.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_API_KEY`];
  const key = config.apiKey ?? options.apiKey ?? (envKeyMayGo(config.baseURL, officialBaseURL, options) ? firstSet(env, keyVariables) : undefined);
  // A custom base URL (a gateway or a local model server) may need no key; the provider's own endpoint always does.
  if (!key && !config.baseURL) throw missingKey(`${name.provider}/${name.model}`, keyVariables, field);

  const wire = defaults?.wire === 'anthropic' ? 'anthropic' : config.openaiEndpointFormat ?? defaults?.wire ?? 'responses';
  return {
    id: `${name.provider}/${name.model}`,
    provider: name.provider,
    model: name.model,
    wire,
    baseURL,
    headers: { ...config.headers },
    query: {},
    auth: key ? { kind: 'key', key } : { kind: 'none' },
    secrets: key ? [key] : [],
  };
}

function pick(config: GenericModelConfig) {
  return { ...(config.apiKey ? { apiKey: config.apiKey } : {}), ...(config.baseURL ? { baseURL: config.baseURL } : {}), ...(config.headers ? { headers: config.headers } : {}) };
}

function resolveAzure(config: Extract<ModelConfigObject, { provider: 'azure' }>, env: Environment, requestKey: string | undefined, field: string, options: ResolveOptions): ResolvedModel {
  const azure = config.providerOptions.azure;
  const model = config.modelName.startsWith('azure/') ? config.modelName.slice('azure/'.length) : config.modelName;
  const resourceName = azure.resourceName ?? env.AZURE_RESOURCE_NAME;
  if (resourceName !== undefined && !/^[a-z0-9][a-z0-9-]{0,62}$/i.test(resourceName)) {
    throw new ServiceInvalidArgumentError(`${field}.providerOptions.azure.resourceName: expected an Azure resource name (letters, digits and hyphens), received ${JSON.stringify(resourceName)}`, { field: `${field}.providerOptions.azure.resourceName` });
  }
  const root = (azure.baseURL ?? config.baseURL ?? (resourceName ? `https://${resourceName}.openai.azure.com/openai` : undefined))?.replace(/\/+$/, '');
  if (!root) {
    throw new MissingLLMConfigurationError(
      `azure/${model} needs an endpoint: set ${field}.providerOptions.azure.resourceName (or baseURL), or the AZURE_RESOURCE_NAME environment variable.`,
      { field: `${field}.providerOptions.azure.resourceName` },
    );
  }
  // Deployment URLs address the model through the path; the v1 API takes it in the body.
  const baseURL = azure.useDeploymentBasedUrls ? `${root}/deployments/${encodeURIComponent(model)}` : `${root}/v1`;
  const apiVersion = azure.apiVersion ?? (azure.useDeploymentBasedUrls ? '2025-04-01-preview' : 'v1');
  const headers = { ...config.headers, ...azure.headers };
  // Every Azure deployment serves chat/completions; the v1 API serves the Responses API.
  const wire = azure.useDeploymentBasedUrls ? ('chat' as const) : ('responses' as const);
  const common = { id: `azure/${model}`, provider: 'azure', model, wire, baseURL, headers, query: { 'api-version': apiVersion } };
  if ('auth' in config) return { ...common, auth: { kind: 'azure-entra', token: config.auth.token }, secrets: [config.auth.token] };
  const custom = azure.baseURL ?? config.baseURL;
  const key = config.apiKey ?? requestKey ?? (envKeyMayGo(custom, undefined, options) ? firstSet(env, ['AZURE_API_KEY', 'AZURE_OPENAI_API_KEY']) : undefined);
  if (!key) throw missingKey(`azure/${model}`, ['AZURE_API_KEY'], field, 'or use an Entra ID token in auth');
  return { ...common, auth: { kind: 'azure-key', key }, secrets: [key] };
}

function resolveVertex(config: Extract<ModelConfigObject, { provider: 'vertex' }>): ResolvedModel {
  const { project, location } = config.providerOptions.vertex;
  const rest = config.modelName.replace(/^(vertex|google)\//, '');
  // Vertex's OpenAI-compatible endpoint names models by publisher: google/gemini-…, meta/llama-…
  const model = rest.includes('/') ? rest : `google/${rest}`;
  const host = location === 'global' ? 'aiplatform.googleapis.com' : `${location}-aiplatform.googleapis.com`;
  const baseURL = config.providerOptions.vertex.baseURL ?? config.baseURL
    ?? `https://${host}/v1/projects/${encodeURIComponent(project)}/locations/${encodeURIComponent(location)}/endpoints/openapi`;
  const scopes = config.auth.scopes === undefined ? ['https://www.googleapis.com/auth/cloud-platform'] : ([] as string[]).concat(config.auth.scopes);
  const headers: Record<string, string> = { ...config.headers, ...config.providerOptions.vertex.headers };
  if (config.apiKey) headers['x-goog-api-key'] = config.apiKey;
  return {
    id: `vertex/${rest}`,
    provider: 'vertex',
    model,
    wire: 'chat',
    baseURL,
    headers,
    query: {},
    auth: { kind: 'vertex', credentials: config.auth.credentials, scopes },
    secrets: [config.auth.credentials.private_key, ...(config.apiKey ? [config.apiKey] : [])],
  };
}

/** `vertex/<model>` as a plain string: the service account comes from GOOGLE_APPLICATION_CREDENTIALS, as Google's own tools do. */
function vertexFromEnvironment(modelName: string, env: Environment): Extract<ModelConfigObject, { provider: 'vertex' }> {
  const path = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (!path) {
    throw new MissingLLMConfigurationError(`${modelName} needs a service account: set GOOGLE_APPLICATION_CREDENTIALS to its JSON key file, or pass a vertex model configuration object.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new MissingLLMConfigurationError(`GOOGLE_APPLICATION_CREDENTIALS (${path}) could not be read as JSON: ${(error as Error).message}`);
  }
  const credentials = validate(GoogleServiceAccountKeyFileSchema, parsed);
  if (!credentials.ok) throw new ServiceInvalidArgumentError(`GOOGLE_APPLICATION_CREDENTIALS (${path}): ${summarizeProblems(credentials.problems)}`);
  const project = env.GOOGLE_VERTEX_PROJECT ?? credentials.value.project_id;
  const location = env.GOOGLE_VERTEX_LOCATION;
  if (!project) throw new MissingLLMConfigurationError(`${modelName} needs a project: set GOOGLE_VERTEX_PROJECT.`);
  if (!location) throw new MissingLLMConfigurationError(`${modelName} needs a location: set GOOGLE_VERTEX_LOCATION (for example us-central1 or global).`);
  const { private_key, client_email } = credentials.value;
  return {
    modelName,
    provider: 'vertex',
    auth: { type: 'googleServiceAccount', credentials: { ...credentials.value, private_key, client_email } },
    providerOptions: { vertex: { project, location } },
  };
}

function firstSet(env: Environment, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

function missingKey(id: string, variables: readonly string[], field: string, alternative?: string): MissingLLMConfigurationError {
  const variable = variables.length > 1 ? `${variables[0]} (or ${variables.slice(1).join(', ')})` : variables[0];
  return new MissingLLMConfigurationError(
    `No API key for ${id}: set ${variable}, or pass apiKey in ${field}${alternative ? `, ${alternative}` : ''}.`,
    { field: `${field}.apiKey` },
  );
}

/**
 * The addresses a model setting makes the engine call that its author chose (base URLs, a service account's token URI);
 * a service checks them against its network policy. Providers' own endpoints are not listed.
 */
export function chosenEndpoints(setting: ModelSetting | undefined, field: string): { url: string; field: string }[] {
  if (!setting || typeof setting === 'string') return [];
  const found: { url: string; field: string }[] = [];
  if (setting.baseURL) found.push({ url: setting.baseURL, field: `${field}.baseURL` });
  if ('providerOptions' in setting) {
    const options = setting.providerOptions as { azure?: { baseURL?: string }; vertex?: { baseURL?: string } };
    if (options.azure?.baseURL) found.push({ url: options.azure.baseURL, field: `${field}.providerOptions.azure.baseURL` });
    if (options.vertex?.baseURL) found.push({ url: options.vertex.baseURL, field: `${field}.providerOptions.vertex.baseURL` });
  }
  if ('auth' in setting && setting.auth.type === 'googleServiceAccount' && setting.auth.credentials.token_uri) {
    found.push({ url: setting.auth.credentials.token_uri, field: `${field}.auth.credentials.token_uri` });
  }
  return found;
}
