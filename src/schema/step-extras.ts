import * as v from 'valibot';
import { flag, list, strictObject, text } from './messages';

/** How a person answered a dialog (confirm, prompt) an action opened; replay answers it the same way. */
export const DialogAnswerSchema = strictObject({
  accept: flag(),
  /** What was typed into a prompt(). */
  promptText: v.optional(text()),
});
export type DialogAnswer = v.InferOutput<typeof DialogAnswerSchema>;

/** Most a file for setInputFiles may weigh once encoded: it travels inside one request to the service. */
export const MAX_UPLOAD_BASE64_CHARS = 700_000;

/**
 * A file for setInputFiles, with its contents: whoever replays reads it (beside the flow file), so the engine and the
 * service never open a path of their own disk that a flow or a client names.
 */
export const UploadFileSchema = strictObject({
  name: v.pipe(text(), v.regex(/^[^/\\]+$/, (issue) => `expected a file name without folders, received ${issue.received}`)),
  mimeType: text(),
  base64: v.pipe(
    text(),
    v.maxLength(MAX_UPLOAD_BASE64_CHARS, (issue) => `expected a file of at most ${Math.floor((MAX_UPLOAD_BASE64_CHARS * 3) / 4 / 1024)} KB, received ${Math.floor((issue.input.length * 3) / 4 / 1024)} KB`),
    v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64 text'),
  ),
});
export type UploadFile = v.InferOutput<typeof UploadFileSchema>;
export const UploadFilesSchema = list(UploadFileSchema);

/** Mime types for the files a page is likely to check; anything else is sent as bytes. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain', csv: 'text/csv', json: 'application/json', pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
  gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', html: 'text/html', xml: 'application/xml', zip: 'application/zip',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp4: 'video/mp4', mp3: 'audio/mpeg',
};

export function mimeTypeOf(name: string): string {
  return MIME_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
