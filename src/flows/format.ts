import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { lstat, open, readdir, readFile, readlink, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FLOW_VERSION, FlowSchema, stepKind, summarizeProblems, unhandledKind, validate, type Flow, type FlowStep, type InputProblem } from '../schema';

/** A flow file that cannot be used, with where and why: `login.flow.json: steps.2.action.method: …`. */
export class FlowFileError extends Error {
  constructor(readonly file: string, readonly problems: readonly InputProblem[], detail?: string, readonly missing = false) {
    super(`${file}: ${detail ?? summarizeProblems(problems)}`);
    this.name = 'FlowFileError';
  }
}

/** The error loadFlow gives for a file that is not there (as opposed to one that is there and invalid). */
export function isMissingFlowFile(error: unknown): boolean {
  return error instanceof FlowFileError && error.missing;
}

/** Upgrades older flow versions step by step; version 1 is the first, so the chain is empty for now. */
const MIGRATIONS: Readonly<Record<number, (flow: Record<string, unknown>) => Record<string, unknown>>> = {};

function migrate(raw: unknown, file: string): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let flow = raw as Record<string, unknown>;
  const version = flow.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > FLOW_VERSION) {
    throw new FlowFileError(file, [], `version: this flow was made by a newer Rehearse (version ${version}); this one reads version ${FLOW_VERSION} and older. Update Rehearse.`);
  }
  for (let current = typeof version === 'number' ? version : FLOW_VERSION; current < FLOW_VERSION; current++) {
    const step = MIGRATIONS[current];
    if (!step) throw new FlowFileError(file, [], `version: ${current} is not a flow version Rehearse knows`);
    flow = step(flow);
  }
  return flow;
}

/** Parses and validates a flow file's text. */
export function parseFlow(text: string, file: string): Flow {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new FlowFileError(file, [], `not valid JSON: ${(error as Error).message}`);
  }
  const checked = validate(FlowSchema, migrate(raw, file));
  if (!checked.ok) throw new FlowFileError(file, checked.problems);
  return checked.value;
}

export async function loadFlow(file: string): Promise<Flow> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new FlowFileError(file, [], missing ? 'no such file' : (error as Error).message, missing);
  }
  return parseFlow(text, file);
}

/** Stable text: keys in one order, 2-space indentation, a final newline; a person's diff shows only what changed. */
export function serializeFlow(flow: Flow): string {
  const ordered = {
    ...(flow.$schema !== undefined ? { $schema: flow.$schema } : {}),
    version: flow.version,
    name: flow.name,
    ...(flow.startUrl !== undefined ? { startUrl: flow.startUrl } : {}),
    ...(flow.viewport !== undefined ? { viewport: flow.viewport } : {}),
    ...(flow.variables !== undefined ? { variables: flow.variables } : {}),
    steps: flow.steps,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/**
 * Writes a flow atomically: the new text goes to a temporary file beside it, is flushed to disk, and replaces the old
 * file in one rename. A crash leaves the old file or the new one, never a torn one. The flow is validated first.
 */
export async function saveFlow(file: string, flow: Flow): Promise<void> {
  const checked = validate(FlowSchema, flow);
  if (!checked.ok) throw new FlowFileError(file, checked.problems);
  await writeFileAtomically(file, serializeFlow(checked.value));
}

/**
 * Replaces a file's text in one step: written to a temporary file beside it, flushed, then renamed over it. The file
 * keeps its permissions; a symbolic link stays a link (the file it points to is replaced); temporary files that a
 * killed writer left behind are removed.
 */
async function writeFileAtomically(file: string, text: string): Promise<void> {
  const target = await throughLinks(file);
  const directory = path.dirname(target);
  await removeAbandonedTemporaries(directory, path.basename(target));
  const mode = await stat(target).then((info) => info.mode & 0o7777, () => undefined);
  const temporary = path.join(directory, `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', mode ?? 0o666);
    try {
      await handle.writeFile(text, 'utf8');
      // The umask narrows the mode a file is created with; an existing file keeps exactly the mode it had.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The file a path names after following symbolic links (to a file that may not exist yet). */
async function throughLinks(file: string, depth = 0): Promise<string> {
  const info = await lstat(file).catch(() => undefined);
  if (!info?.isSymbolicLink() || depth > 20) return file;
  return throughLinks(path.resolve(path.dirname(file), await readlink(file)), depth + 1);
}

const TEMPORARY = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** A save writes its temporary file in one go: one untouched this long is no save's, whatever its number says. */
const ABANDONED_AFTER_MS = 60_000;

/**
 * Temporary files of this file whose writer is no longer running (killed mid-save). A writer that was killed but not
 * yet reaped by its parent (a zombie) still answers to its process id: it counts as gone. A process id can also have
 * been given to another program since; a temporary file nobody has written to for a minute is abandoned either way.
 */
async function removeAbandonedTemporaries(directory: string, base: string): Promise<void> {
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(names.map(async (name) => {
    const match = TEMPORARY.exec(name);
    if (!match || match[1] !== base) return;
    const pid = Number(match[2]);
    const file = path.join(directory, name);
    if (pid === process.pid) return;
    if (isRunning(pid)) {
      const modified = await stat(file).then((info) => info.mtimeMs, () => Date.now());
      if (Date.now() - modified < ABANDONED_AFTER_MS) return;
    }
    await rm(file, { force: true });
  }));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** On Linux, a process that has exited and waits to be reaped is in state Z (or X while it goes). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
}

/**
 * Appends steps (and the variables they use) to a flow file, creating it when missing; a file that does not validate is
 * reported and left as it is. Only this file is rewritten.
 */
export async function appendSteps(file: string, steps: readonly FlowStep[], create?: { name: string; startUrl?: string }, variables?: Flow['variables']): Promise<Flow> {
  return insertSteps(file, undefined, steps, create, variables);
}

/** The same, with the steps put before the step at `at` (after the last when undefined or past the end). */
export async function insertSteps(file: string, at: number | undefined, steps: readonly FlowStep[], create?: { name: string; startUrl?: string }, variables?: Flow['variables']): Promise<Flow> {
  let flow: Flow;
  try {
    flow = await loadFlow(file);
  } catch (error) {
    if (!(isMissingFlowFile(error) && create)) throw error;
    flow = { version: FLOW_VERSION, name: create.name, ...(create.startUrl ? { startUrl: create.startUrl } : {}), steps: [] };
  }
  const updated = withStepsInserted(flow, at, steps, variables);
  await saveFlow(file, updated);
  return updated;
}

/** The flow with `steps` at `at` (after the last step when undefined), and the variables they use where it has none of that name. */
export function withStepsInserted(flow: Flow, at: number | undefined, steps: readonly FlowStep[], variables?: Flow['variables']): Flow {
  const mergedVariables = variables && Object.keys(variables).length ? { ...variables, ...flow.variables } : flow.variables;
  const index = at === undefined ? flow.steps.length : Math.max(0, Math.min(at, flow.steps.length));
  return { ...flow, ...(mergedVariables ? { variables: mergedVariables } : {}), steps: [...flow.steps.slice(0, index), ...steps, ...flow.steps.slice(index)] };
}

/**
 * The flow with its start URL's origin replaced by `baseUrl` wherever it appears (start URL, navigate steps, URL
 * expectations), so a flow recorded against one server replays against another (a preview deploy, a CI port). A base
 * URL with a path puts the site under it: `https://preview.example/pr-12/` turns `/login.html` into `/pr-12/login.html`.
 */
export function rebaseFlow(flow: Flow, baseUrl: string): Flow {
  if (!flow.startUrl) return flow;
  if (!/^https?:\/\//i.test(flow.startUrl)) {
    throw new Error(`startUrl: ${flow.startUrl} is not an http(s) address, so there is no origin to replace with ${baseUrl}; put a %variable% in its place instead`);
  }
  const from = new URL(flow.startUrl).origin;
  const base = new URL(baseUrl);
  const to = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const swap = (text: string) => (text.startsWith(from) ? to + text.slice(from.length) : text);
  return {
    ...flow,
    startUrl: swap(flow.startUrl),
    steps: flow.steps.map((step): FlowStep => {
      const tagged = stepKind(step);
      switch (tagged.kind) {
        case 'navigate': return { navigate: swap(tagged.step.navigate) };
        case 'expect': return 'url' in tagged.step.expect ? { ...tagged.step, expect: { url: swap(tagged.step.expect.url) } } : step;
        case 'wait': return 'url' in tagged.step.wait ? { ...tagged.step, wait: { url: swap(tagged.step.wait.url) } } : step;
        case 'action': return step;
        default: return unhandledKind(tagged);
      }
    }),
  };
}
