import type * as vscode from 'vscode';
import type { Log } from './log';

const MODEL_KEY = 'rehearse.modelApiKey';
const SERVICE_KEY = 'rehearse.serviceApiKey';
const VARIABLE_PREFIX = 'rehearse.variable.';

/**
 * Keys and secret variable values, in VS Code's SecretStorage only (never settings, never a flow file). Each value read
 * is registered with the log so that it is redacted wherever it might appear.
 */
export class Secrets {
  constructor(private readonly storage: vscode.SecretStorage, private readonly log: Log) {}

  private async read(key: string): Promise<string | undefined> {
    const value = await this.storage.get(key);
    this.log.addSecret(value);
    return value || undefined;
  }

  private async write(key: string, value: string): Promise<void> {
    this.log.addSecret(value);
    await this.storage.store(key, value);
  }

  modelKey(): Promise<string | undefined> {
    return this.read(MODEL_KEY);
  }

  setModelKey(value: string): Promise<void> {
    return this.write(MODEL_KEY, value);
  }

  serviceKey(): Promise<string | undefined> {
    return this.read(SERVICE_KEY);
  }

  setServiceKey(value: string): Promise<void> {
    return this.write(SERVICE_KEY, value);
  }

  /** A secret variable's value, per flow name and variable (two flows may both have a "password"). */
  variable(flowName: string, name: string): Promise<string | undefined> {
    return this.read(`${VARIABLE_PREFIX}${flowName}.${name}`);
  }

  setVariable(flowName: string, name: string, value: string): Promise<void> {
    return this.write(`${VARIABLE_PREFIX}${flowName}.${name}`, value);
  }
}
