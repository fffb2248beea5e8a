import path from 'node:path';
import { api } from './vscode-fake';
import { activate, deactivate } from '../../src/extension/extension';
import type { Rehearse } from '../../src/extension/rehearse';
import { EngineClient } from '../../src/extension/engine-client';
import type { Log } from '../../src/extension/log';
import { Secrets } from '../../src/extension/secrets';

/** The CLI the extension starts its local service from, as built. */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.js');

/** VS Code's secret storage, in memory. */
export function memorySecrets() {
  const values = new Map<string, string>();
  return { get: async (key: string) => values.get(key), store: async (key: string, value: string) => void values.set(key, value), delete: async (key: string) => void values.delete(key), onDidChange: () => ({ dispose: () => undefined }) };
}

/** VS Code's workspace state (a Memento), in memory. */
function memoryState() {
  const values = new Map<string, unknown>();
  return { keys: () => [...values.keys()], get: (key: string, fallback?: unknown) => (values.has(key) ? values.get(key) : fallback), update: async (key: string, value: unknown) => void (value === undefined ? values.delete(key) : values.set(key, value)) };
}

/** The extension's engine client as the extension makes it: a local service of its own, secrets in memory. */
export function localEngine(log: Log): { engine: EngineClient; secrets: Secrets } {
  const secrets = new Secrets(memorySecrets() as never, log);
  return { engine: new EngineClient(CLI, log, secrets), secrets };
}

/** What VS Code keeps of an activated extension: the subscriptions it disposes when the extension ends. */
let subscriptions: { dispose(): unknown }[] = [];

/**
 * The extension activated as VS Code activates it (its commands registered, its views and providers made), from this
 * repository's build, with its storage under `storage`. `deactivateExtension` ends it as VS Code does.
 */
export function activateExtension(storage: string): Rehearse {
  subscriptions = [];
  const context = {
    extensionUri: api.Uri.file(ROOT), secrets: memorySecrets(), workspaceState: memoryState(), subscriptions,
    asAbsolutePath: (relative: string) => path.join(ROOT, relative),
    storageUri: api.Uri.file(storage), globalStorageUri: api.Uri.file(storage),
  };
  return activate(context as never);
}

export async function deactivateExtension(): Promise<void> {
  for (const subscription of subscriptions.splice(0)) subscription.dispose();
  await deactivate();
}
