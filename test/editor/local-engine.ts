import path from 'node:path';
import { EngineClient } from '../../src/extension/engine-client';
import type { Log } from '../../src/extension/log';
import { Secrets } from '../../src/extension/secrets';

/** The CLI the extension starts its local service from, as built. */
const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');

/** VS Code's secret storage, in memory. */
function memorySecrets() {
  const values = new Map<string, string>();
  return { get: async (key: string) => values.get(key), store: async (key: string, value: string) => void values.set(key, value), delete: async (key: string) => void values.delete(key), onDidChange: () => ({ dispose: () => undefined }) };
}

/** The extension's engine client as the extension makes it: a local service of its own, secrets in memory. */
export function localEngine(log: Log): { engine: EngineClient; secrets: Secrets } {
  const secrets = new Secrets(memorySecrets() as never, log);
  return { engine: new EngineClient(CLI, log, secrets), secrets };
}
