import type { Variables, VariableValue } from '../../schema';
import { ServiceInvalidArgumentError } from '../errors';

const REFERENCE = /%([A-Za-z_][A-Za-z0-9_.-]*)%/g;

export function variableValue(value: VariableValue): string {
  return String(typeof value === 'object' ? value.value : value);
}

/** The names of the variables a text refers to. */
export function referencedVariables(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1]!);
}

/** Replaces `%name%` with the variable's value; a reference without a value is an error, never typed literally. */
export function substitute(text: string, variables: Variables | undefined, field: string): string {
  return text.replace(REFERENCE, (_whole, name: string) => {
    const value = variables?.[name];
    if (value === undefined) {
      throw new ServiceInvalidArgumentError(`${field}: %${name}% has no value; pass it in options.variables`, { field });
    }
    return variableValue(value);
  });
}

/** The values of the variables, to keep them out of logs and results. */
export function variableSecrets(variables: Variables | undefined): string[] {
  return Object.values(variables ?? {}).map(variableValue);
}
