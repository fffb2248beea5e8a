import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { flowJsonSchema } from './json-schema';

/** npm run schema: writes media/flow.schema.json, which the extension contributes for *.flow.json. */
const target = path.resolve(__dirname, '..', '..', '..', 'media', 'flow.schema.json');
void writeFile(target, `${JSON.stringify(flowJsonSchema(), null, 2)}\n`).then(() => console.log(`wrote ${target}`));
