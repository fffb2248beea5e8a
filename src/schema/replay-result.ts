import * as v from 'valibot';
import { FingerprintSchema, STEP_KINDS } from './flow';

/**
 * What a replay reports: each step (the start page is index -1) and the flow. The types are inferred from these schemas,
 * and the service client checks a replay's result with them.
 */
export const STEP_STATUSES = ['passed', 'failed', 'skipped'] as const;
/** A step's kind in a report: the flow's kinds (STEP_KINDS), and `start` for opening the start page. */
export const REPLAY_STEP_KINDS = ['start', ...STEP_KINDS] as const;

const stepEntries = {
  index: v.number(),
  kind: v.picklist(REPLAY_STEP_KINDS),
  description: v.string(),
  selectorUsed: v.optional(v.string()),
  healed: v.optional(v.object({ from: v.string(), to: v.string(), by: v.picklist(['fallback', 'relocation', 'model']), target: v.optional(FingerprintSchema) })),
  /** For a failed expectation, what was expected and what the page had (an editor shows them as a diff). */
  error: v.optional(v.object({ name: v.string(), message: v.string(), expected: v.optional(v.string()), actual: v.optional(v.string()) })),
};

export const StepResultSchema = v.object({ ...stepEntries, status: v.picklist(STEP_STATUSES), ms: v.number() });
export type StepResult = v.InferOutput<typeof StepResultSchema>;
export type StepStatus = StepResult['status'];

/** A step as it starts (no status yet) and as it ends. */
export const StepEventSchema = v.object({ ...stepEntries, status: v.optional(v.picklist(STEP_STATUSES)), ms: v.optional(v.number()) });
export type StepEvent = v.InferOutput<typeof StepEventSchema>;

/** The element a person picked in the browser (Pick Locator): a step's selector, fallbacks and target. */
export const PickedElementSchema = v.object({ selector: v.string(), fallbacks: v.array(v.string()), target: v.object({ role: v.string(), name: v.string(), anchor: v.optional(v.object({ role: v.string(), name: v.string() })) }) });
export type PickedElement = v.InferOutput<typeof PickedElementSchema>;

export const FlowResultSchema = v.object({
  name: v.string(),
  file: v.optional(v.string()),
  status: v.picklist(['passed', 'failed']),
  ms: v.number(),
  steps: v.array(StepResultSchema),
});
export type FlowResult = v.InferOutput<typeof FlowResultSchema>;
