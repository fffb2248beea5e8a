import * as vscode from 'vscode';
import { startLocalService, startRemoteSession, type HttpSession, type LocalService, type ServiceConnection, type StartOptions } from '../service/client';
import type { ModelSetting } from '../schema';
import type { Log } from './log';
import type { Secrets } from './secrets';
import { CallQueue } from './call-queue';
import { readSettings, type Settings } from './settings';
import { showingFor, type Showing } from './browser-display';

/** Errors that mean the session is gone (service restarted, session ended): start a new one and try again. */
function isSessionGone(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'SessionNotFoundError' || name === 'SessionClosedError';
}

/**
 * The extension's way to the engine: a Rehearse service, either the local one it starts itself on first use (a child
 * process on 127.0.0.1 with a one-time key: a crashed or hung browser never takes the editor down) or a remote one
 * (`rehearse.service.url`, its key in SecretStorage). One browser session at a time, started lazily with the settings.
 */
export class EngineClient implements vscode.Disposable {
  private local: Promise<LocalService> | undefined;
  private localKey: string | undefined;
  private previousStopped: Promise<void> = Promise.resolve();
  private current: Promise<HttpSession> | undefined;
  /** The settings the session was started with (see settingsChanged). */
  private startedWith: string | undefined;
  private reconfiguring: Promise<unknown> = Promise.resolve();
  private readonly calls = new CallQueue();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the session ends or restarts (views clear what referred to it). */
  readonly onDidReset = this.changed.event;
  private readonly viewWanted = new vscode.EventEmitter<{ readonly reason: 'no display' | 'needs you'; readonly reveal: boolean }>();
  /**
   * Fires when the person should see the browser in VS Code: a session started for the live view (reveal), a command
   * that needs them to see it (reveal), or any command on a browser shown only there (open again if closed).
   */
  readonly onDidWantView = this.viewWanted.event;
  private readonly sessionStarted = new vscode.EventEmitter<void>();
  readonly onDidStartSession = this.sessionStarted.event;
  /** How the current session's browser is seen. */
  private showing: Showing = 'unseen';

  constructor(private readonly cliPath: string, private readonly log: Log, private readonly secrets: Secrets) {}

  /**
   * The local service's command line: the browser is the operator's choice (a service never takes a program or a
   * browser URL from its clients), and on this machine the person's own servers (loopback, LAN) are reachable.
   */
  private static localArgs(settings: Settings): string[] {
    const browser = settings['browser.cdpUrl'] ? ['--cdp', settings['browser.cdpUrl']]
      : settings['browser.executablePath'] ? ['--browser', settings['browser.executablePath']] : [];
    return ['--demo', '--allow-private', ...browser];
  }

  private startLocal(settings: Settings = readSettings()): Promise<LocalService> {
    const args = EngineClient.localArgs(settings);
    const key = JSON.stringify(args);
    if (this.local && this.localKey !== key) {
      // Another browser was chosen: the service is started again with it (the session was ended by settingsChanged).
      // The next one starts once this one has stopped: the demo site's port is then free again, and a demo flow
      // pointing at it still replays.
      const previous = this.local;
      this.local = undefined;
      this.previousStopped = previous.then((service) => service.stop(), () => undefined);
    }
    this.localKey = key;
    this.local ??= (async () => {
      await this.previousStopped;
      this.log.info('starting the local Rehearse service');
      // In desktop VS Code process.execPath is Electron: ELECTRON_RUN_AS_NODE makes it plain Node for the child.
      const service = await startLocalService({ cliPath: this.cliPath, args, env: { ELECTRON_RUN_AS_NODE: '1' } });
      this.log.addSecret(service.key);
      this.log.info(`local service on ${service.url} (pid ${service.pid})`);
      service.onUnexpectedExit((code, stderr) => {
        this.log.error(`the local service exited (code ${code}): ${stderr.trim().split('\n').slice(-5).join('\n')}`);
        this.local = undefined;
        this.forgetSession();
        void vscode.window.showWarningMessage('The Rehearse service stopped unexpectedly; it restarts on the next command.', 'Show Log').then((choice) => {
          if (choice) this.log.show();
        });
      });
      return service;
    })();
    this.local.catch(() => {
      this.local = undefined;
    });
    return this.local;
  }

  async connection(settings: Settings = readSettings()): Promise<ServiceConnection> {
    const modelApiKey = await this.secrets.modelKey();
    if (settings['service.url']) {
      const apiKey = await this.secrets.serviceKey();
      if (!apiKey) throw new MissingServiceKeyError(`rehearse.service.url is ${settings['service.url']}, and no key for it is set: run "Rehearse: Set Service Key".`);
      return { url: settings['service.url'].replace(/\/(v1\/?)?$/, ''), apiKey, ...(modelApiKey ? { modelApiKey } : {}) };
    }
    const local = await this.startLocal(settings);
    return { url: local.url, apiKey: local.key, ...(modelApiKey ? { modelApiKey } : {}) };
  }

  /** The bundled demo site, served by the local service. */
  async demoUrl(): Promise<string> {
    if (readSettings()['service.url']) throw new Error('Open Demo serves the demo site from the local service; clear rehearse.service.url to use it.');
    const local = await this.startLocal();
    if (!local.demoUrl) throw new Error('The local service did not serve the demo site.');
    return local.demoUrl;
  }

  /** The model the settings name, with its base URL and endpoint format; the key travels per request, never stored. */
  static modelOf(settings: Settings): ModelSetting | undefined {
    if (!settings['model.name']) return undefined;
    const extra = {
      ...(settings['model.baseURL'] ? { baseURL: settings['model.baseURL'] } : {}),
      ...(settings['model.openaiEndpointFormat'] !== 'responses' ? { openaiEndpointFormat: settings['model.openaiEndpointFormat'] } : {}),
    };
    return Object.keys(extra).length ? { modelName: settings['model.name'], ...extra } : settings['model.name'];
  }

  private startOptions(settings: Settings, showing: Showing): StartOptions {
    const model = EngineClient.modelOf(settings);
    // A remote service chooses its own browser; the local one was started with the browser settings (localArgs).
    return { ...(model ? { model } : {}), browser: { launchOptions: { headless: showing !== 'window' } } };
  }

  /**
   * Changes what a session is started with (settings, secrets), then ends the session. A session asked for meanwhile
   * (a command run right after Choose Browser) waits and starts with the change: on a loaded machine writing a setting
   * takes seconds, and a person can be quicker.
   */
  async reconfigure(change: () => Promise<void>): Promise<void> {
    const done = this.reconfiguring.then(change).then(() => this.endSession());
    this.reconfiguring = done.catch(() => undefined);
    await done;
  }

  /**
   * The browser session, started on first use (Open Browser, Observe, Replay…). `headless: false`: the person must see
   * the browser (recording, picking); a session whose browser has no window then shows in the live view.
   */
  /** `watch`: the person is to watch this call (a replay): the Browser tab comes into sight where it is how the page shows. */
  async session(overrides: SessionOverrides = {}): Promise<HttpSession> {
    await this.reconfiguring;
    // Nothing is awaited from here until `current` is set: two callers cannot start two sessions.
    if (this.current) {
      if (overrides.headless === false && this.showing !== 'window') this.viewWanted.fire({ reason: this.showing === 'view' ? 'no display' : 'needs you', reveal: true });
      else if (this.showing === 'view') this.viewWanted.fire({ reason: 'no display', reveal: overrides.watch === true });
      return this.current;
    }
    const starting = (async () => {
      const settings = readSettings();
      this.startedWith = EngineClient.sessionKey(settings);
      const connection = await this.connection(settings);
      let showing = showingFor(settings, overrides);
      const session = await startRemoteSession(connection, this.startOptions(settings, showing)).catch(async (error: Error) => {
        // A remote service without a display: the live view, as on a local one.
        if (error.name !== 'NoDisplayError' || settings['browser.show'] !== 'auto') throw error;
        showing = 'view';
        return startRemoteSession(connection, this.startOptions(settings, showing));
      });
      this.showing = showing;
      this.log.info(`browser session ${session.id} started (${showing === 'window' ? 'in a window' : showing === 'view' ? 'headless, shown in VS Code' : 'headless'})`);
      return session;
    })();
    this.current = starting;
    // A start that failed is forgotten, unless another one has taken its place meanwhile.
    starting.then(() => {
      if (this.current !== starting) return;
      this.sessionStarted.fire();
      if (this.showing === 'view') this.viewWanted.fire({ reason: 'no display', reveal: true });
    }, () => {
      if (this.current === starting) this.forgetSession();
    });
    return starting;
  }

  /** The session if one is open or starting, without queueing behind a call: the live view runs beside every call. */
  get openSession(): Promise<HttpSession> | undefined {
    return this.current;
  }

  /** Whether the current session's browser shows only in VS Code (headless for lack of a display, or by the setting). */
  get showsInView(): boolean {
    return this.showing === 'view';
  }

  private static sessionKey(settings: Settings): string {
    const { 'flows.folder': _folder, 'agent.maxSteps': _steps, 'agent.allowedOrigins': _origins, 'replay.slowMo': _slowMo, 'replay.traceOnFailure': _trace, ...browserAndModel } = settings;
    return JSON.stringify(browserAndModel);
  }

  /**
   * Settings changed: a session started with other browser, model or service settings ends (the next command starts
   * one with the new ones). One started with these settings stays: a command that changed them may already use it.
   */
  async settingsChanged(): Promise<void> {
    let key: string;
    try {
      key = EngineClient.sessionKey(readSettings());
    } catch {
      return;
    }
    if (!this.current || key === this.startedWith) return;
    this.log.info('settings changed: the next command starts a new browser session');
    await this.endSession();
  }

  get hasSession(): boolean {
    return this.current !== undefined;
  }

  /**
   * Runs `work` on the session, one call at a time (see CallQueue; `long`: the agent, a replay, a recording). If the
   * session turned out to be gone, a new one is started and `work` runs once more.
   */
  withSession<T>(work: (session: HttpSession) => Promise<T>, options: SessionOverrides & { long?: string } = {}): Promise<T> {
    return this.calls.run(() => this.once(work, options), options.long);
  }

  /**
   * Runs `work` when a browser is open, after the short call under way if there is one; skipped while a long call runs
   * (the engine clears any outline when a call ends, so a hover it missed leaves nothing behind).
   */
  async whenOpen(work: (session: HttpSession) => Promise<unknown>): Promise<void> {
    if (this.calls.longCall || !this.current) return;
    await this.withSession(work);
  }

  private async once<T>(work: (session: HttpSession) => Promise<T>, overrides: SessionOverrides): Promise<T> {
    try {
      return await work(await this.session(overrides));
    } catch (error) {
      if (!isSessionGone(error)) throw error;
      this.log.warn('the browser session had ended; starting a new one');
      this.forgetSession();
      return work(await this.session(overrides));
    }
  }

  private forgetSession(): void {
    if (!this.current) return;
    this.current = undefined;
    this.changed.fire();
  }

  /** Ends the browser session (settings changed, or the user closed it); the next command starts a fresh one. */
  async endSession(): Promise<void> {
    const current = this.current;
    this.forgetSession();
    const session = await current?.catch(() => undefined);
    await session?.end().catch((error: unknown) => this.log.warn(`ending the session: ${(error as Error).message}`));
  }

  async dispose(): Promise<void> {
    await this.endSession();
    const local = await this.local?.catch(() => undefined);
    this.local = undefined;
    await local?.stop();
    this.changed.dispose();
    this.viewWanted.dispose();
    this.sessionStarted.dispose();
  }
}

export interface SessionOverrides {
  readonly headless?: boolean;
  readonly watch?: boolean;
}

export class MissingServiceKeyError extends Error {
  override name = 'MissingServiceKeyError';
}
