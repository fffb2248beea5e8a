import * as v from 'valibot';
import { strictObject, text } from './messages';

const primitive = v.union([v.string(), v.number(), v.boolean()], (issue) => `expected a string, number or boolean, received ${issue.received}`);

/** SPEC VariableValue: a primitive, or `{ value, description? }` and nothing else. */
export const VariableValueSchema = v.union(
  [primitive, strictObject({ value: primitive, description: v.optional(text()) })],
  (issue) => `expected a string, number, boolean or { value, description }, received ${issue.received}`,
);
export type VariableValue = v.InferOutput<typeof VariableValueSchema>;

export const VariablesSchema = v.record(
  v.pipe(v.string(), v.regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, (issue) => `expected a variable name of letters, digits, _ . - (not starting with a digit), received ${issue.received}`)),
  VariableValueSchema,
  (issue) => `expected an object of variables, received ${issue.received}`,
);
export type Variables = v.InferOutput<typeof VariablesSchema>;

/** `%name%`: a reference to a variable in an instruction, an argument, a URL or an expectation. */
const REFERENCE_SOURCE = '%([A-Za-z_][A-Za-z0-9_.-]*)%';

/** Whether a text is one `%name%` and nothing else (a value that is a variable, not a value). */
export function isVariableReference(text: string): boolean {
  return new RegExp(`^${REFERENCE_SOURCE}$`).test(text);
}

export function hasVariableReference(text: string): boolean {
  return new RegExp(REFERENCE_SOURCE).test(text);
}

/** Replaces each `%name%` with what `replace` returns for the name. */
export function replaceVariables(text: string, replace: (name: string, whole: string) => string): string {
  return text.replace(new RegExp(REFERENCE_SOURCE, 'g'), (whole, name: string) => replace(name, whole));
}

/** The names a text refers to, in order. */
export function referencedVariables(text: string): string[] {
  return [...text.matchAll(new RegExp(REFERENCE_SOURCE, 'g'))].map((match) => match[1]!);
}
