import {
  InvalidAISDKModelFormatError, ServiceError, ServiceInvalidArgumentError, SessionClosedError, SessionNotFoundError,
} from '../core/errors';

/** An HTTP-level refusal: status, code (an error class name or a short word) and message, with the field at fault. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly field?: string) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ErrorBody {
  readonly success: false;
  readonly error: { readonly code: string; readonly message: string; readonly field?: string };
}

/** Status for an error: bad input 400, unknown session 404, ended or busy 409, any other operation failure 422. */
export function toHttp(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ServiceInvalidArgumentError || error instanceof InvalidAISDKModelFormatError) return new HttpError(400, error.name, error.message, error.field);
  if (error instanceof SessionNotFoundError) return new HttpError(404, error.name, error.message);
  if (error instanceof SessionClosedError) return new HttpError(409, error.name, error.message);
  if (error instanceof ServiceError) return new HttpError(422, error.name, error.message, error.field);
  return new HttpError(500, 'InternalError', 'The service failed unexpectedly; the error is in its log.');
}

export function errorBody(error: HttpError): ErrorBody {
  return { success: false, error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
}
