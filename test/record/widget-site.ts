import path from 'node:path';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { replayFlow } from '../../src/flows/replay';
import type { EngineSession } from '../../src/core/engine-session';
import type { Flow, FlowResult } from '../../src/schema';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The widget pages (test/fixtures/widgets) served on loopback for a describe block: `url('tribute.html')`. */
export function useWidgetSite(): { url: (page: string) => string; origin: () => string } {
  let site: StaticSite | undefined;
  before(async () => {
    site = await serveFolder(ROOT);
  });
  after(() => site?.close());
  return { url: (page) => `${site!.origin}/test/fixtures/widgets/${page}`, origin: () => site!.origin };
}

/**
 * Replays a flow with no model from a blank page, on its own page or on a later release of it (`#frozen`: the page's
 * hash that makes it one).
 */
export async function replayOnRelease(session: EngineSession, flow: Flow, release = '', stepTimeoutMs = 3000): Promise<FlowResult> {
  await session.page().goto('about:blank');
  return replayFlow(session, { ...flow, startUrl: `${flow.startUrl}${release}` }, { stepTimeoutMs, heal: false });
}
