import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { SdkOptions } from './types';
import { boundedFetch, DEFAULT_MODEL_REPLY_LIMIT_BYTES } from './bounded-fetch';
import type { ResolvedModel } from './resolve';
import { vertexTokenSource } from './vertex-token';


const DEFAULT_RETRIES = 2;
export const DEFAULT_MODEL_REQUEST_TIMEOUT_MS = 120_000;
/**
 * Both SDKs insist on a credential. Where none is to be sent (a local model server, Azure's api-key header) they get this
 * placeholder and the header it would produce is removed again by a null default header.
 */
const NO_CREDENTIAL = 'no-credential';

/** The real `openai` client, pointed and authenticated as the resolved configuration says, reading nothing from the environment. */
export function openAIClient(model: ResolvedModel, options: SdkOptions): OpenAI {
  const auth = model.auth;
  let apiKey: string | (() => Promise<string>) = NO_CREDENTIAL;
  const headers: Record<string, string | null> = { ...model.headers };
  switch (auth.kind) {
    case 'key': apiKey = auth.key; break;
    case 'azure-entra': apiKey = auth.token; break;
    case 'vertex': apiKey = vertexTokenSource(auth.credentials, auth.scopes); break;
    case 'azure-key': headers['api-key'] = auth.key; headers.Authorization = null; break;
    case 'none': headers.Authorization = null; break;
  }
  return new OpenAI({
    apiKey,
    organization: null,
    project: null,
    baseURL: model.baseURL,
    defaultHeaders: headers,
    defaultQuery: Object.keys(model.query).length ? model.query : undefined,
    maxRetries: options.maxRetries ?? DEFAULT_RETRIES,
    timeout: options.requestTimeoutMs ?? DEFAULT_MODEL_REQUEST_TIMEOUT_MS,
    fetch: boundedFetch(options.replyLimitBytes ?? DEFAULT_MODEL_REPLY_LIMIT_BYTES, model.id),
    logLevel: 'off',
  });
}

/** The real `@anthropic-ai/sdk` client (which sends an API key as a bearer token). */
export function anthropicClient(model: ResolvedModel, options: SdkOptions): Anthropic {
  const key = model.auth.kind === 'key' ? model.auth.key : undefined;
  return new Anthropic({
    apiKey: key ?? NO_CREDENTIAL,
    baseURL: model.baseURL,
    defaultHeaders: { ...model.headers, ...(key ? {} : { Authorization: null }) },
    maxRetries: options.maxRetries ?? DEFAULT_RETRIES,
    timeout: options.requestTimeoutMs ?? DEFAULT_MODEL_REQUEST_TIMEOUT_MS,
    fetch: boundedFetch(options.replyLimitBytes ?? DEFAULT_MODEL_REPLY_LIMIT_BYTES, model.id),
    logLevel: 'off',
  });
}
