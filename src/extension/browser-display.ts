import type { Settings } from './settings';

/**
 * Whether a browser window can be shown where the local service runs (the extension host's machine and environment):
 * on Linux only with an X or Wayland display, which Remote-SSH, containers, Codespaces and code-server do not have.
 */
function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'linux' || Boolean(env.DISPLAY?.trim() || env.WAYLAND_DISPLAY?.trim());
}

/** How a new session's browser is seen: its own window, the live view in VS Code, or not at all. */
export type Showing = 'window' | 'view' | 'unseen';

/**
 * `wantsSeen`: the command needs the person to see the browser (Record Manually, Pick Locator), or the settings show it.
 * `auto` shows a window where one can be shown, else the live view; a remote service may still say it has no display
 * (EngineClient then starts the session again for the view).
 */
export function showingFor(settings: Pick<Settings, 'browser.show' | 'browser.headless' | 'service.url'>, overrides: { headless?: boolean }, display = hasDisplay()): Showing {
  const wantsSeen = !(overrides.headless ?? settings['browser.headless']);
  if (!wantsSeen) return 'unseen';
  if (settings['browser.show'] !== 'auto') return settings['browser.show'];
  return settings['service.url'] || display ? 'window' : 'view';
}
