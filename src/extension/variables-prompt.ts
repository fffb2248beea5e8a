import * as vscode from 'vscode';
import type { Flow } from '../schema';
import type { Secrets } from './secrets';

/**
 * The value of each variable a flow declares: a secret one from SecretStorage or a password prompt (then kept in
 * SecretStorage, never in the file); another from this window's earlier answer, its default, or a prompt.
 * Undefined when the person dismisses a prompt.
 */
export class VariableValues {
  private readonly remembered = new Map<string, string>();

  constructor(private readonly secrets: Secrets) {}

  async resolve(flow: Flow): Promise<Record<string, string> | undefined> {
    const values: Record<string, string> = {};
    for (const [name, declared] of Object.entries(flow.variables ?? {})) {
      const key = `${flow.name}.${name}`;
      let value = declared.secret ? await this.secrets.variable(flow.name, name) : this.remembered.get(key) ?? declared.default;
      if (value === undefined) {
        value = await vscode.window.showInputBox({
          title: `${flow.name}: %${name}%`,
          prompt: `${declared.description ?? `Value of %${name}%`}${declared.secret ? ' (kept in VS Code secret storage, never in the flow file)' : ''}`,
          password: declared.secret === true,
          ignoreFocusOut: true,
        });
        if (value === undefined) return undefined;
        if (declared.secret) await this.secrets.setVariable(flow.name, name, value);
        else this.remembered.set(key, value);
      }
      values[name] = value;
    }
    return values;
  }
}
