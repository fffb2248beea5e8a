import * as v from 'valibot';
import * as vscode from 'vscode';
import { OPENAI_ENDPOINT_FORMATS, validate } from '../schema';
import { MAX_AGENT_STEPS } from '../schema/agent';

/** The `rehearse.*` settings, validated: a bad value is reported by its setting name, never silently replaced. */
const SettingsSchema = v.object({
  'model.name': v.string('expected a model name such as "openai/gpt-4.1-mini"'),
  'model.baseURL': v.union([v.literal(''), v.pipe(v.string(), v.url('expected an http(s) URL'))], 'expected an http(s) URL or nothing'),
  'model.openaiEndpointFormat': v.picklist(OPENAI_ENDPOINT_FORMATS, `expected one of ${OPENAI_ENDPOINT_FORMATS.join(', ')}`),
  'browser.executablePath': v.string('expected a path'),
  'browser.headless': v.boolean('expected true or false'),
  'browser.show': v.picklist(['auto', 'window', 'view'], 'expected "auto", "window" or "view"'),
  'browser.cdpUrl': v.string('expected a URL'),
  'service.url': v.union([v.literal(''), v.pipe(v.string(), v.url('expected an http(s) URL'))], 'expected an http(s) URL or nothing'),
  'flows.folder': v.string('expected a folder relative to the workspace'),
  'agent.maxSteps': v.pipe(v.number('expected a number'), v.integer('expected a whole number'), v.minValue(1, 'expected at least 1'), v.maxValue(MAX_AGENT_STEPS, `expected at most ${MAX_AGENT_STEPS}`)),
  'agent.allowedOrigins': v.array(v.string(), 'expected a list of origins'),
  'replay.traceOnFailure': v.boolean('expected true or false'),
  'replay.slowMo': v.pipe(v.number('expected a number of milliseconds'), v.integer('expected a whole number'), v.minValue(0, 'expected 0 or more'), v.maxValue(10_000, 'expected at most 10000')),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;
const KEYS = Object.keys(SettingsSchema.entries) as (keyof Settings)[];

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/**
 * Sets a `rehearse.*` user setting and returns once this window reads the new value: `update` can resolve before the
 * configuration seen here has changed, and a command that starts a browser right after must get the new one.
 */
export async function updateSetting(key: keyof Settings, value: string | boolean | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('rehearse').update(key, value, vscode.ConfigurationTarget.Global);
  const expected = value ?? vscode.workspace.getConfiguration('rehearse').inspect(key)?.defaultValue;
  for (let waited = 0; waited < 3_000 && vscode.workspace.getConfiguration('rehearse').get(key) !== expected; waited += 25) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One setting, validated alone: another set wrong (a browser address) must not stop what needs only this one. */
export function readSetting<K extends keyof Settings>(key: K): Settings[K] {
  const checked = validate(v.object({ [key]: SettingsSchema.entries[key] }), { [key]: vscode.workspace.getConfiguration('rehearse').get(key) });
  if (checked.ok) return (checked.value as Settings)[key];
  throw new SettingsError(`Setting rehearse.${key}: ${checked.problems[0]!.message.replace(/^[^:]*:\s*/, '')}`);
}

export function readSettings(): Settings {
  const configuration = vscode.workspace.getConfiguration('rehearse');
  const raw = Object.fromEntries(KEYS.map((key) => [key, configuration.get(key)]));
  const checked = validate(SettingsSchema, raw);
  if (checked.ok) return checked.value;
  const problem = checked.problems[0]!;
  throw new SettingsError(`Setting rehearse.${problem.field}: ${problem.message.replace(/^[^:]*:\s*/, '')}`);
}
