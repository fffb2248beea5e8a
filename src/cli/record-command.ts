import path from 'node:path';
import { appendSteps } from '../flows/format';
import { Recorder } from '../flows/recorder';
import { describeStep } from '../schema';
import { startLocalSession } from '../service/local-session';
import { UsageError, type Console } from './usage';

export interface RecordArguments {
  readonly url: string;
  readonly out: string;
  /** Record in a browser that is already open (a person's Chrome started with --remote-debugging-port). */
  readonly cdp?: string;
  readonly browser?: string;
}

/**
 * `rehearse record <url> --out my.flow.json`: opens a browser window on the page and writes each thing the person does
 * to the flow file as it happens (a file that exists is added to; one that is not a valid flow is left alone). Ctrl+C,
 * or closing the window, stops and keeps what was recorded.
 */
export async function recordCommand(args: RecordArguments, io: Console, stopSignal: Promise<void>): Promise<number> {
  if (!URL.canParse(args.url)) throw new UsageError(`record: expected a URL such as http://127.0.0.1:4173/, received ${JSON.stringify(args.url)}`);
  // The engine refuses a window where there is no display (before launching); recording needs one, or --cdp.
  const session = await startLocalSession({ browser: { headless: false, ...(args.cdp ? { cdpUrl: args.cdp, isolate: false } : {}), ...(args.browser ? { executablePath: args.browser } : {}) } }).catch((error: Error) => {
    if (error.name !== 'NoDisplayError') throw error;
    throw new UsageError('record: there is no display here to show a browser window (DISPLAY is not set). Record in a browser you can see with --cdp <url> (one started with --remote-debugging-port), or run where there is a display.');
  });
  const name = path.basename(args.out).replace(/\.flow\.json$|\.json$/, '') || 'Recorded';
  let steps = 0;
  try {
    await session.navigate(args.url);
    const page = session.page();
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    let saving: Promise<unknown> = Promise.resolve();
    const recorder = await Recorder.start(session, ({ step, variables }) => {
      saving = saving.then(() => appendSteps(args.out, [step], { name, startUrl: args.url }, variables)).then(() => {
        steps++;
        io.out(`  recorded ${describeStep(step).description}\n`);
      }, (error: Error) => io.err(`rehearse: ${error.message}\n`));
      return saving.then(() => undefined);
    }, { onProblem: (problem) => io.err(`  not recorded: ${problem}\n`), onPicked: (selector) => io.out(`  locator: ${selector}\n`) });
    io.out(`Recording ${args.url} into ${args.out}. Act in the browser (its toolbar adds assertions); press Ctrl+C or close the window to stop.\n`);
    await Promise.race([stopSignal, closed]);
    await recorder.stop().catch(() => undefined);
    await saving;
  } finally {
    await session.end().catch(() => undefined);
  }
  io.out(`${steps} step${steps === 1 ? '' : 's'} saved to ${args.out}\n`);
  return 0;
}
