import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { FlowFileError, loadFlow, rebaseFlow, saveFlow } from '../flows/format';
import { applyHealing, replayFlow, type FlowResult } from '../flows/replay';
import type { FlowFiles } from '../flows/uploads';
import { MissingVariablesError, resolveVariables } from '../flows/variables';
import type { Flow, ModelSetting } from '../schema';
import { startRemoteSession } from '../service/client';
import { startLocalSession } from '../service/local-session';
import { expandFlowFiles } from '../flows/flow-paths';
import { readFlowFiles } from '../flows/flow-file-uploads';
import { createReporter, type ReporterName } from './reporters';
import { UsageError, type Console } from './usage';
import { replayWithTraceOnFailure } from '../flows/trace-on-failure';

export interface ReplayArguments {
  readonly patterns: readonly string[];
  readonly vars: readonly string[];
  readonly varsFile?: string | undefined;
  readonly headed: boolean;
  /** A pause before each step, to watch a headed replay. */
  readonly slowMoMs?: number | undefined;
  readonly workers: number;
  readonly cdp?: string | undefined;
  readonly ws?: string | undefined;
  readonly browser?: string | undefined;
  readonly reporter: ReporterName;
  readonly traceOnFailure?: string | undefined;
  readonly update: boolean;
  readonly baseUrl?: string | undefined;
  readonly model?: ModelSetting | undefined;
  readonly stepTimeoutMs?: number | undefined;
  readonly heal: boolean;
  /** Replay on a Rehearse service instead of a local browser (key: REHEARSE_SERVICE_KEY). */
  readonly service?: string | undefined;
}

const ValuesFileSchema = v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]));

function parseVars(pairs: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--var ${pair}: expected name=value`);
    values[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return values;
}

async function readValuesFile(file: string): Promise<Record<string, string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--vars ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not valid JSON: ${(error as Error).message}`}`);
  }
  const checked = v.safeParse(ValuesFileSchema, parsed);
  if (!checked.success) throw new UsageError(`--vars ${file}: expected a JSON object of variable names to string values`);
  return Object.fromEntries(Object.entries(checked.output).map(([name, value]) => [name, String(value)]));
}

/** `rehearse replay`: exit 0 when every flow passed, 1 when a step failed; input errors throw (exit 2). */
export async function replayCommand(args: ReplayArguments, io: Console): Promise<number> {
  const files = await Promise.resolve().then(() => expandFlowFiles(args.patterns)).catch((error: Error) => {
    throw new UsageError(error.message);
  });
  const given = parseVars(args.vars);
  const fromFile = args.varsFile ? await readValuesFile(args.varsFile) : {};
  const flows: { file: string; flow: Flow; values: Record<string, string>; uploads: FlowFiles }[] = [];
  const secrets: string[] = [];
  for (const file of files) {
    let flow = await loadFlow(file);
    if (args.baseUrl) {
      try {
        flow = rebaseFlow(flow, args.baseUrl);
      } catch (error) {
        throw new UsageError(`${file}: --base-url: ${(error as Error).message}`);
      }
    }
    const resolved = resolveVariables(flow, { given, file: fromFile, env: process.env });
    secrets.push(...resolved.secrets);
    flows.push({ file, flow, values: resolved.values, uploads: await readFlowFiles(file, flow) });
  }
  const relative = (file: string) => path.relative(process.cwd(), file) || file;
  const reporter = createReporter(args.reporter, { write: (text) => io.out(text), color: io.color }, () => secrets);
  if (args.traceOnFailure) await mkdir(args.traceOnFailure, { recursive: true });
  const results: FlowResult[] = new Array(flows.length);
  let next = 0;
  const worker = async () => {
    while (next < flows.length) {
      const index = next++;
      const { file, flow, values, uploads } = flows[index]!;
      results[index] = await replayOne(file, flow, values, uploads);
    }
  };
  const replayOne = async (file: string, flow: Flow, values: Record<string, string>, uploads: FlowFiles): Promise<FlowResult> => {
    if (args.service) return replayRemote(file, flow, values, uploads);
    const session = await startLocalSession({
      browser: { executablePath: args.browser, headless: !args.headed, cdpUrl: args.cdp, wsEndpoint: args.ws, isolate: true, viewport: flow.viewport },
      cache: false,
      ...(args.model ? { model: args.model } : {}),
    });
    try {
      if (args.workers === 1) reporter.flowStarted(flow.name, relative(file));
      const buffered: Parameters<typeof reporter.step>[1][] = [];
      const replay = () => replayFlow(session, flow, {
        variables: values, files: uploads, file: relative(file), heal: args.heal, ...(args.slowMoMs ? { slowMoMs: args.slowMoMs } : {}), ...(args.stepTimeoutMs ? { stepTimeoutMs: args.stepTimeoutMs } : {}),
        onStep: (step) => (args.workers === 1 ? reporter.step(file, step) : buffered.push(step)),
      });
      const { result, trace, traceNote } = args.traceOnFailure ? await replayWithTraceOnFailure(session, flow, replay) : { result: await replay(), trace: undefined, traceNote: undefined };
      if (args.workers > 1) {
        reporter.flowStarted(flow.name, relative(file));
        for (const step of buffered) reporter.step(file, step);
      }
      if (args.traceOnFailure && trace) {
        const traceFile = path.join(args.traceOnFailure, `${path.basename(file, '.flow.json')}.zip`);
        await writeFile(traceFile, trace);
        io.err(`trace of the failure: ${traceFile} (open it with npx playwright show-trace)\n`);
      } else if (traceNote) io.err(`${relative(file)}: ${traceNote}\n`);
      reporter.flowFinished(result);
      if (args.update) {
        const { flow: healedFlow, changed } = applyHealing(await loadFlow(file), result);
        if (changed) {
          await saveFlow(file, healedFlow);
          io.err(`updated ${changed} selector${changed === 1 ? '' : 's'} in ${relative(file)}\n`);
        }
      }
      return result;
    } finally {
      await session.end();
    }
  };
  /** The same replay on a remote service: the flow runs against the Session interface either way. */
  const replayRemote = async (file: string, flow: Flow, values: Record<string, string>, uploads: FlowFiles): Promise<FlowResult> => {
    const apiKey = process.env.REHEARSE_SERVICE_KEY;
    if (!apiKey) throw new UsageError('--service: set REHEARSE_SERVICE_KEY to a key of that service');
    const session = await startRemoteSession({ url: args.service!.replace(/\/v1\/?$/, '').replace(/\/$/, ''), apiKey }, args.model ? { model: args.model } : {});
    try {
      reporter.flowStarted(flow.name, relative(file));
      const result = await replayFlow(session, flow, { variables: values, files: uploads, file: relative(file), heal: args.heal, onStep: (step) => reporter.step(file, step), ...(args.stepTimeoutMs ? { stepTimeoutMs: args.stepTimeoutMs } : {}) });
      reporter.flowFinished(result);
      return result;
    } finally {
      await session.end();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(args.workers, flows.length)) }, worker));
  io.out(reporter.finish(results));
  return results.every((result) => result.status === 'passed') ? 0 : 1;
}

export { FlowFileError, MissingVariablesError };
