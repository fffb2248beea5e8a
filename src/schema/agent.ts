import * as v from 'valibot';
import { FingerprintSchema } from './flow';
import { flag, list, looseObject, nonNegativeMs, oneOf, strictObject, text, wholeNumber } from './messages';
import { isSupportedMethod, SUPPORTED_METHODS } from './methods';
import type { ModelSetting } from './model-config';

export const AGENT_PROVIDERS = ['anthropic', 'openai'] as const;
export const MAX_AGENT_STEPS = 200;

/** SPEC AgentConfig. `integrations` holds MCP server URLs (or connected clients, library only); `tools` a named tool set. */
export const agentConfigEntries = {
  provider: v.optional(oneOf(AGENT_PROVIDERS)),
  model: v.optional(text()),
  instructions: v.optional(text()),
  options: v.optional(v.record(v.string(), v.unknown(), (issue) => `expected an object, received ${issue.received}`)),
  integrations: v.optional(list(v.union([text(), v.custom<object>((value) => typeof value === 'object' && value !== null)], (issue) => `expected an MCP server URL or client, received ${issue.received}`))),
  tools: v.optional(v.record(v.string(), v.unknown(), (issue) => `expected an object of tools, received ${issue.received}`)),
};
export const AgentConfigSchema = looseObject(agentConfigEntries);
export type AgentConfig = v.InferOutput<typeof AgentConfigSchema>;
/** AgentConfig as the engine takes it: the model by name (SPEC) or as a whole model configuration (the HTTP API). */
export type AgentSetup = Omit<AgentConfig, 'model'> & { readonly model?: ModelSetting | undefined };

const executeOptionsEntries = {
  instruction: text(),
  maxSteps: v.optional(wholeNumber(1, MAX_AGENT_STEPS), 20),
  autoScreenshot: v.optional(flag(), true),
  waitBetweenActions: v.optional(nonNegativeMs(), 0),
  context: v.optional(text()),
};

const AgentExecuteObjectSchema = looseObject(executeOptionsEntries);

const SNAKE_TO_CAMEL = { max_steps: 'maxSteps', auto_screenshot: 'autoScreenshot', wait_between_actions: 'waitBetweenActions' } as const;

/** Renames the Python-style keys of SPEC (`max_steps`, …) to camelCase; returns the keys given in both forms. */
function camelCaseKeys(input: unknown): { output: unknown; duplicated: string[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { output: input, duplicated: [] };
  const output: Record<string, unknown> = { ...input };
  const duplicated: string[] = [];
  for (const [snake, camel] of Object.entries(SNAKE_TO_CAMEL)) {
    if (!(snake in output)) continue;
    if (camel in output) duplicated.push(snake);
    else output[camel] = output[snake];
    delete output[snake];
  }
  return { output, duplicated };
}

/** SPEC AgentExecuteOptions with its defaults (maxSteps 20, autoScreenshot true, waitBetweenActions 0), either key style. */
export const AgentExecuteOptionsSchema = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue }) => {
    const { output, duplicated } = camelCaseKeys(dataset.value);
    for (const snake of duplicated) {
      addIssue({ message: `${snake}: the same option as ${SNAKE_TO_CAMEL[snake as keyof typeof SNAKE_TO_CAMEL]}; give only one of them` });
    }
    return output;
  }),
  AgentExecuteObjectSchema,
);
export type AgentExecuteOptions = v.InferOutput<typeof AgentExecuteOptionsSchema>;
/** What a caller passes: the options in either key style (the pipe starts from unknown to take both). */
export type AgentExecuteInput = v.InferInput<v.ObjectSchema<typeof executeOptionsEntries, undefined>>
  & { readonly [K in keyof typeof SNAKE_TO_CAMEL]?: v.InferInput<v.ObjectSchema<typeof executeOptionsEntries, undefined>>[(typeof SNAKE_TO_CAMEL)[K]] };

export const UsageSchema = looseObject({
  input_tokens: v.number(),
  output_tokens: v.number(),
  reasoning_tokens: v.optional(v.number()),
  cached_input_tokens: v.optional(v.number()),
  inference_time_ms: v.number(),
});
export type Usage = v.InferOutput<typeof UsageSchema>;

/** SPEC AgentResult. An AgentAction has at least `action`, and `selector` and `text` where they apply. */
export const AgentActionSchema = v.looseObject({
  action: text(),
  selector: v.optional(text()),
  text: v.optional(text()),
});
export type AgentAction = v.InferOutput<typeof AgentActionSchema>;

export const AgentResultSchema = looseObject({
  success: flag(),
  message: text(),
  actions: list(AgentActionSchema),
  completed: flag(),
  metadata: v.optional(v.record(v.string(), v.unknown())),
  usage: v.optional(UsageSchema),
});
export type AgentResult = v.InferOutput<typeof AgentResultSchema>;

/**
 * An agent run's action as a flow needs it (the engine's AgentRunAction): what was performed, or where it went. Checked
 * where a client sends a run back to be saved as a flow: a malformed action or a method Rehearse cannot replay is
 * refused with its field, never saved.
 */
export const AgentActionRecordSchema = looseObject({
  status: text(),
  performed: v.optional(looseObject({
    action: strictObject({
      selector: text(),
      description: text(),
      method: v.pipe(text(), v.check(isSupportedMethod, (issue) => `expected one of ${SUPPORTED_METHODS.join(', ')}, received ${issue.received}`)),
      arguments: list(text()),
    }),
    fallbacks: v.optional(list(text())),
    target: v.optional(FingerprintSchema),
    secret: v.optional(flag()),
  })),
  navigatedTo: v.optional(text()),
});
export type AgentActionRecord = v.InferOutput<typeof AgentActionRecordSchema>;
