import type { BrowserContext } from 'playwright-core';
import { DEFAULT_VIEWPORT } from '../../src/core/browser/browser-host';
import { createSession, EngineSession, type SessionOptions } from '../../src/core/engine-session';
import { sharedTestChromium } from '../support/chromium';
import type { StaticSite as LoopbackServer } from '../../src/cli/static-site';
import { ScriptedModelServer } from '../support/model-server';
import { pickElementRule } from '../support/page-rule';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

export const TEST_MODEL_KEY = 'sk-engine-test-4d2c';

export interface EngineRig {
  /** The fixture site on 127.0.0.1. */
  site: LoopbackServer;
  /** The same fixtures on a second origin (localhost:<port>), for cross-origin frames. */
  other: LoopbackServer;
  models: ScriptedModelServer;
  session: EngineSession;
  url(path: string): string;
  /** Opens a fixture and returns what its event log says after `run`. */
  events(): Promise<string[]>;
  startSession(options?: SessionOptions): Promise<EngineSession>;
}

/** The page's event log once it stops changing (events from frames arrive by postMessage, a moment later); bounded. */
export async function settledEvents(session: EngineSession): Promise<string[]> {
  const read = () => session.page().evaluate(() => (window as unknown as { events?: string[] }).events ?? []);
  let previous = await read();
  const deadline = Date.now() + 2000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 60));
    const current = await read();
    if (current.length === previous.length) return current;
    previous = current;
  }
  return previous;
}

/** One browser session, a fixture site on two origins and a scripted model for a describe block. */
export function useEngine(options: SessionOptions = {}): EngineRig {
  const rig = {} as EngineRig;
  const extra: EngineSession[] = [];
  const contexts: BrowserContext[] = [];
  before(async function () {
    this.timeout(60_000);
    rig.site = await serveFolder(FIXTURES_DIR);
    rig.other = await serveFolder(FIXTURES_DIR);
    rig.models = await ScriptedModelServer.start();
    rig.url = (path: string) => `${rig.site.origin}/${path.replace('CROSS', rig.other.origin.replace('127.0.0.1', 'localhost'))}`;
    rig.startSession = async (more: SessionOptions = {}) => {
      const wanted: SessionOptions = {
        model: { modelName: 'openai/test-model', baseURL: rig.models.url('/v1'), apiKey: TEST_MODEL_KEY },
        env: {},
        ...options,
        ...more,
      };
      // A session that is about its browser (how it is found, attached, guarded) launches or attaches as a user's does;
      // the others work in a fresh context of the process's one test browser, at the default viewport.
      let session: EngineSession;
      if (wanted.browser || wanted.network) {
        session = await createSession(wanted);
      } else {
        const context = await (await sharedTestChromium()).newContext({ viewport: DEFAULT_VIEWPORT });
        contexts.push(context);
        session = await EngineSession.onContext(context, wanted);
      }
      extra.push(session);
      return session;
    };
    rig.session = await rig.startSession();
    rig.events = () => settledEvents(rig.session);
  });
  beforeEach(() => {
    rig.models.reset();
    rig.models.answerWith(pickElementRule);
  });
  after(async () => {
    await Promise.all(extra.map((session) => session.end()));
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await Promise.all([rig.site?.close(), rig.other?.close(), rig.models?.close()]);
  });
  return rig;
}
