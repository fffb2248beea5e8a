import * as vscode from 'vscode';
import { redact } from '../service/client';

/**
 * The "Rehearse" log output channel. Every line passes through `redact` with the secrets known this session (model and
 * service keys, secret variable values), so a key never reaches the log even inside an error message.
 */
export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Rehearse', { log: true });
  private readonly secrets = new Set<string>();

  /** A value that must never be shown (added as soon as the extension reads it). */
  addSecret(value: string | undefined): void {
    if (value) this.secrets.add(value);
  }

  clean(text: string): string {
    return redact(text, this.secrets);
  }

  info(message: string): void {
    this.write('info', this.clean(message));
  }

  warn(message: string): void {
    this.write('warn', this.clean(message));
  }

  error(message: string, error?: unknown): void {
    this.write('error', this.clean(error ? `${message}: ${error instanceof Error ? error.message : String(error)}` : message));
  }

  private write(level: 'info' | 'warn' | 'error', line: string): void {
    this.channel[level](line);
    // The extension tests read the log from the extension host's console (already redacted).
    if (process.env.REHEARSE_LOG_TO_CONSOLE) console.log(`[rehearse ${level}] ${line}`);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
