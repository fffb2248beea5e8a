import * as v from 'valibot';
import { isNavigable, NAVIGABLE } from './navigable';
import { describeEffect, EffectSchema } from './effect';
import { actionOutputEntries } from './action';
import { ExpectationSchema, expectationKind, type Expectation } from './expectation';
import { unhandledKind } from './kinds';
import { flag, list, nonEmptyText, oneOf, positiveMs, strictObject, text, wholeNumber } from './messages';
import { isSupportedMethod, SUPPORTED_METHODS } from './methods';
import { patternText } from './pattern';
import { DialogAnswerSchema } from './step-extras';

export const FLOW_VERSION = 1;

/**
 * What an element is to a person. `name` is compared as text (case, spacing and brackets aside) or, written `/…/`, as a
 * pattern; `anchor` names what is around an element that has no name of its own (a list item, a row, a label).
 */
export const FingerprintSchema = strictObject({
  role: text(),
  name: patternText(),
  anchor: v.optional(strictObject({ role: text(), name: patternText() })),
  section: v.optional(v.pipe(patternText(), v.description('The heading of the section the element sits in (text or /pattern/), kept when its role and name repeat on the page: an element with the same role and name in another section is not this one.'))),
  cell: v.optional(v.pipe(strictObject({
    key: v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('The text of the cell that tells its row from the others (a product\'s name, an order\'s number).')),
    column: v.pipe(nonEmptyText(), v.maxLength(80, 'expected at most 80 characters'), v.description('The title of its column\'s header, as a person reads it (case and spacing do not count).')),
  }), v.description('For a cell of a table or a grid, or a field in one, whose name is its value: its column and its row\'s key. A cell whose value (and so its name and its row\'s text) differs is still this one when it is in that column of the one row that shows that key.'))),
});

/** Shown by editors (the JSON Schema's descriptions and completions), from the same schema that checks the file. */
const about = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

/** An observed action with a method Rehearse can perform. */
const FlowActionSchema = v.pipe(
  strictObject({
    ...actionOutputEntries,
    selector: about(text(), 'A Playwright selector (css=, role=, xpath=, text=), with frame: and shadow: hops: `frame:css=#pay >>> role=button[name="Pay"]`.'),
    description: about(text(), 'What the element is, in words: shown in reports and used for healing.'),
    method: v.optional(v.pipe(text(), v.examples([...SUPPORTED_METHODS]), v.description(`What to do: ${SUPPORTED_METHODS.join(', ')}. Default click.`))),
    arguments: v.optional(about(list(text()), 'Strings: the text for fill and type (%variable% for a variable), the options for selectOption, the key for press (Enter, Shift+Tab), ["x", "y"] for a click at a place, the drop target\'s selector for dragAndDrop (then where on it ["x", "y"], then where the dragged element was held ["x", "y"], then the way the pointer went "x,y x,y …" from where it was held, ending "flung" and the speed in pixels per millisecond ("flung 2.4") when the hand let go while moving fast, a swipe), file names beside the flow for setInputFiles.')),
  }),
  v.check((action) => action.method === undefined || isSupportedMethod(action.method), (issue) => `method: ${JSON.stringify((issue.input as { method?: string }).method)} is not supported; use one of ${SUPPORTED_METHODS.join(', ')}`),
);

export const ActionStepSchema = strictObject({
  /** A SPEC ActionOutput, unchanged, so it passes straight to act. */
  action: about(FlowActionSchema, 'Do one thing to one element: { selector, description, method, arguments }, as observe returns it.'),
  /** More selectors for the same element, tried in order when the first fails. */
  fallbacks: v.optional(about(list(text()), 'More selectors for the same element, tried in order when the first finds nothing or another element.')),
  /** What the element is to a person; a selector that finds an element with another role or name is not used. */
  target: v.optional(about(FingerprintSchema, 'What the element is to a person (role, name, and for unnamed ones the row or item around it): a selector that finds another element is never used.')),
  /** The instruction the step was made from, for healing and for people. */
  instruction: v.optional(about(text(), 'The instruction the step was made from: healing asks the model with it when every selector fails.')),
  timeout: v.optional(about(positiveMs(), 'How long this step may take, in milliseconds (default: the replay\'s step timeout).')),
  /** How the person answered a confirm or prompt this action opened. */
  dialog: v.optional(about(DialogAnswerSchema, 'How to answer a confirm() or prompt() this action opens; without it, dialogs are dismissed.')),
  /** What the person's gesture did, checked after the step is performed. */
  effect: v.optional(about(EffectSchema, 'What the recorded gesture did to its element (checked, selected, expanded, pressed, the order of its list): checked after the step, which fails when it did not happen. Delete it to stop checking.')),
});

/**
 * Where a navigate step may go: http(s), data: or about:blank. A flow from someone else must not run script
 * (`javascript:`) or open local files (`file:`); a URL that starts with a %variable% is checked once it is filled in.
 */
const navigableUrl = () =>
  v.pipe(text(), v.check((value) => /^%[A-Za-z_][A-Za-z0-9_.-]*%/.test(value) || isNavigable(value), (issue) => `expected an ${NAVIGABLE} URL, received ${issue.received}`));

export const NavigateStepSchema = strictObject({ navigate: about(navigableUrl(), 'Go to this address (http(s), data: or about:blank; it may start with a %variable%).') });
export const ExpectStepSchema = strictObject({
  expect: about(ExpectationSchema, 'Check what the page shows: { text }, { selector, text }, { url }, { title }, { selector, state }, { selector, value }, { selector, effect } or an ARIA snapshot { selector?, aria } (YAML, matched partially as Playwright does). Fails the flow when it does not hold.'),
  timeout: v.optional(positiveMs()),
});

/**
 * A pause until the page is ready for the next step: a number of milliseconds, an element's state, a text, a URL.
 * Unlike expect, it says what the flow waits for, not what it checks; it fails the same way when time runs out.
 */
export const WaitConditionSchema = v.union([
  strictObject({ ms: wholeNumber(0, 600_000) }),
  strictObject({ selector: text(), state: oneOf(['visible', 'hidden', 'enabled'] as const) }),
  strictObject({ text: text() }),
  strictObject({ url: patternText() }),
], (issue) => `expected one of { ms }, { selector, state }, { text }, { url }, received ${issue.received}`);
export type WaitCondition = v.InferOutput<typeof WaitConditionSchema>;
export const WaitStepSchema = strictObject({
  wait: about(WaitConditionSchema, 'Wait until the page is ready for the next step: { ms }, { text }, { url } or { selector, state }.'),
  timeout: v.optional(positiveMs()),
});

export type ActionStep = v.InferOutput<typeof ActionStepSchema>;
export type NavigateStep = v.InferOutput<typeof NavigateStepSchema>;
export type ExpectStep = v.InferOutput<typeof ExpectStepSchema>;
export type WaitStep = v.InferOutput<typeof WaitStepSchema>;

/**
 * The kinds of step, each named by the key a step of that kind has: the one list. A kind added here must be given its
 * schema below and handled wherever steps are told apart (a `switch` on stepKind(step).kind ending in unhandledKind, schema/kinds.ts),
 * or the project does not compile.
 */
export const STEP_KINDS = ['action', 'navigate', 'expect', 'wait'] as const;
export type StepKind = (typeof STEP_KINDS)[number];
interface StepOfKind {
  action: ActionStep;
  navigate: NavigateStep;
  expect: ExpectStep;
  wait: WaitStep;
}
export type FlowStep = StepOfKind[StepKind];
/** A step with its kind, which a `switch` narrows: `switch (tagged.kind) { case 'action': tagged.step.action … }`. */
export type TaggedStep = { [K in StepKind]: { readonly kind: K; readonly step: StepOfKind[K] } }[StepKind];

const STEP_SCHEMAS: { readonly [K in StepKind]: v.GenericSchema<unknown, StepOfKind[K]> } = {
  action: ActionStepSchema, navigate: NavigateStepSchema, expect: ExpectStepSchema, wait: WaitStepSchema,
};

/** The kind of a step (checked by the flow's schema, so it has exactly one of the kinds' keys). */
export function stepKind(step: FlowStep): TaggedStep {
  const kind = STEP_KINDS.find((key) => key in step);
  if (!kind) throw new TypeError(`a step with none of ${STEP_KINDS.join(', ')}: it was not read through the flow's schema`);
  return { kind, step } as TaggedStep;
}

/** A step is reported against the kind its key names, so `steps.3.action.method` is the message, not "matches no step". */
function stepVariant(input: unknown): v.GenericSchema<unknown, FlowStep> {
  if (typeof input === 'object' && input !== null) {
    const kind = STEP_KINDS.find((key) => key in input);
    if (kind) return STEP_SCHEMAS[kind];
  }
  const keys = typeof input === 'object' && input !== null ? Object.keys(input).map((key) => JSON.stringify(key)).join(', ') || 'none' : JSON.stringify(input);
  return v.custom<FlowStep>(() => false, `expected a step with one of ${STEP_KINDS.join(', ')}, received ${typeof input === 'object' && input !== null ? `keys ${keys}` : keys}`);
}

export const FlowStepSchema: v.GenericSchema<unknown, FlowStep> = v.lazy(stepVariant);
/** The same steps as a plain union, for the generated JSON Schema (a lazy schema has no JSON Schema form). */
export const FlowStepUnionSchema = v.union(STEP_KINDS.map((kind) => STEP_SCHEMAS[kind]));

export const FlowVariableSchema = v.pipe(
  strictObject({
    description: v.optional(text()),
    default: v.optional(text()),
    /** Its value is never written to the file: it comes from REHEARSE_VAR_<NAME>, a values file, VS Code's secret storage or a prompt. */
    secret: v.optional(flag()),
  }),
  v.check((variable) => !(variable.secret && variable.default !== undefined), 'a secret variable cannot have a default: its value must never be in the file'),
);

const variableName = v.pipe(v.string(), v.regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, (issue) => `expected a variable name of letters, digits, _ . - (not starting with a digit), received ${issue.received}`));

function flowEntries<S extends v.GenericSchema<unknown, FlowStep>>(step: S) {
  return {
    $schema: v.optional(text()),
    version: v.literal(FLOW_VERSION, (issue) => `expected ${FLOW_VERSION}, received ${issue.received}`),
    name: nonEmptyText(),
    startUrl: v.optional(about(navigableUrl(), 'Where replay starts (http(s), data: or about:blank; it may start with a %variable%).')),
    viewport: v.optional(strictObject({ width: wholeNumber(100, 10_000), height: wholeNumber(100, 10_000) })),
    variables: v.optional(v.record(variableName, FlowVariableSchema)),
    steps: list(step),
  };
}

export const FlowSchema = strictObject(flowEntries(FlowStepSchema));
export type Flow = v.InferOutput<typeof FlowSchema>;
export const FlowJsonSchemaSource = strictObject(flowEntries(FlowStepUnionSchema));

/** What an expectation checks, in a few words. */
export function describeExpectation(expectation: Expectation): string {
  const tagged = expectationKind(expectation);
  switch (tagged.kind) {
    case 'text': return `text "${tagged.expectation.text}"`;
    case 'elementText': return `${tagged.expectation.selector} has text "${tagged.expectation.text}"`;
    case 'url': return `URL ${tagged.expectation.url}`;
    case 'title': return `title ${tagged.expectation.title}`;
    case 'value': return `${tagged.expectation.selector} = "${tagged.expectation.value}"`;
    case 'effect': return `${tagged.expectation.selector} ${describeEffect(tagged.expectation.effect)}`;
    case 'state': return `${tagged.expectation.selector} ${tagged.expectation.state}`;
    case 'aria': {
      const lines = tagged.expectation.aria.trim().split('\n').length;
      return `${tagged.expectation.selector ?? 'the page'} matches an ARIA snapshot (${lines} line${lines === 1 ? '' : 's'})`;
    }
    default: return unhandledKind(tagged);
  }
}

/** A step in a few words, as replay progress, reports and the editor's views show it. */
export function describeStep(step: FlowStep): { kind: StepKind; description: string } {
  const tagged = stepKind(step);
  switch (tagged.kind) {
    case 'action': return { kind: tagged.kind, description: `${tagged.step.action.method ?? 'click'} ${tagged.step.action.description}`.trim() };
    case 'navigate': return { kind: tagged.kind, description: `go to ${tagged.step.navigate}` };
    case 'wait': {
      const wait = tagged.step.wait;
      const until = 'ms' in wait ? `${wait.ms} ms` : 'text' in wait ? `text "${wait.text}"` : 'url' in wait ? `URL ${wait.url}` : `${wait.selector} ${wait.state}`;
      return { kind: tagged.kind, description: `wait for ${until}` };
    }
    case 'expect': {
      return { kind: tagged.kind, description: `expect ${describeExpectation(tagged.step.expect)}` };
    }
    default: return unhandledKind(tagged);
  }
}
