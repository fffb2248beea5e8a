import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { collectUploads, type FlowFiles } from './uploads';
import type { Flow } from '../schema';

/**
 * The files a flow's upload steps name, read from the flow file's folder. A path that leads out of it, a link
 * included, is not read: the step then fails saying which file it could not send.
 */
export async function readFlowFiles(flowFile: string, flow: Flow): Promise<FlowFiles> {
  const folder = await realpath(path.dirname(path.resolve(flowFile)));
  return collectUploads(flow, async (relativePath) => {
    const real = await realpath(path.join(folder, relativePath));
    if (!real.startsWith(folder + path.sep)) return undefined;
    return readFile(real);
  });
}
