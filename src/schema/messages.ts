import * as v from 'valibot';
import { friendlyExpected } from './issues';

/**
 * Building blocks whose failures read as "expected …": the issue formatter in issues.ts prefixes the field.
 * One place for the wording keeps every error message of the product consistent.
 */

type Entries = v.ObjectEntries;

/** "expected a string" for a schema, from valibot's `expects` ("string", "Object", "(string | Object)"). */
function expectedOf(schema: v.GenericSchema | undefined): string {
  // A piped schema reports its first item's `expects`; the last schema in the pipe says more (our objects start with a guard).
  const pipe = (schema as { pipe?: readonly { kind: string; expects?: string }[] } | undefined)?.pipe;
  return friendlyExpected(pipe?.findLast((item) => item.kind === 'schema' && item.expects !== 'unknown')?.expects ?? schema?.expects);
}

/** The wording of an object schema's own issues: wrong type, missing key, unknown key. */
function objectMessage(entries: Entries, allowedKeys: boolean) {
  const allowed = Object.keys(entries).join(', ');
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.kind === 'schema' && issue.type === 'object' && issue.expected === 'Object') return `expected an object, received ${issue.received}`;
    const key = issue.path?.at(-1)?.key;
    if (allowedKeys && issue.expected === 'never') return `is not an allowed property (allowed: ${allowed})`;
    if (typeof key === 'string' && key in entries) return `is required, expected ${expectedOf(entries[key])}`;
    return `expected an object, received ${issue.received}`;
  };
}

const notAnArray = v.custom<Record<string, unknown>>((input) => !Array.isArray(input), (issue) => `expected an object, received ${issue.received}`);

/** An object that rejects properties it does not list, naming the ones it allows. */
export function strictObject<const E extends Entries>(entries: E) {
  return v.pipe(notAnArray, v.strictObject(entries, objectMessage(entries, true)));
}

/** An object that ignores (and drops) properties it does not list. */
export function looseObject<const E extends Entries>(entries: E) {
  return v.pipe(notAnArray, v.object(entries, objectMessage(entries, false)));
}

export const text = () => v.string((issue) => `expected a string, received ${issue.received}`);
export const nonEmptyText = () => v.pipe(text(), v.minLength(1, 'expected a non-empty string'));
export const flag = () => v.boolean((issue) => `expected true or false, received ${issue.received}`);
/** An http(s) URL: `new URL` alone would take "localhost:11434" as a URL with the scheme "localhost:". */
export const url = () =>
  v.pipe(text(), v.check((input) => /^https?:\/\/[^\s/]+/i.test(input) && URL.canParse(input), (issue) => `expected an http(s) URL, received ${issue.received}`));

/** The longest delay a timer can take (Node's and the browser's): 2^31−1 ms, about 24.8 days. Longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

// Infinity is reported once, by the finite check.
const withinTimerRange = () => v.check<number, (issue: v.CheckIssue<number>) => string>((value) => !Number.isFinite(value) || value <= MAX_TIMER_MS, (issue) => `expected at most ${MAX_TIMER_MS} milliseconds (about 24 days), received ${issue.received}`);

export const positiveMs = () =>
  v.pipe(
    v.number((issue) => `expected a number of milliseconds, received ${issue.received}`),
    v.finite('expected a finite number of milliseconds'),
    v.gtValue(0, (issue) => `expected a number of milliseconds greater than 0, received ${issue.received}`),
    withinTimerRange(),
  );

export const nonNegativeMs = () =>
  v.pipe(
    v.number((issue) => `expected a number of milliseconds, received ${issue.received}`),
    v.finite('expected a finite number of milliseconds'),
    v.minValue(0, (issue) => `expected a number of milliseconds of 0 or more, received ${issue.received}`),
    withinTimerRange(),
  );

export const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.number((issue) => `expected a whole number, received ${issue.received}`),
    v.integer((issue) => `expected a whole number, received ${issue.received}`),
    v.minValue(min, (issue) => `expected a whole number of at least ${min}, received ${issue.received}`),
    v.maxValue(max, (issue) => `expected a whole number of at most ${max}, received ${issue.received}`),
  );

export function oneOf<const T extends readonly string[]>(options: T) {
  const expected = options.map((option) => JSON.stringify(option)).join(' | ');
  return v.picklist(options, (issue) => `expected ${expected}, received ${issue.received}`);
}

export function constant<const T extends string>(value: T) {
  return v.literal(value, (issue) => `expected ${JSON.stringify(value)}, received ${issue.received}`);
}

export const stringMap = () => v.record(text(), text(), (issue) => `expected an object of string values, received ${issue.received}`);

export const list = <S extends v.GenericSchema>(item: S) => v.array(item, (issue) => `expected an array, received ${issue.received}`);
