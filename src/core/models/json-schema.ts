import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export interface ProviderJsonSchema {
  readonly schema: Record<string, unknown>;
  /** OpenAI strict mode demands every property be required and no extra properties be allowed, at every level. */
  readonly strict: boolean;
}

const cache = new WeakMap<object, ProviderJsonSchema>();

/** The JSON Schema a provider is given for a valibot schema; refinements valibot cannot express are checked after the reply. */
export function providerJsonSchema(schema: v.GenericSchema): ProviderJsonSchema {
  const cached = cache.get(schema);
  if (cached) return cached;
  const json = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  delete json.$schema;
  const result = { schema: json, strict: isStrictCompatible(json) };
  cache.set(schema, result);
  return result;
}

function isStrictCompatible(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return true;
  const record = node as Record<string, unknown>;
  if (record.type === 'object') {
    const properties = (record.properties ?? {}) as Record<string, unknown>;
    const required = new Set((record.required ?? []) as string[]);
    if (record.additionalProperties !== false) return false;
    if (Object.keys(properties).some((key) => !required.has(key))) return false;
  }
  return Object.values(record).every((child) => (Array.isArray(child) ? child.every(isStrictCompatible) : isStrictCompatible(child)));
}
