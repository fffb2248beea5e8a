import * as v from 'valibot';
import { list, looseObject, strictObject, text } from './messages';

const backendNodeId = v.pipe(
  v.number((issue) => `expected a number, received ${issue.received}`),
  v.integer('expected a whole number'),
  v.minValue(0, 'expected a whole number of 0 or more'),
);

export const actionOutputEntries = {
  selector: text(),
  description: text(),
  backendNodeId: v.optional(backendNodeId),
  method: v.optional(text()),
  arguments: v.optional(list(text())),
};

/** SPEC ActionOutput: what observe returns and act accepts. No other properties. */
export const ActionOutputSchema = strictObject(actionOutputEntries);
export type ActionOutput = v.InferOutput<typeof ActionOutputSchema>;

/**
 * SPEC Action: the deterministic form of act; all four fields required. An observe result's backendNodeId is kept (an
 * act on an element observe has just returned goes straight to it while the page is unchanged); other extra fields are
 * accepted and dropped, so an ActionOutput with a method passes unchanged.
 */
export const ActionSchema = looseObject({
  selector: text(),
  description: text(),
  method: text(),
  arguments: list(text()),
  backendNodeId: v.optional(backendNodeId),
});
export type Action = v.InferOutput<typeof ActionSchema>;

/** An action as reported in a result: every field optional (SPEC ActResult.actions). */
export const ReportedActionSchema = looseObject({
  selector: v.optional(text()),
  description: v.optional(text()),
  method: v.optional(text()),
  arguments: v.optional(list(text())),
});
export type ReportedAction = v.InferOutput<typeof ReportedActionSchema>;
