import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ReplayRates {
  readonly rows: string[][];
}

/**
 * Issue 12's figures, from the record suite itself (the same scenarios, so the figure and the test never disagree):
 * the round-trip gestures that replay, and the kitchensink gestures performed, recorded and replayed on another origin.
 */
export async function replayRates(): Promise<ReplayRates> {
  const output = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, [path.join(__dirname, '..', '..', '..', 'test', 'support', 'run-suites.js'), 'record'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('exit', () => resolve(text));
  });
  const suite = /^record: (\d+) passed, (\d+) failed/m.exec(output);
  const kitchensink = /kitchensink: (\d+) gestures, (\d+) steps recorded, (\d+) replayed/.exec(output);
  const pages = [...output.matchAll(/^\s+(\/\S*): (\d+)\/(\d+) steps replayed/gm)];
  const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(0)}%` : 'n/a');
  const rows: string[][] = [
    ['record suite (round trips, redesign and decoy checks, kitchensink)', suite ? `${suite[1]} of ${Number(suite[1]) + Number(suite[2])} tests pass` : 'did not run'],
  ];
  if (kitchensink) {
    const [, gestures, recorded, replayed] = kitchensink.map(Number);
    rows.push(['kitchensink: gestures performed / steps recorded / replayed on another origin', `${gestures} / ${recorded} / ${replayed} (${percent(replayed!, recorded!)})`]);
    for (const [, page, passed, total] of pages) rows.push([`  ${page}`, `${passed}/${total}`]);
  }
  return { rows };
}
