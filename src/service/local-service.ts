import { spawn, type ChildProcess } from 'node:child_process';

export interface LocalService {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The one-time key this service accepts (x-svc-api-key). */
  readonly key: string;
  readonly pid: number;
  /** The demo site's origin, when started with `--demo`. */
  readonly demoUrl?: string;
  /** Called if the service exits before stop() (a crash): with its exit code and the end of its error output. */
  onUnexpectedExit(listener: (code: number | null, stderrTail: string) => void): void;
  /** Stops it (SIGTERM: sessions ended, browsers closed), or kills it if it has not stopped within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface LocalServiceOptions {
  /** The built CLI (dist/cli.js). */
  readonly cliPath: string;
  /** The Node.js to run it with (default: this process's). */
  readonly nodePath?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Extra arguments for `rehearse serve` (for example --browser). */
  readonly args?: readonly string[];
  readonly startTimeoutMs?: number;
}

/**
 * Starts `rehearse serve` on a free loopback port as a child process and waits for it to announce its URL and key.
 * This is the embedded engine of the VS Code extension: a crashed or hung browser never takes the editor down.
 */
export function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  // stdin is a lifeline: if this process dies, even by SIGKILL, the pipe closes and the service stops with it.
  const child: ChildProcess = spawn(options.nodePath ?? process.execPath, [options.cliPath, 'serve', '--host', '127.0.0.1', '--port', '0', '--stop-with-stdin', ...(options.args ?? [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, REHEARSE_SERVICE_KEYS: '' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let stopping = false;
  const exitListeners: ((code: number | null, stderrTail: string) => void)[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (!stopping) for (const listener of exitListeners) listener(code, stderr);
  });
  return new Promise<LocalService>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The Rehearse service did not start within ${options.startTimeoutMs ?? 30_000} ms. ${stderr.trim()}`));
    }, options.startTimeoutMs ?? 30_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The Rehearse service exited (code ${code}) before it was ready. ${stderr.trim()}`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /Rehearse service on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(stdout)?.[1];
      const key = /key \(x-svc-api-key\): (\S+)/.exec(stdout)?.[1];
      if (!url || !key) return;
      const demoUrl = /demo site on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      if (options.args?.includes('--demo') && !demoUrl) return;
      clearTimeout(timer);
      resolve({
        url, key, pid: child.pid!, ...(demoUrl ? { demoUrl } : {}),
        onUnexpectedExit: (listener) => void exitListeners.push(listener),
        stop: async (graceMs = 10_000) => {
          if (child.exitCode !== null) return;
          stopping = true;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}
