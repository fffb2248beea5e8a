import * as v from 'valibot';
import { MAX_AGENT_STEPS } from './agent';
import { LiveInputEventSchema, MAX_INPUT_EVENTS } from './live-view';
import { flag, list, looseObject, nonEmptyText, nonNegativeMs, strictObject, text, wholeNumber } from './messages';

/**
 * The messages between the extension and its webviews (DESIGN.md §8). Both sides validate what they receive with these
 * schemas: a webview is a web page, and a message that does not fit is dropped and logged, never acted on.
 */

const index = wholeNumber(0, 10_000);

/** One kind of message: its `type` and fields, nothing else (variant options must be plain objects). */
function message<const E extends v.ObjectEntries>(entries: E) {
  return v.strictObject(entries, (issue) => (issue.expected === 'never' ? `is not a field of this message` : `expected a message object, received ${issue.received}`));
}

/** One candidate action as the inspector lists it. */
export const CandidateSchema = strictObject({
  selector: text(),
  description: text(),
  method: text(),
  arguments: list(text()),
  /** The frame hops of the selector, for display ("frame:#checkout"). */
  frame: v.optional(text()),
});
export type Candidate = v.InferOutput<typeof CandidateSchema>;

/** What the inspector keeps across reloads (webview state, restored by its serializer). */
export const InspectorStateSchema = strictObject({
  url: text(),
  instruction: text(),
  actionId: v.optional(text()),
  candidates: list(CandidateSchema),
  picked: list(index),
});
export type InspectorState = v.InferOutput<typeof InspectorStateSchema>;

export const InspectorRequestSchema = v.variant('type', [
  /** The page loaded (first time, or again after it was hidden), with the observe call whose candidates it shows. */
  message({ type: v.literal('ready'), actionId: v.optional(text()) }),
  message({ type: v.literal('navigate'), url: nonEmptyText() }),
  message({ type: v.literal('observe'), instruction: text() }),
  message({ type: v.literal('highlight'), index: v.nullable(index) }),
  message({ type: v.literal('save'), indexes: v.pipe(list(index), v.minLength(1, 'expected at least one picked action')) }),
  message({ type: v.literal('act'), index }),
]);
export type InspectorRequest = v.InferOutput<typeof InspectorRequestSchema>;

export const InspectorUpdateSchema = v.variant('type', [
  message({ type: v.literal('busy'), status: text() }),
  message({ type: v.literal('idle'), status: text() }),
  message({ type: v.literal('error'), message: text() }),
  message({ type: v.literal('url'), url: text() }),
  message({ type: v.literal('candidates'), instruction: text(), actionId: text(), candidates: list(CandidateSchema) }),
  message({ type: v.literal('restore'), state: InspectorStateSchema }),
]);
export type InspectorUpdate = v.InferOutput<typeof InspectorUpdateSchema>;

/** The agent panel's form: AgentExecuteOptions and the AgentConfig choices a person makes. */
export const AgentFormSchema = strictObject({
  instruction: nonEmptyText(),
  maxSteps: wholeNumber(1, MAX_AGENT_STEPS),
  autoScreenshot: flag(),
  waitBetweenActions: nonNegativeMs(),
  context: v.optional(text()),
  model: v.optional(text()),
  instructions: v.optional(text()),
  integrations: v.optional(list(text())),
});
export type AgentForm = v.InferOutput<typeof AgentFormSchema>;

export const AgentRequestSchema = v.variant('type', [
  message({ type: v.literal('ready') }),
  message({ type: v.literal('run'), form: AgentFormSchema }),
  message({ type: v.literal('stop') }),
]);
export type AgentRequest = v.InferOutput<typeof AgentRequestSchema>;

export const AgentUpdateSchema = v.variant('type', [
  message({ type: v.literal('defaults'), maxSteps: wholeNumber(1, MAX_AGENT_STEPS), model: text() }),
  message({ type: v.literal('running'), running: flag() }),
  message({ type: v.literal('finished'), message: text(), completed: flag(), steps: wholeNumber(0, 100_000) }),
  message({ type: v.literal('error'), message: text() }),
]);
export type AgentUpdate = v.InferOutput<typeof AgentUpdateSchema>;

/** The form as a webview keeps it between reloads (it may be half filled, so nothing is required). */
export const AgentDraftSchema = looseObject({
  instruction: v.optional(text()), maxSteps: v.optional(v.number()), autoScreenshot: v.optional(flag()), waitBetweenActions: v.optional(v.number()),
  context: v.optional(text()), model: v.optional(text()), instructions: v.optional(text()), integrations: v.optional(text()),
});
export type AgentDraft = v.InferOutput<typeof AgentDraftSchema>;

/** The live view's size in device pixels: frames are drawn no larger. */
const viewSize = { width: wholeNumber(1, 16_384), height: wholeNumber(1, 16_384) };

export const LiveViewRequestSchema = v.variant('type', [
  /** The page loaded (first time, or again after it was hidden), and its size. */
  message({ type: v.literal('ready'), ...viewSize }),
  message({ type: v.literal('resized'), ...viewSize }),
  message({ type: v.literal('input'), events: v.pipe(list(LiveInputEventSchema), v.minLength(1), v.maxLength(MAX_INPUT_EVENTS)) }),
  /** The person asked for a browser where none is open. */
  message({ type: v.literal('open') }),
]);
export type LiveViewRequest = v.InferOutput<typeof LiveViewRequestSchema>;

export const LiveViewUpdateSchema = v.variant('type', [
  message({ type: v.literal('frame'), data: text(), width: v.number(), height: v.number(), url: text(), title: text() }),
  /** A sentence under the toolbar (how the browser is shown, why there is no picture, what went wrong). */
  message({ type: v.literal('status'), text: text(), kind: v.picklist(['info', 'error', 'closed']) }),
]);
export type LiveViewUpdate = v.InferOutput<typeof LiveViewUpdateSchema>;
