import { generateKeyPairSync } from 'node:crypto';
import * as v from 'valibot';
import { ScriptedModelServer } from '../support/model-server';

/** The answer shape the model tests ask for: strict, so OpenAI strict mode applies. */
export const PickSchema = v.strictObject({ elementId: v.string(), reason: v.string() });

/** A value that must never leave the test process in a log, an error or a request it was not meant for. */
export const CANARY_KEY = 'sk-canary-7f3a9c1e5b';

/** Starts one scripted server for a describe block and clears it between tests. */
export function useModelServer(): { readonly server: ScriptedModelServer } {
  const holder = {} as { server: ScriptedModelServer };
  before(async () => {
    holder.server = await ScriptedModelServer.start();
  });
  afterEach(() => holder.server.reset());
  after(async () => holder.server.close());
  return holder;
}

/** A fresh RSA key pair, as in a Google service-account file. */
export function serviceAccountKeys(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
