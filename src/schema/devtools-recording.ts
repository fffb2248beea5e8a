import * as v from 'valibot';
import { list, looseObject, nonEmptyText, text } from './messages';

/**
 * A Chrome DevTools Recorder recording (the `@puppeteer/replay` UserFlow schema) as Rehearse reads it: the fields it
 * maps, checked; a step of a type it does not map is kept (by its type) to be reported, never dropped silently.
 */

/** A selector, or a path of selectors through shadow roots (each one searched inside the previous one's root). */
const SelectorSchema = v.union([text(), list(text())], (issue) => `expected a selector or an array of selectors, received ${issue.received}`);
export type RecorderSelector = v.InferOutput<typeof SelectorSchema>;

const target = {
  selectors: v.optional(list(SelectorSchema)),
  /** Indexes of the frames, from the top document down. */
  frame: v.optional(list(v.number())),
  timeout: v.optional(v.number()),
  assertedEvents: v.optional(list(looseObject({ type: text(), url: v.optional(text()), title: v.optional(text()) }))),
};

export const RecorderStepSchema = looseObject({
  type: nonEmptyText(),
  ...target,
  url: v.optional(text()),
  value: v.optional(text()),
  key: v.optional(text()),
  button: v.optional(text()),
  x: v.optional(v.number()),
  y: v.optional(v.number()),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
  visible: v.optional(v.boolean()),
  count: v.optional(v.number()),
  operator: v.optional(text()),
  expression: v.optional(text()),
  properties: v.optional(v.record(v.string(), v.unknown())),
  attributes: v.optional(v.record(v.string(), v.unknown())),
});
export type RecorderStep = v.InferOutput<typeof RecorderStepSchema>;

export const RecordingSchema = looseObject({
  title: text(),
  timeout: v.optional(v.number()),
  steps: list(RecorderStepSchema),
});
export type Recording = v.InferOutput<typeof RecordingSchema>;
