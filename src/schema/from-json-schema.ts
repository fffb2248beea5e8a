import * as v from 'valibot';
import { looseObject, strictObject } from './messages';

/**
 * A valibot schema for a JSON Schema given by a caller (extract's output shape), so the model's answer is checked with the
 * same machinery and messages as every other input. Supported: type (one or several), properties, required,
 * additionalProperties: false, items, enum, const, anyOf/oneOf, minimum/maximum, minLength/maxLength, minItems/maxItems,
 * format uri/url. Annotations (title, description, default, examples, $schema) are ignored; any other keyword is refused,
 * not silently skipped.
 */
export class UnsupportedJsonSchemaError extends Error {
  constructor(readonly path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'UnsupportedJsonSchemaError';
  }
}

const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', '$schema', '$id', '$comment', 'readOnly', 'writeOnly', 'deprecated']);
const SUPPORTED = new Set([...ANNOTATIONS, 'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'oneOf', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'format']);

type Json = Record<string, unknown>;

/** A valibot schema (library callers), as opposed to a JSON Schema (HTTP callers). */
export function isValibotSchema(schema: unknown): schema is v.GenericSchema {
  return typeof schema === 'object' && schema !== null && (schema as { kind?: unknown }).kind === 'schema' && '~run' in schema;
}

export function fromJsonSchema(schema: unknown, path = 'schema'): v.GenericSchema {
  const converted = convert(schema, path);
  const description = (schema as { description?: unknown } | null)?.description;
  // Kept as metadata so the JSON Schema sent to a model still carries it.
  return typeof description === 'string' ? v.pipe(converted, v.description(description)) : converted;
}

function convert(schema: unknown, path: string): v.GenericSchema {
  if (schema === true || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0)) return v.unknown();
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new UnsupportedJsonSchemaError(path, 'expected a JSON Schema object');
  const node = schema as Json;
  for (const key of Object.keys(node)) if (!SUPPORTED.has(key)) throw new UnsupportedJsonSchemaError(path, `the keyword "${key}" is not supported`);
  if (node.const !== undefined) return v.literal(node.const as string | number | boolean);
  if (Array.isArray(node.enum)) return v.picklist(node.enum as string[], `expected one of ${node.enum.map((value) => JSON.stringify(value)).join(' | ')}`);
  const alternatives = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return v.union(alternatives.map((alternative, index) => fromJsonSchema(alternative, `${path}.anyOf.${index}`)));
  const types = Array.isArray(node.type) ? (node.type as string[]) : node.type === undefined ? [] : [node.type as string];
  if (!types.length) throw new UnsupportedJsonSchemaError(path, 'expected a "type"');
  const schemas = types.map((type) => forType(type, node, path));
  return schemas.length === 1 ? schemas[0]! : v.union(schemas);
}

function forType(type: string, node: Json, path: string): v.GenericSchema {
  const number = (key: string) => (typeof node[key] === 'number' ? (node[key]) : undefined);
  switch (type) {
    case 'string': {
      const checks: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [];
      if (number('minLength') !== undefined) checks.push(v.minLength(number('minLength')!, `expected at least ${number('minLength')} characters`));
      if (number('maxLength') !== undefined) checks.push(v.maxLength(number('maxLength')!, `expected at most ${number('maxLength')} characters`));
      if (node.format === 'uri' || node.format === 'url') checks.push(v.check((value) => URL.canParse(value), 'expected a URL'));
      return v.pipe(v.string(), ...checks);
    }
    case 'number':
    case 'integer': {
      const checks: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [];
      if (type === 'integer') checks.push(v.integer('expected a whole number'));
      if (number('minimum') !== undefined) checks.push(v.minValue(number('minimum')!, `expected at least ${number('minimum')}`));
      if (number('maximum') !== undefined) checks.push(v.maxValue(number('maximum')!, `expected at most ${number('maximum')}`));
      return v.pipe(v.number(), ...checks);
    }
    case 'boolean': return v.boolean();
    case 'null': return v.null();
    case 'array': {
      const checks: v.PipeItem<unknown[], unknown[], v.BaseIssue<unknown>>[] = [];
      if (number('minItems') !== undefined) checks.push(v.minLength(number('minItems')!, `expected at least ${number('minItems')} items`));
      if (number('maxItems') !== undefined) checks.push(v.maxLength(number('maxItems')!, `expected at most ${number('maxItems')} items`));
      return v.pipe(v.array(node.items === undefined ? v.unknown() : fromJsonSchema(node.items, `${path}.items`)), ...checks);
    }
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      const required = new Set((node.required ?? []) as string[]);
      const entries: Record<string, v.GenericSchema> = {};
      for (const [key, property] of Object.entries(properties)) {
        const inner = fromJsonSchema(property, `${path}.properties.${key}`);
        entries[key] = required.has(key) ? inner : v.optional(inner);
      }
      return node.additionalProperties === false ? strictObject(entries) : looseObject(entries);
    }
    default: throw new UnsupportedJsonSchemaError(path, `the type "${type}" is not a JSON Schema type`);
  }
}
