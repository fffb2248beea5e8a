import * as v from 'valibot';
import { constant, flag, looseObject, nonEmptyText, oneOf, strictObject, stringMap, text, url } from './messages';

export const GENERIC_PROVIDERS = ['openai', 'anthropic', 'google', 'microsoft', 'bedrock'] as const;
export const OPENAI_ENDPOINT_FORMATS = ['responses', 'chat'] as const;

export const GenericModelConfigSchema = strictObject({
  modelName: text(),
  apiKey: v.optional(text()),
  baseURL: v.optional(url()),
  headers: v.optional(stringMap()),
  openaiEndpointFormat: v.optional(oneOf(OPENAI_ENDPOINT_FORMATS)),
  provider: v.optional(oneOf(GENERIC_PROVIDERS)),
});

const googleServiceAccountCredentialsEntries = {
  type: v.optional(constant('service_account')),
  project_id: v.optional(text()),
  private_key_id: v.optional(text()),
  private_key: text(),
  client_email: text(),
  client_id: v.optional(text()),
  universe_domain: v.optional(text()),
  auth_uri: v.optional(url()),
  token_uri: v.optional(url()),
  auth_provider_x509_cert_url: v.optional(url()),
  client_x509_cert_url: v.optional(url()),
};
export const GoogleServiceAccountCredentialsSchema = strictObject(googleServiceAccountCredentialsEntries);
/** A service-account key file as Google issues it; fields Google may add later are dropped. */
export const GoogleServiceAccountKeyFileSchema = looseObject(googleServiceAccountCredentialsEntries);
export type GoogleServiceAccountCredentials = v.InferOutput<typeof GoogleServiceAccountCredentialsSchema>;

export const GoogleServiceAccountAuthSchema = strictObject({
  type: constant('googleServiceAccount'),
  credentials: GoogleServiceAccountCredentialsSchema,
  scopes: v.optional(v.union([text(), v.array(text())], (issue) => `expected a string or an array of strings, received ${issue.received}`)),
  projectId: v.optional(text()),
  universeDomain: v.optional(text()),
});

export const VertexProviderOptionsSchema = strictObject({
  project: text(),
  location: text(),
  baseURL: v.optional(url()),
  headers: v.optional(stringMap()),
});

export const VertexModelConfigSchema = strictObject({
  modelName: text(),
  provider: constant('vertex'),
  auth: GoogleServiceAccountAuthSchema,
  providerOptions: strictObject({ vertex: VertexProviderOptionsSchema }),
  apiKey: v.optional(text()),
  baseURL: v.optional(url()),
  headers: v.optional(stringMap()),
});

export const AzureProviderOptionsSchema = strictObject({
  azure: strictObject({
    resourceName: v.optional(text()),
    baseURL: v.optional(url()),
    apiVersion: v.optional(text()),
    useDeploymentBasedUrls: v.optional(flag()),
    headers: v.optional(stringMap()),
  }),
});

export const AzureKeyModelConfigSchema = strictObject({
  modelName: text(),
  provider: constant('azure'),
  providerOptions: AzureProviderOptionsSchema,
  apiKey: v.optional(text()),
  baseURL: v.optional(url()),
  headers: v.optional(stringMap()),
});

export const AzureEntraModelConfigSchema = strictObject({
  modelName: text(),
  provider: constant('azure'),
  providerOptions: AzureProviderOptionsSchema,
  auth: strictObject({ type: constant('azureEntraId'), token: nonEmptyText() }),
  baseURL: v.optional(url()),
  headers: v.optional(stringMap()),
});

export type GenericModelConfig = v.InferOutput<typeof GenericModelConfigSchema>;
export type VertexModelConfig = v.InferOutput<typeof VertexModelConfigSchema>;
export type AzureKeyModelConfig = v.InferOutput<typeof AzureKeyModelConfigSchema>;
export type AzureEntraModelConfig = v.InferOutput<typeof AzureEntraModelConfigSchema>;
export type ModelConfigObject = GenericModelConfig | VertexModelConfig | AzureKeyModelConfig | AzureEntraModelConfig;

type Loose = Record<string, unknown>;
const field = (input: unknown, key: string): unknown => (typeof input === 'object' && input !== null ? (input as Loose)[key] : undefined);

/**
 * Picks the variant the author meant from its telltale fields, so that a mistake is reported against that variant
 * (`provider: expected "vertex", received "gcp"`) rather than as "matches none of four shapes".
 */
function variantFor(input: unknown): v.GenericSchema<unknown, ModelConfigObject> {
  const provider = field(input, 'provider');
  const auth = field(input, 'auth');
  const authType = field(auth, 'type');
  const options = field(input, 'providerOptions');
  if (provider === 'vertex' || authType === 'googleServiceAccount' || field(options, 'vertex') !== undefined) return VertexModelConfigSchema;
  if (provider === 'azure' || authType === 'azureEntraId' || field(options, 'azure') !== undefined) {
    return auth !== undefined ? AzureEntraModelConfigSchema : AzureKeyModelConfigSchema;
  }
  return GenericModelConfigSchema;
}

/** SPEC ModelConfig: exactly one of the four objects, each rejecting unknown properties. */
export const ModelConfigObjectSchema: v.GenericSchema<unknown, ModelConfigObject> = v.lazy(variantFor);

/** SPEC ObserveOptions.model: a ModelConfig object or a `<provider>/<model>` string (its form is checked by the model layer). */
export const ModelSettingSchema = v.union([text(), ModelConfigObjectSchema], (issue) => `expected a "<provider>/<model>" string or a model configuration object, received ${issue.received}`);
export type ModelSetting = v.InferOutput<typeof ModelSettingSchema>;
