import { canonicalMethod, mimeTypeOf, type Flow, type UploadFile } from '../schema';

/** Files a flow's upload steps name, by the path the step gives. */
export type FlowFiles = Readonly<Record<string, UploadFile>>;

export const isUpload = (method: string | undefined) => canonicalMethod(method) === 'setinputfiles';

/**
 * A path an upload step may name: relative to the flow file's folder and inside it, so a flow from someone else
 * cannot send a file from elsewhere on the machine (`../../.ssh/id_rsa`, `/etc/passwd`) to a page.
 */
function uploadPathProblem(path: string): string | undefined {
  if (!path || /^([a-zA-Z]:)?[\\/]/.test(path) || path.includes('\\') || path.split('/').some((part) => part === '..' || part === '')) {
    return `expected a file path relative to the flow file's folder and inside it (such as "photo.png" or "files/photo.png"), received ${JSON.stringify(path)}`;
  }
  return undefined;
}

/** The files a flow uploads, read by `read` (relative to the flow's folder); a file that cannot be read is left out. */
export async function collectUploads(flow: Flow, read: (relativePath: string) => Promise<Uint8Array | undefined>): Promise<Record<string, UploadFile>> {
  const files: Record<string, UploadFile> = {};
  for (const step of flow.steps) {
    if (!('action' in step) || !isUpload(step.action.method)) continue;
    for (const path of step.action.arguments ?? []) {
      if (path in files || uploadPathProblem(path)) continue;
      const bytes = await read(path).catch(() => undefined);
      if (bytes) files[path] = { name: path.split('/').pop()!, mimeType: mimeTypeOf(path), base64: Buffer.from(bytes).toString('base64') };
    }
  }
  return files;
}

/** The files of one upload step, or why it cannot run. */
export function uploadsForStep(method: string | undefined, paths: readonly string[], files: FlowFiles | undefined): { files?: UploadFile[]; problem?: string } {
  if (!isUpload(method)) return {};
  const chosen: UploadFile[] = [];
  for (const path of paths) {
    const problem = uploadPathProblem(path);
    if (problem) return { problem: `arguments: ${problem}` };
    const file = files?.[path];
    if (!file) return { problem: `${path} could not be read: upload steps send files from the flow file's folder; put ${path} there` };
    chosen.push(file);
  }
  return { files: chosen };
}
