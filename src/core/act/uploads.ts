import type { UploadFile } from '../../schema';
import type { FileUpload } from './methods';

/** Files as they travel (base64) to what Playwright sends the page. */
export function decodeUploads(files: readonly UploadFile[]): FileUpload[] {
  return files.map((file) => ({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.base64, 'base64') }));
}
