import { replaceVariables, type Variables, type VariableValue } from '../../schema';
import { ServiceInvalidArgumentError } from '../errors';

function variableValue(value: VariableValue): string {
  return String(typeof value === 'object' ? value.value : value);
}

/** Replaces `%name%` with the variable's value; a reference without a value is an error, never typed literally. */
export function substitute(text: string, variables: Variables | undefined, field: string): string {
  return replaceVariables(text, (name) => {
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
