import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { exportPlaywrightSpec } from '../flows/export-playwright';
import { FlowFileError, loadFlow } from '../flows/format';
import { MissingVariablesError } from '../flows/variables';
import type { ModelSetting } from '../schema';
import { MissingLLMConfigurationError, redact, ServiceError, startLocalSession } from '../service/local-session';
import { demoCommand } from './demo-command';
import { exportDevtoolsCommand, importCommand } from './devtools-command';
import { recordCommand } from './record-command';
import { replayCommand } from './replay-command';
import { serveCommand } from './serve-command';
import { showTraceCommand } from './show-trace-command';
import type { ReporterName } from './reporters';
import { USAGE, UsageError, type Console } from './usage';

const OPTIONS = {
  var: { type: 'string', multiple: true },
  vars: { type: 'string' },
  headed: { type: 'boolean' },
  workers: { type: 'string' },
  cdp: { type: 'string' },
  ws: { type: 'string' },
  browser: { type: 'string' },
  reporter: { type: 'string' },
  'trace-on-failure': { type: 'string' },
  update: { type: 'boolean' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'no-heal': { type: 'boolean' },
  'step-timeout': { type: 'string' },
  'slow-mo': { type: 'string' },
  playwright: { type: 'boolean' },
  devtools: { type: 'boolean' },
  service: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  keys: { type: 'string' },
  demo: { type: 'boolean' },
  'allow-origin': { type: 'string', multiple: true },
  'allow-private': { type: 'boolean' },
  'allow-browser-url': { type: 'string', multiple: true },
  'allow-mcp': { type: 'string', multiple: true },
  'host-name': { type: 'string', multiple: true },
  'idle-timeout': { type: 'string' },
  'max-model-reply': { type: 'string' },
  'stop-with-stdin': { type: 'boolean' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} satisfies ParseArgsConfig['options'];

function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`${flag}: expected a whole number of 1 or more, received ${JSON.stringify(value)}`);
  return number;
}

const NO_MODEL = 'this needs a model, and none is set: pass --model <provider/model> (for example openai/gpt-4.1-mini) or set '
  + 'REHEARSE_MODEL, with the provider\'s key in its variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY…; README: Models)';

function modelSetting(flag: string | undefined): ModelSetting | undefined {
  return flag ?? (process.env.REHEARSE_MODEL || undefined);
}

/** Resolves on Ctrl+C or a termination request. */
function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** Ctrl+C, a termination request or, for a process an editor started, its end of our stdin closing (even killed). */
function stopSignal(withStdin: boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    void untilInterrupted().then(resolve);
    if (withStdin) {
      process.stdin.on('end', () => resolve());
      process.stdin.resume();
    }
  });
}

export async function main(argv: readonly string[], io: Console): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.version || command === 'version') {
    io.out(`rehearse ${REHEARSE_VERSION}\n`);
    return 0;
  }
  if (values.help || !command || command === 'help') {
    io.out(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  switch (command) {
    case 'replay': {
      if (!rest.length) throw new UsageError('replay: give at least one flow file, folder or glob');
      const reporter = (values.reporter ?? 'human') as ReporterName;
      if (!['human', 'json', 'junit'].includes(reporter)) throw new UsageError(`--reporter: expected human, json or junit, received ${JSON.stringify(values.reporter)}`);
      if (values.cdp && values.ws) throw new UsageError('--cdp and --ws: give one of them');
      return replayCommand({
        patterns: rest, vars: values.var ?? [], varsFile: values.vars, headed: values.headed ?? false,
        workers: positiveInteger(values.workers, '--workers', 1), cdp: values.cdp, ws: values.ws, browser: values.browser, reporter,
        traceOnFailure: values['trace-on-failure'], update: values.update ?? false, baseUrl: values['base-url'],
        model: modelSetting(values.model), heal: !values['no-heal'], ...(values.service ? { service: values.service } : {}),
        stepTimeoutMs: values['step-timeout'] === undefined ? undefined : positiveInteger(values['step-timeout'], '--step-timeout', 10_000),
        ...(values['slow-mo'] !== undefined ? { slowMoMs: positiveInteger(values['slow-mo'], '--slow-mo', 0) } : {}),
      }, io);
    }
    case 'observe':
    case 'act': {
      const [url, instruction] = rest;
      if (!url || !instruction) throw new UsageError(`${command}: expected <url> "<instruction>"`);
      const session = await startLocalSession({ browser: { executablePath: values.browser, headless: !values.headed }, model: modelSetting(values.model) });
      try {
        await session.navigate(url);
        const result = command === 'observe' ? await session.observe(instruction) : await session.act(instruction);
        io.out(`${JSON.stringify(result, null, 2)}\n`);
        return command === 'act' && !(result as { success: boolean }).success ? 1 : 0;
      } finally {
        await session.end();
      }
    }
    case 'export': {
      const [file] = rest;
      if (file && values.devtools) return exportDevtoolsCommand(file, values.out, io);
      if (!file || !values.playwright) throw new UsageError('export: expected <flow> --playwright [--out file], or <flow> --devtools [--out file]');
      const spec = exportPlaywrightSpec(await loadFlow(file), path.basename(file));
      if (values.out) await writeFile(values.out, spec);
      else io.out(spec);
      return 0;
    }
    case 'import': {
      const [file] = rest;
      if (!file || !values.out) throw new UsageError('import: expected <recording.json> --out <file.flow.json>');
      return importCommand(file, values.out, io);
    }
    case 'demo':
      return demoCommand(io);
    case 'record': {
      const [url] = rest;
      if (!url || !values.out) throw new UsageError('record: expected <url> --out <file.flow.json> [--cdp <url>] [--browser <path>]');
      return recordCommand({ url, out: values.out, ...(values.cdp ? { cdp: values.cdp } : {}), ...(values.browser ? { browser: values.browser } : {}) }, io, untilInterrupted());
    }
    case 'show-trace': {
      const [trace] = rest;
      if (!trace) throw new UsageError('show-trace: expected <trace.zip>');
      const stop = stopSignal(values['stop-with-stdin'] === true);
      try {
        return await showTraceCommand(trace, io, stop);
      } finally {
        if (values['stop-with-stdin']) process.stdin.destroy();
      }
    }
    case 'serve': {
      const port = values.port === undefined ? 4800 : Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port: expected a port number, received ${JSON.stringify(values.port)}`);
      const stop = stopSignal(values['stop-with-stdin'] === true);
      try {
        return await serveCommand({
          port, host: values.host ?? '127.0.0.1', keysFile: values.keys, browser: values.browser, cdp: values.cdp, ws: values.ws, demo: values.demo === true,
          allowOrigins: values['allow-origin'], allowPrivate: values['allow-private'] === true, allowBrowserUrls: values['allow-browser-url'],
          allowMcp: values['allow-mcp'], hostNames: values['host-name'],
          ...(values['idle-timeout'] !== undefined ? { idleTimeoutMs: positiveInteger(values['idle-timeout'], '--idle-timeout', 300) * 1000 } : {}),
          ...(values['max-model-reply'] !== undefined ? { modelReplyLimitBytes: positiveInteger(values['max-model-reply'], '--max-model-reply', 4) * 1024 * 1024 } : {}),
        }, io, stop);
      } finally {
        // A stdin being read would keep the process alive after the service has stopped.
        if (values['stop-with-stdin']) process.stdin.destroy();
      }
    }
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}; run rehearse --help`);
  }
}

/** Exit codes: 0 passed, 1 a step failed, 2 invalid input (and any error that is not a step's). */
export async function run(argv: readonly string[], io: Console): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    if (error instanceof UsageError) io.err(`rehearse: ${error.message}\n${USAGE.split('\n').slice(2, 9).join('\n')}\n`);
    else if (error instanceof FlowFileError || error instanceof MissingVariablesError) io.err(`rehearse: ${error.message}\n`);
    // The engine's wording names the library's option; here the model comes from a flag or the environment.
    else if (error instanceof MissingLLMConfigurationError && error.field === 'options.model') io.err(`rehearse: ${NO_MODEL}\n`);
    else if (error instanceof ServiceError) io.err(`rehearse: ${error.name}: ${error.message}\n`);
    else io.err(`rehearse: ${redact((error as Error).message ?? String(error), [])}\n`);
    return 2;
  }
}

if (require.main === module) {
  const io: Console = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    color: !!process.stdout.isTTY && !process.env.NO_COLOR,
  };
  run(process.argv.slice(2), io).then((code) => {
    process.exitCode = code;
  }, (error: unknown) => {
    process.stderr.write(`rehearse: ${(error as Error).message}\n`);
    process.exitCode = 2;
  });
}
