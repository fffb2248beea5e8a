/**
 * The error classes of SPEC.md (the word Service in place of the maker's name), plus the few the engine needs.
 * `name` is the class name on every instance: the HTTP service sends it as the error code and the typed client
 * rebuilds the same class from it, so `instanceof` works on both sides of the wire.
 */
export class ServiceError extends Error {
  /** The input field at fault, where there is one (`options.model.apiKey`). */
  readonly field?: string;
  /** The service's error code, where it is not a class of ours (`SessionBusy`, `TooManyViewers`). */
  code?: string;

  constructor(message: string, options?: { cause?: unknown; field?: string | undefined }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options?.field !== undefined) this.field = options.field;
  }
}

export class ServiceElementNotFoundError extends ServiceError {}
export class ServiceClickError extends ServiceError {}
export class ServiceEvalError extends ServiceError {}
export class ServiceDomProcessError extends ServiceError {}
export class ServiceIframeError extends ServiceError {}
export class ContentFrameNotFoundError extends ServiceError {}
export class XPathResolutionError extends ServiceError {}
export class ServiceShadowRootMissingError extends ServiceError {}
export class LLMResponseError extends ServiceError {}
export class MissingLLMConfigurationError extends ServiceError {}
export class UnsupportedModelError extends ServiceError {}
export class InvalidAISDKModelFormatError extends ServiceError {}

/** Input that does not have the expected shape; the message names the field and what was expected. */
export class ServiceInvalidArgumentError extends ServiceError {}
/** The caller's time limit ran out; the work was cancelled, not left running. */
export class ServiceTimeoutError extends ServiceError {}
/** The caller cancelled the work. */
export class ServiceCancelledError extends ServiceError {}
/** No session with that id (or not visible to the caller). */
export class SessionNotFoundError extends ServiceError {}
/** The session has ended, or its browser went away. */
export class SessionClosedError extends ServiceError {}
/** No browser could be found or started. */
export class BrowserNotFoundError extends ServiceError {}
/** A browser window was asked for where there is no display to show it on (a server, a container, SSH): run headless. */
export class NoDisplayError extends ServiceError {}
/** A page could not be loaded: the site refused the connection, did not answer, or the network policy blocked it. */
export class ServiceNavigationError extends ServiceError {}

const ERROR_CLASSES = [
  ServiceError, ServiceElementNotFoundError, ServiceClickError, ServiceEvalError, ServiceDomProcessError, ServiceIframeError,
  ContentFrameNotFoundError, XPathResolutionError, ServiceShadowRootMissingError, LLMResponseError, MissingLLMConfigurationError,
  UnsupportedModelError, InvalidAISDKModelFormatError, ServiceInvalidArgumentError, ServiceTimeoutError, ServiceCancelledError,
  SessionNotFoundError, SessionClosedError, BrowserNotFoundError, NoDisplayError, ServiceNavigationError,
] as const;

const BY_NAME = new Map<string, new (message: string, options?: { field?: string }) => ServiceError>([
  ...ERROR_CLASSES.map((errorClass) => [errorClass.name, errorClass] as const),
  // The HTTP API's code for a call on an ended session (Stagehand's wording): the same thing as a closed session.
  ['SessionEnded', SessionClosedError],
]);

/** Rebuilds an error received by name over the wire; an unknown name becomes a plain ServiceError. */
export function errorFromName(name: string, message: string, field?: string): ServiceError {
  const ErrorClass = BY_NAME.get(name) ?? ServiceError;
  const error = new ErrorClass(message, field === undefined ? undefined : { field });
  if (!BY_NAME.has(name)) error.code = name;
  return error;
}

/** The error a cancelled signal stands for: the timeout or cancellation that aborted it. */
export function abortReason(signal: AbortSignal): ServiceError {
  const reason: unknown = signal.reason;
  if (reason instanceof ServiceError) return reason;
  return new ServiceCancelledError('The operation was cancelled.');
}

/** Throws the signal's reason when it has been aborted: a check to make before each side effect. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}
