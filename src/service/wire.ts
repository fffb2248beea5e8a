import * as v from 'valibot';
import {
  ActionSchema, actOptionsEntries, DialogAnswerSchema, UploadFilesSchema, agentConfigEntries, ExpectationSchema, FingerprintSchema, ModelSettingSchema, ObserveRequestSchema,
  VariablesSchema,
} from '../schema';
import { flag, list, looseObject, oneOf, positiveMs, text } from '../schema/messages';

/**
 * Request bodies of the HTTP API. They follow the Stagehand v3 wire contract (so its client works unchanged) and SPEC.md
 * for observe; fields we add are optional. Unknown fields are dropped, as SPEC leaves them open.
 */

const frameId = v.optional(v.nullable(text()));
const streamResponse = v.optional(flag());

/** Launch options that reach the host (arguments, paths, environment, proxy): the operator's alone, refused by name. */
export const OPERATOR_LAUNCH_OPTIONS = ['args', 'ignoreDefaultArgs', 'userDataDir', 'env', 'downloadsPath', 'tracesDir', 'proxy', 'chromiumSandbox', 'devtools', 'firefoxUserPrefs', 'channel'] as const;

export const SessionStartRequestSchema = looseObject({
  modelName: v.optional(text()),
  model: v.optional(ModelSettingSchema),
  domSettleTimeoutMs: v.optional(positiveMs()),
  selfHeal: v.optional(flag()),
  systemPrompt: v.optional(text()),
  verbose: v.optional(v.number()),
  browser: v.optional(looseObject({
    type: v.optional(oneOf(['local', 'remote'] as const)),
    cdpUrl: v.optional(text()),
    wsEndpoint: v.optional(text()),
    launchOptions: v.optional(looseObject({
      executablePath: v.optional(text()),
      headless: v.optional(flag()),
      // Kept through the check, whatever their shape, so that a client asking for one hears why it is not taken.
      ...Object.fromEntries(OPERATOR_LAUNCH_OPTIONS.map((name) => [name, v.optional(v.unknown())])) as Record<(typeof OPERATOR_LAUNCH_OPTIONS)[number], v.OptionalSchema<v.UnknownSchema, undefined>>,
    })),
  })),
});
export type SessionStartRequest = v.InferOutput<typeof SessionStartRequestSchema>;

export { ObserveRequestSchema };

export const ActRequestSchema = looseObject({
  input: v.union([text(), ActionSchema], (issue) => `expected an instruction string or an Action { selector, description, method, arguments }, received ${issue.received}`),
  options: v.optional(looseObject({
    ...actOptionsEntries,
    fallbacks: v.optional(list(text())),
    target: v.optional(FingerprintSchema),
    heal: v.optional(flag()),
    instruction: v.optional(text()),
    dialog: v.optional(DialogAnswerSchema),
    files: v.optional(UploadFilesSchema),
  })),
  frameId,
  streamResponse,
});

export const ExtractRequestSchema = looseObject({
  instruction: v.optional(text()),
  schema: v.optional(v.record(v.string(), v.unknown(), (issue) => `expected a JSON Schema object, received ${issue.received}`)),
  options: v.optional(looseObject({ model: v.optional(ModelSettingSchema), timeout: v.optional(positiveMs()), selector: v.optional(text()) })),
  frameId,
  streamResponse,
});

export const NavigateRequestSchema = looseObject({
  url: text(),
  options: v.optional(looseObject({ waitUntil: v.optional(oneOf(['load', 'domcontentloaded', 'networkidle', 'commit'] as const)), timeout: v.optional(positiveMs()) })),
  frameId,
  streamResponse,
});

export const ExpectRequestSchema = looseObject({
  expectation: ExpectationSchema,
  options: v.optional(looseObject({ timeout: v.optional(positiveMs()), variables: v.optional(VariablesSchema) })),
  streamResponse,
});

/** Stagehand's client sends agentConfig.model as a model configuration object; SPEC's AgentConfig has a string. Both are taken. */
export const AgentExecuteRequestSchema = looseObject({
  agentConfig: v.optional(looseObject({
    ...agentConfigEntries,
    model: v.optional(ModelSettingSchema),
    systemPrompt: v.optional(text()),
  })),
  executeOptions: v.union([text(), v.record(v.string(), v.unknown())], (issue) => `expected an instruction string or AgentExecuteOptions, received ${issue.received}`),
  variables: v.optional(VariablesSchema),
  allowedOrigins: v.optional(list(text())),
  frameId,
  streamResponse,
});
