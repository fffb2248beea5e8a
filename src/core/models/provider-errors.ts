import { LLMResponseError, ServiceError, abortReason } from '../errors';
import { redact } from '../redact';
import type { ResolvedModel } from './resolve';

interface SdkErrorShape {
  name?: string;
  status?: number;
  message?: string;
  cause?: unknown;
}

/**
 * Turns whatever an SDK call threw into one of our errors, with the model id, the status and the provider's own words,
 * and with every secret of the configuration removed. Both SDKs share these error names.
 */
export function providerError(error: unknown, model: ResolvedModel, signal: AbortSignal | undefined): ServiceError {
  if (signal?.aborted) return abortReason(signal);
  if (error instanceof ServiceError) return error;
  const shape = (typeof error === 'object' && error !== null ? error : {}) as SdkErrorShape;
  // A failure inside our token source (vertex) reaches us wrapped by the SDK.
  if (shape.cause instanceof ServiceError) return shape.cause;
  const clean = (text: string) => redact(text, model.secrets);
  const detail = clean(shape.message ?? String(error));
  if (shape.name === 'APIUserAbortError') return new LLMResponseError(`${model.id}: the request was aborted.`);
  if (shape.name === 'APIConnectionTimeoutError') return new LLMResponseError(`${model.id}: the provider at ${model.baseURL} did not answer in time.`);
  if (shape.name === 'APIConnectionError') return new LLMResponseError(`${model.id}: could not reach ${model.baseURL}: ${detail}`);
  if (typeof shape.status === 'number') {
    // A refusal names the key as the field at fault: callers (the extension's "Set Model API Key") go by that.
    if (shape.status === 401 || shape.status === 403) return new LLMResponseError(`${model.id}: the provider refused the credentials: ${detail}`, { field: 'apiKey' });
    return new LLMResponseError(`${model.id}: the provider answered HTTP ${shape.status}: ${detail}`);
  }
  return new LLMResponseError(`${model.id}: ${detail}`);
}
