import type { Flow } from '../schema';

/** `REHEARSE_VAR_<NAME>`: the name upper-cased, anything but letters and digits as `_`. */
export function environmentName(variable: string): string {
  return `REHEARSE_VAR_${variable.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export interface VariableSources {
  /** From the command line or a caller, first. */
  readonly given?: Readonly<Record<string, string>>;
  /** From a values file, second. */
  readonly file?: Readonly<Record<string, string>>;
  /** REHEARSE_VAR_<NAME>, third; then the flow's defaults. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export class MissingVariablesError extends Error {
  constructor(readonly missing: readonly string[], flowName: string) {
    super(`${flowName}: no value for ${missing.map((name) => `%${name}%`).join(', ')}; give it with --var ${missing[0]}=…, a values file (--vars), or ${missing.map(environmentName).join(', ')}`);
    this.name = 'MissingVariablesError';
  }
}

export interface ResolvedVariables {
  readonly values: Record<string, string>;
  /** Values of secret variables: kept out of every line a reporter prints. */
  readonly secrets: readonly string[];
}

/** The value of every variable the flow declares, or an error naming each one that has none. */
export function resolveVariables(flow: Flow, sources: VariableSources): ResolvedVariables {
  const values: Record<string, string> = {};
  const secrets: string[] = [];
  const missing: string[] = [];
  for (const [name, declared] of Object.entries(flow.variables ?? {})) {
    // An empty environment variable counts as unset (as shells and CI systems treat it); --var name= still gives "".
    const fromEnv = sources.env?.[environmentName(name)] || undefined;
    const value = sources.given?.[name] ?? sources.file?.[name] ?? fromEnv ?? declared.default;
    if (value === undefined) missing.push(name);
    else {
      values[name] = value;
      if (declared.secret) secrets.push(value);
    }
  }
  if (missing.length) throw new MissingVariablesError(missing, flow.name);
  return { values, secrets };
}
