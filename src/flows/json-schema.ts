import { toJsonSchema } from '@valibot/to-json-schema';
import { FlowJsonSchemaSource } from '../schema';

/** The JSON Schema of flow files, generated from the same valibot schema that validates them (for editors). */
export function flowJsonSchema(): Record<string, unknown> {
  const schema = toJsonSchema(FlowJsonSchemaSource, { errorMode: 'ignore' }) as Record<string, unknown>;
  return { ...schema, $id: 'https://rehearse.dev/schemas/flow.schema.json', title: 'Rehearse flow file', description: 'A recorded browser flow that Rehearse replays with no model.' };
}
