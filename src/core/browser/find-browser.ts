import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BrowserNotFoundError } from '../errors';
import type { Environment } from '../models/resolve';

export interface BrowserExecutable {
  readonly executablePath: string;
  /** Where it was found, for logs and for "Choose Browser" to show. */
  readonly source: 'explicit' | 'REHEARSE_CHROMIUM' | 'playwright' | 'system';
}

const SYSTEM_BROWSERS: Readonly<Record<string, readonly string[]>> = {
  linux: [
    '/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable',
    '/usr/bin/microsoft-edge', '/usr/bin/microsoft-edge-stable',
  ],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', 'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe', 'C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe',
  ],
};

/**
 * Chromium's headless shell: the same Blink and V8 without the browser's window layer, which Playwright itself launches
 * for headless runs. A new browser and a new page cost half the time and CPU of the full browser's headless mode, so
 * a headless session uses it when it is installed (Debian/Ubuntu: `apt-get install chromium-headless-shell`).
 */
const HEADLESS_SHELLS: Readonly<Record<string, readonly string[]>> = {
  // Debian's /usr/bin entry is a shell script that does not exec: the binary itself is one process fewer.
  linux: ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'],
};

const INSTALL_HINT =
  'Set rehearse.browser.executablePath in VS Code, pass --browser <path> to the CLI, or set REHEARSE_CHROMIUM; ' +
  'or install one: `npx playwright install chromium`, or on Debian/Ubuntu `sudo apt-get install chromium`.';

/**
 * Finds a Chromium-based browser, in this order: an explicit path, REHEARSE_CHROMIUM, for a `headless` session the
 * system's headless shell, a browser Playwright installed, the system's Chrome/Chromium/Edge. Never downloads anything.
 */
export function findBrowser(options: { executablePath?: string | undefined; env?: Environment | undefined; platform?: NodeJS.Platform; headless?: boolean } = {}): BrowserExecutable {
  const env = options.env ?? process.env;
  if (options.executablePath) {
    if (!existsSync(options.executablePath)) throw new BrowserNotFoundError(`The browser path ${options.executablePath} does not exist. ${INSTALL_HINT}`);
    return { executablePath: options.executablePath, source: 'explicit' };
  }
  const fromEnv = env.REHEARSE_CHROMIUM?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new BrowserNotFoundError(`REHEARSE_CHROMIUM points at ${fromEnv}, which does not exist. ${INSTALL_HINT}`);
    return { executablePath: fromEnv, source: 'REHEARSE_CHROMIUM' };
  }
  const platform = options.platform ?? process.platform;
  if (options.headless) {
    const shell = (HEADLESS_SHELLS[platform] ?? []).find((candidate) => existsSync(candidate));
    if (shell) return { executablePath: shell, source: 'system' };
  }
  const playwrights = playwrightBrowserPath();
  if (playwrights && existsSync(playwrights)) return { executablePath: playwrights, source: 'playwright' };
  for (const candidate of SYSTEM_BROWSERS[platform] ?? []) {
    if (existsSync(candidate)) return { executablePath: candidate, source: 'system' };
  }
  throw new BrowserNotFoundError(`No Chromium-based browser was found. ${INSTALL_HINT}`);
}

function playwrightBrowserPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * Chromium features Rehearse turns off: the address bar's popup, a WebUI page that every browser window preloads in a
 * renderer process of its own (about a third of the cost of a new page, and its memory) though an automated window
 * never shows it.
 */
const REHEARSE_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * What Playwright (the playwright-core in package.json) turns off itself. Chromium keeps only the last
 * `--disable-features` of its command line, and Playwright puts ours after its own, so ours must repeat these. A test
 * reads a launched browser's command line and fails when Playwright's list has one that this has not.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Flags for a quiet, self-contained browser: no background traffic to the vendor's services, no first-run UI, no
 * preloaded address-bar popup. `launcher: 'playwright'` (the default) keeps Playwright's own disabled features; a
 * browser started without Playwright (a grid node) has none to keep. The sandbox cannot start as root (containers, CI),
 * so it is turned off only there. A regular expression that backtracks without end (a name pattern in a selector, an
 * ARIA snapshot template's `/…/`, which run in the page) falls back to V8's linear-time engine instead of freezing the
 * page for a minute.
 */
export function launchArgs(options: { headless: boolean; launcher?: 'playwright' | 'bare' }): string[] {
  const disabled = options.launcher === 'bare' ? REHEARSE_DISABLED_FEATURES : [...PLAYWRIGHT_DISABLED_FEATURES, ...REHEARSE_DISABLED_FEATURES];
  const args = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-default-browser-check', `--disable-features=${disabled.join(',')}`,
    '--js-flags=--enable-experimental-regexp-engine-on-excessive-backtracks'];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  if (options.headless) args.push('--disable-gpu');
  return args;
}
