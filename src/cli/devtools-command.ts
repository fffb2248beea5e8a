import { readFile, stat, writeFile } from 'node:fs/promises';
import { exportRecording } from '../flows/export-devtools';
import { loadFlow, saveFlow } from '../flows/format';
import { importRecording, parseRecording } from '../flows/import-devtools';
import { UsageError, type Console } from './usage';

/** `rehearse import <recording.json> --out <flow>`: a Chrome DevTools Recorder recording as a flow file. */
export async function importCommand(file: string, out: string, io: Console): Promise<number> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  let recording;
  try {
    recording = parseRecording(text, file);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // What the person saved is never overwritten by an import.
  if (await stat(out).then(() => true, () => false)) throw new UsageError(`--out: ${out} exists; choose another file, or remove it first`);
  const { flow, problems } = importRecording(recording);
  await saveFlow(out, flow);
  for (const problem of problems) io.err(`not imported: ${problem}\n`);
  io.out(`wrote ${out}: ${flow.steps.length} step${flow.steps.length === 1 ? '' : 's'}${problems.length ? `, ${problems.length} step${problems.length === 1 ? '' : 's'} of the recording not imported (above)` : ''}\n`);
  return 0;
}

/** `rehearse export <flow> --devtools [--out file]`: a flow as a recording Chrome's Recorder imports. */
export async function exportDevtoolsCommand(file: string, out: string | undefined, io: Console): Promise<number> {
  const { recording, problems } = exportRecording(await loadFlow(file));
  for (const problem of problems) io.err(`${file}: ${problem}\n`);
  const text = `${JSON.stringify(recording, null, 2)}\n`;
  if (out) await writeFile(out, text);
  else io.out(text);
  return 0;
}
