import * as v from 'valibot';
import { ActionOutputSchema } from './action';
import { flag, list, looseObject, positiveMs, strictObject, text } from './messages';
import { ModelSettingSchema } from './model-config';
import { VariablesSchema } from './variables';

/** SPEC ObserveOptions. SPEC leaves unknown fields open; they are dropped so existing clients that send more keep working. */
export const ObserveOptionsSchema = looseObject({
  model: v.optional(ModelSettingSchema),
  variables: v.optional(VariablesSchema),
  timeout: v.optional(positiveMs()),
  selector: v.optional(text()),
  ignoreSelectors: v.optional(list(text())),
});
export type ObserveOptions = v.InferOutput<typeof ObserveOptionsSchema>;

/** SPEC ObserveRequest: no field is required. */
export const ObserveRequestSchema = looseObject({
  instruction: v.optional(text()),
  options: v.optional(ObserveOptionsSchema),
  frameId: v.optional(v.nullable(text())),
  streamResponse: v.optional(flag()),
});
export type ObserveRequest = v.InferOutput<typeof ObserveRequestSchema>;

/** SPEC ObserveResultOutput. No other properties. */
export const ObserveResultOutputSchema = strictObject({
  result: list(ActionOutputSchema),
  actionId: v.optional(text()),
});
export type ObserveResultOutput = v.InferOutput<typeof ObserveResultOutputSchema>;

/** SPEC ObserveResponse (HTTP 200). No other properties. */
export const ObserveResponseSchema = strictObject({
  success: flag(),
  data: ObserveResultOutputSchema,
});
export type ObserveResponse = v.InferOutput<typeof ObserveResponseSchema>;
