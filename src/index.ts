/** Rehearse as a library: start a session on a local or remote browser, then observe, act and extract. */
export { createSession, EngineSession, type SessionOptions, type PickDetails, type CallMetric } from './core/engine-session';
export type * from './core/session-types';
export { DirectoryCacheStore, MemoryCacheStore, type ActionCacheStore } from './core/cache/action-cache';
export { createModelClient, type ModelClient } from './core/models';
export { Agent } from './core/agent/agent';
export type { AgentEvent, AgentStepEvent } from './core/agent/agent-events';
export type { CustomTool, McpClientLike } from './core/agent/integrations';
export * from './core/errors';
export type * from './schema';
export { appendSteps, FlowFileError, loadFlow, parseFlow, rebaseFlow, saveFlow, serializeFlow } from './flows/format';
export { applyHealing, replayFlow, type FlowResult, type ReplayOptions, type StepResult } from './flows/replay';
export { Recorder, type RecordedStep, type RecorderOptions } from './flows/recorder';
export { exportPlaywrightSpec } from './flows/export-playwright';
