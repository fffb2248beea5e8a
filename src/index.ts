/** Rehearse as a library: start a session on a local or remote browser, then observe, act and extract. */
export { createSession, EngineSession, type SessionOptions, type PickDetails, type CallMetric } from './core/engine-session';
export type * from './core/session-types';
export { DirectoryCacheStore, MemoryCacheStore, type ActionCacheStore } from './core/cache/action-cache';
export { createModelClient, type ModelClient } from './core/models';
export * from './core/errors';
export type * from './schema';
