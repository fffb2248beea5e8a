import { spawn } from 'node:child_process';

export interface LocalTraceViewer {
  /** The viewer's address for the trace, on 127.0.0.1. */
  readonly url: string;
  stop(): void;
}

/**
 * Starts `rehearse show-trace <trace>` as a child process (Playwright's viewer never runs in an editor's process) and
 * waits for its address. Its stdin is a lifeline: it stops with the process that started it.
 */
export function startTraceViewer(options: { cliPath: string; trace: string; nodePath?: string; env?: Readonly<Record<string, string | undefined>>; startTimeoutMs?: number }): Promise<LocalTraceViewer> {
  const child = spawn(options.nodePath ?? process.execPath, [options.cliPath, 'show-trace', options.trace, '--stop-with-stdin'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The trace viewer did not start within ${options.startTimeoutMs ?? 20_000} ms. ${output.trim()}`));
    }, options.startTimeoutMs ?? 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The trace viewer exited (code ${code}) before it was ready. ${output.trim()}`));
    });
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /trace viewer: (http:\/\/127\.0\.0\.1:\d+\S*)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, stop: () => void child.kill('SIGTERM') });
    });
  });
}
