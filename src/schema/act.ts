import * as v from 'valibot';
import { ReportedActionSchema } from './action';
import { flag, list, looseObject, oneOf, positiveMs, text } from './messages';
import { ModelSettingSchema } from './model-config';
import { VariablesSchema } from './variables';

/**
 * SPEC ActOptions as JSON. `page` (a live page object) exists only in the library API and is added there.
 * `model` takes the same four strict ModelConfig variants as observe: a provider extra we would not use is an error,
 * not silently ignored.
 */
export const actOptionsEntries = {
  model: v.optional(ModelSettingSchema),
  variables: v.optional(VariablesSchema),
  timeout: v.optional(positiveMs()),
  serverCache: v.optional(flag()),
};
export const ActOptionsSchema = looseObject(actOptionsEntries);
export type ActOptions = v.InferOutput<typeof ActOptionsSchema>;

export const CACHE_STATUSES = ['HIT', 'MISS'] as const;

/** SPEC ActResult. */
export const actResultEntries = {
  success: flag(),
  message: text(),
  actionDescription: text(),
  actions: v.optional(list(ReportedActionSchema)),
  cacheStatus: v.optional(oneOf(CACHE_STATUSES)),
};
export const ActResultSchema = looseObject(actResultEntries);
export type ActResult = v.InferOutput<typeof ActResultSchema>;
