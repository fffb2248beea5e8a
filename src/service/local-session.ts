/** The in-process Session, for the CLI and the service: the engine behind the same interface the HTTP client implements. */
export { createSession as startLocalSession, EngineSession, type SessionOptions } from '../core/engine-session';
export type * from '../core/session-types';
export { DirectoryCacheStore, MemoryCacheStore } from '../core/cache/action-cache';
export { BrowserNotFoundError, MissingLLMConfigurationError, ServiceError } from '../core/errors';
export { redact } from '../core/redact';
