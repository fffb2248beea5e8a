import * as v from 'valibot';

/**
 * Building blocks whose failures read as "expected …": the issue formatter in issues.ts prefixes the field.
 * One place for the wording keeps every error message of the product consistent.
 */

type Entries = v.ObjectEntries;

/** An object that rejects properties it does not list, naming the ones it allows. */
export function strictObject<const E extends Entries>(entries: E) {
  const allowed = Object.keys(entries).join(', ');
  return v.strictObject(entries, (issue) =>
    issue.expected === 'never' ? `is not an allowed property (allowed: ${allowed})` : `expected an object, received ${issue.received}`,
  );
}

/** An object that ignores (and drops) properties it does not list. */
export function looseObject<const E extends Entries>(entries: E) {
  return v.object(entries, (issue) => `expected an object, received ${issue.received}`);
}

export const text = () => v.string((issue) => `expected a string, received ${issue.received}`);
export const nonEmptyText = () => v.pipe(text(), v.minLength(1, 'expected a non-empty string'));
export const flag = () => v.boolean((issue) => `expected true or false, received ${issue.received}`);
export const url = () => v.pipe(text(), v.url((issue) => `expected a URL, received ${issue.received}`));

export const positiveMs = () =>
  v.pipe(
    v.number((issue) => `expected a number of milliseconds, received ${issue.received}`),
    v.finite('expected a finite number of milliseconds'),
    v.gtValue(0, (issue) => `expected a number of milliseconds greater than 0, received ${issue.received}`),
  );

export const nonNegativeMs = () =>
  v.pipe(
    v.number((issue) => `expected a number of milliseconds, received ${issue.received}`),
    v.finite('expected a finite number of milliseconds'),
    v.minValue(0, (issue) => `expected a number of milliseconds of 0 or more, received ${issue.received}`),
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
