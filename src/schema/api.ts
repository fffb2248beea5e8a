import * as v from 'valibot';
import { ActionOutputSchema, ActionSchema } from './action';
import { actOptionsEntries, actResultEntries } from './act';
import { AgentActionRecordSchema, agentConfigEntries, AgentResultSchema, UsageSchema } from './agent';
import { ExpectationSchema, ExpectResultSchema } from './expectation';
import { EffectSchema } from './effect';
import { ActionStepSchema, ExpectStepSchema, FingerprintSchema, FlowSchema, FlowVariableSchema, WaitStepSchema } from './flow';
import { RECORD_MODES } from './record-modes';
import { LiveInputRequestSchema, LiveInputResultSchema, ScreencastFrameSchema, ScreencastRequestSchema } from './live-view';
import { flag, list, looseObject, nonEmptyText, oneOf, positiveMs, stringMap, text, wholeNumber } from './messages';
import { ModelSettingSchema } from './model-config';
import { ObserveRequestSchema } from './observe';
import { FlowResultSchema, PickedElementSchema, StepEventSchema } from './replay-result';
import { DialogAnswerSchema, UploadFileSchema, UploadFilesSchema } from './step-extras';
import { VariablesSchema } from './variables';

/**
 * The wire contract of the HTTP API, one entry per route: what the client sends (`request`), what `finished` carries
 * (`result`, plus `extra` fields beside it) and what a `log` frame may carry (`progress`). The server checks requests
 * with these schemas and its handlers are typed by them; the client's calls take and return the types inferred from
 * them and check each result on arrival. A route changed here and not on both sides does not compile.
 *
 * Requests follow the Stagehand v3 wire contract (so its client works unchanged) and SPEC.md for observe; fields we add
 * are optional. Unknown fields are dropped, as SPEC leaves them open.
 */

const frameId = v.optional(v.nullable(text()));
const streamResponse = v.optional(flag());
const none = looseObject({ streamResponse });

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

export const SessionStartResultSchema = looseObject({ sessionId: nonEmptyText(), available: v.optional(flag()), idleTimeoutMs: v.optional(v.number()) });

export const ActRequestSchema = looseObject({
  input: v.union([text(), ActionSchema], (issue) => `expected an instruction string or an Action { selector, description, method, arguments }, received ${issue.received}`),
  options: v.optional(looseObject({
    ...actOptionsEntries,
    /** For an Action: more selectors for the same element, tried in order. */
    fallbacks: v.optional(list(text())),
    /** For an Action: what the element is to a person; a selector that finds another element is not used. */
    target: v.optional(FingerprintSchema),
    /** For an Action whose selectors all fail: find it again with the model, accepting only a target match. Default true. */
    heal: v.optional(flag()),
    /** For healing: the instruction the action was made from. */
    instruction: v.optional(text()),
    /** For an Action: how to answer a confirm or prompt it opens (otherwise dialogs are dismissed). */
    dialog: v.optional(DialogAnswerSchema),
    /** For setInputFiles: the files, with their contents (the engine never reads its own disk for them). */
    files: v.optional(UploadFilesSchema),
    /**
     * For an Action: the effect it is checked for afterwards. One that compares with what the page drew or laid out
     * before the gesture comes back in the outcome as this page showed it just before the action, once still.
     */
    effect: v.optional(EffectSchema),
  })),
  frameId,
  streamResponse,
});
export type ActRequest = v.InferOutput<typeof ActRequestSchema>;

/** SPEC ActResult plus which planner chose the action, what it cost, and the selector that found the element. */
export const ActOutcomeSchema = looseObject({
  ...actResultEntries,
  planner: v.optional(oneOf(['action', 'local', 'cache', 'model'] as const)),
  usage: v.optional(UsageSchema),
  selectorUsed: v.optional(text()),
  /** Set when the element was found by another selector than the action's own. */
  healed: v.optional(looseObject({ from: text(), to: text(), by: oneOf(['fallback', 'relocation', 'model'] as const), target: v.optional(FingerprintSchema) })),
  /** The options' effect, its "before" read on this page just before the action (see options.effect). */
  effect: v.optional(EffectSchema),
});
export type ActOutcome = v.InferOutput<typeof ActOutcomeSchema>;

export const ExtractRequestSchema = looseObject({
  instruction: v.optional(text()),
  schema: v.optional(v.record(v.string(), v.unknown(), (issue) => `expected a JSON Schema object, received ${issue.received}`)),
  options: v.optional(looseObject({ model: v.optional(ModelSettingSchema), timeout: v.optional(positiveMs()), selector: v.optional(text()) })),
  frameId,
  streamResponse,
});
export type ExtractRequest = v.InferOutput<typeof ExtractRequestSchema>;

export const NavigateRequestSchema = looseObject({
  url: text(),
  options: v.optional(looseObject({ waitUntil: v.optional(oneOf(['load', 'domcontentloaded', 'networkidle', 'commit'] as const)), timeout: v.optional(positiveMs()) })),
  frameId,
  streamResponse,
});
export type NavigateRequest = v.InferOutput<typeof NavigateRequestSchema>;

export const NavigateResultSchema = looseObject({ url: text(), status: v.nullable(v.number()) });
export type NavigateResult = v.InferOutput<typeof NavigateResultSchema>;

export const ExpectRequestSchema = looseObject({
  expectation: ExpectationSchema,
  options: v.optional(looseObject({ timeout: v.optional(positiveMs()), variables: v.optional(VariablesSchema) })),
  streamResponse,
});
export type ExpectRequest = v.InferOutput<typeof ExpectRequestSchema>;

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
export type AgentExecuteRequest = v.InferOutput<typeof AgentExecuteRequestSchema>;

/** One agent step, sent when it starts (running) and when it ends (done or failed). */
export const AgentStepEventSchema = looseObject({
  type: v.literal('step'),
  index: v.number(),
  status: oneOf(['running', 'done', 'failed'] as const),
  tool: text(),
  /** The page action (click, fill, navigate…), where there is one. */
  action: v.optional(text()),
  selector: v.optional(text()),
  /** What the step typed, said or found. */
  text: v.optional(text()),
  /** The model's words before it chose this step. */
  reasoning: v.optional(text()),
  /** A screenshot taken before the step (see Agent.screenshot). */
  screenshotId: v.optional(text()),
  error: v.optional(text()),
  ms: v.optional(v.number()),
  /** Tokens of the model call that chose this step. */
  usage: v.optional(UsageSchema),
});
export type AgentStepEvent = v.InferOutput<typeof AgentStepEventSchema>;

export const HighlightRequestSchema = looseObject({ selector: v.optional(v.nullable(text())), streamResponse });

export const PickStepsRequestSchema = looseObject({
  actionId: nonEmptyText(),
  indexes: v.pipe(list(wholeNumber(0, 10_000)), v.minLength(1, 'expected at least one index')),
  instruction: v.optional(text()),
  streamResponse,
});

const FlowVariablesSchema = v.record(text(), FlowVariableSchema);

export const ReplayFlowRequestSchema = looseObject({
  flow: FlowSchema,
  variables: v.optional(stringMap()),
  upTo: v.optional(wholeNumber(0, 100_000)),
  stepTimeoutMs: v.optional(positiveMs()),
  heal: v.optional(flag()),
  /** What the flow's upload steps send, read beside the flow file by whoever replays. */
  files: v.optional(v.record(text(), UploadFileSchema)),
  /** A pause before each step, to watch the replay. */
  slowMoMs: v.optional(wholeNumber(0, 10_000)),
  /** Keep a Playwright trace of a failed replay and send it back (base64 zip) with the result. */
  traceOnFailure: v.optional(flag()),
  /** Outline each element an action step acts on, for a person watching the browser (taken off as the replay ends). */
  outline: v.optional(flag()),
  streamResponse,
});
export type ReplayFlowRequest = v.InferOutput<typeof ReplayFlowRequestSchema>;

/** A step the person's gesture became, with the variables it introduces (a secret for a password typed). */
export const RecordedStepSchema = looseObject({
  step: v.union([ActionStepSchema, WaitStepSchema, ExpectStepSchema]),
  variables: v.optional(FlowVariablesSchema),
});
export type RecordedStep = v.InferOutput<typeof RecordedStepSchema>;

/** What a click in the browser does from now on, while a recording runs (the toolbar's modes). */
export const RecordModeRequestSchema = looseObject({ mode: oneOf(RECORD_MODES) });

export const AriaRegionRequestSchema = looseObject({ selector: v.optional(text()) });

export const AgentFlowRequestSchema = looseObject({
  name: nonEmptyText(),
  startUrl: v.optional(text()),
  actions: v.optional(list(AgentActionRecordSchema)),
  /** The session's latest agent run instead of `actions`: a run that was stopped has no result to send. */
  lastRun: v.optional(flag()),
  streamResponse,
});

export const ScreenshotRequestSchema = looseObject({ screenshotId: v.optional(text()), streamResponse });

interface RouteContract {
  readonly request: v.GenericSchema;
  readonly result: v.GenericSchema;
  /** Fields of the `finished` frame beside `result` (and of the JSON `data`). */
  readonly extra: v.GenericSchema;
  /** What a `log` frame's message carries beside its words. */
  readonly progress: v.GenericSchema;
}

/** No fields: a route with no extra or progress of its own (a log frame's words still come). */
const nothing = looseObject({});

/** Every route of POST /v1/sessions/<id>/<route>: SPEC's, the editor's (workbench) and the live view's. */
export const API = {
  observe: { request: ObserveRequestSchema, result: list(ActionOutputSchema), extra: looseObject({ actionId: v.optional(text()) }), progress: nothing },
  act: { request: ActRequestSchema, result: ActOutcomeSchema, extra: nothing, progress: nothing },
  extract: { request: ExtractRequestSchema, result: v.unknown(), extra: nothing, progress: nothing },
  navigate: { request: NavigateRequestSchema, result: NavigateResultSchema, extra: nothing, progress: nothing },
  expect: { request: ExpectRequestSchema, result: ExpectResultSchema, extra: nothing, progress: nothing },
  agentExecute: { request: AgentExecuteRequestSchema, result: AgentResultSchema, extra: nothing, progress: looseObject({ step: v.optional(AgentStepEventSchema) }) },
  highlight: { request: HighlightRequestSchema, result: looseObject({ matched: v.number() }), extra: nothing, progress: nothing },
  pickSteps: { request: PickStepsRequestSchema, result: list(ActionStepSchema), extra: looseObject({ variables: v.optional(FlowVariablesSchema) }), progress: nothing },
  replayFlow: {
    request: ReplayFlowRequestSchema,
    result: FlowResultSchema,
    extra: looseObject({ healedFlow: v.optional(FlowSchema), trace: v.optional(text()), traceNote: v.optional(text()) }),
    progress: looseObject({ step: v.optional(StepEventSchema) }),
  },
  record: { request: none, result: looseObject({ steps: v.number() }), extra: nothing, progress: looseObject({ recorded: v.optional(RecordedStepSchema), problem: v.optional(text()), picked: v.optional(text()), started: v.optional(v.literal(true)) }) },
  ariaRegion: { request: AriaRegionRequestSchema, result: looseObject({ selector: v.optional(text()), aria: v.optional(text()) }), extra: nothing, progress: nothing },
  recordMode: { request: RecordModeRequestSchema, result: looseObject({ mode: oneOf(RECORD_MODES) }), extra: nothing, progress: nothing },
  pickLocator: { request: none, result: PickedElementSchema, extra: nothing, progress: nothing },
  agentFlow: { request: AgentFlowRequestSchema, result: FlowSchema, extra: nothing, progress: nothing },
  screenshot: { request: ScreenshotRequestSchema, result: looseObject({ mimeType: text(), base64: text() }), extra: nothing, progress: nothing },
  screencast: { request: ScreencastRequestSchema, result: looseObject({ frame: v.optional(ScreencastFrameSchema), frames: v.optional(v.number()) }), extra: nothing, progress: looseObject({ frame: v.optional(ScreencastFrameSchema) }) },
  input: { request: LiveInputRequestSchema, result: LiveInputResultSchema, extra: nothing, progress: nothing },
} as const satisfies Record<string, RouteContract>;

export type Api = typeof API;
export type RouteName = keyof Api;
export type RequestOf<N extends RouteName> = v.InferOutput<Api[N]['request']>;
export type ResultOf<N extends RouteName> = v.InferOutput<Api[N]['result']>;
export type ExtraOf<N extends RouteName> = v.InferOutput<Api[N]['extra']>;
export type ProgressOf<N extends RouteName> = v.InferOutput<Api[N]['progress']>;
