import { NoDisplayError } from '../errors';
import type { Environment } from '../models/resolve';

/**
 * A window needs a display: on Linux, an X server ($DISPLAY) or Wayland ($WAYLAND_DISPLAY). Without one (a server, a
 * container, an SSH or code-server session) Chromium exits at once with a reason Playwright hides behind "Target page,
 * context or browser has been closed"; this says so before trying.
 */
export function checkDisplay(headless: boolean, env: Environment, platform: NodeJS.Platform = process.platform): void {
  if (headless || platform !== 'linux' || env.DISPLAY?.trim() || env.WAYLAND_DISPLAY?.trim()) return;
  throw new NoDisplayError('There is no display to show a browser window on (neither $DISPLAY nor $WAYLAND_DISPLAY is set: a server, a container or a remote session). Run the browser headless (rehearse.browser.headless, or leave out --headed); screenshots and highlights still work.');
}

/**
 * Why a browser did not start, in its own words: the lines it wrote to stderr, which Playwright keeps in its call log
 * (`[pid=123][err] Missing X server or $DISPLAY`), without the noise of its startup.
 */
export function launchFailure(error: Error): string {
  const lines = error.message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const said = lines
    .map((line) => /\[pid=\d+\]\[err\]\s*(.*)$/.exec(line)?.[1]?.trim() ?? '')
    .map((line) => line.replace(/^\[[\d/.:]+(ERROR|FATAL):[^\]]*\]\s*/, ''))
    // Chromium's chatter that is never the reason: warnings, the session bus, a wrapper script's shell noise.
    .filter((line) => line && !/^(DevTools listening|\[[\d/.:]+(WARNING|INFO|VERBOSE))|bus\.cc|Failed to connect to the bus|unexpected operator/.test(line));
  const first = lines[0]!.replace(/^browserType\.launch:\s*/, '');
  return said.length ? `${[...new Set(said)].slice(0, 4).join('; ')} (${first})` : first;
}
