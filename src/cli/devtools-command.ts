import { readFile, stat, writeFile } from 'node:fs/promises';
import { exportRecording } from '../flows/export-devtools';
import { loadFlow, saveFlow } from '../flows/format';
import { importRecording } from '../flows/import-devtools';
import { RecordingSchema, summarizeProblems, validate } from '../schema';
import { UsageError, type Console } from './usage';

/** `rehearse import <recording.json> --out <flow>`: a Chrome DevTools Recorder recording as a flow file. */
export async function importCommand(file: string, out: string, io: Console): Promise<number> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not valid JSON: ${(error as Error).message}`}`);
  }
  const checked = validate(RecordingSchema, raw);
  if (!checked.ok) throw new UsageError(`${file}: not a DevTools Recorder recording: ${summarizeProblems(checked.problems)}`);
  // What the person saved is never overwritten by an import.
  if (await stat(out).then(() => true, () => false)) throw new UsageError(`--out: ${out} exists; choose another file, or remove it first`);
  const { flow, problems } = importRecording(checked.value);
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
