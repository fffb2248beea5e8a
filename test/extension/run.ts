import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
import { hostInstalled, launchBrowser, newRun, startCodeServer, WORK, type CodeServer } from './code-server';
import { packageVsix, runUiTests } from './ui/e2e';

/**
 * The extension suite: (1) mocha inside the real extension host of code-server, with the extension loaded from this
 * folder; (2) the packaged .vsix installed into a fresh code-server and driven through the workbench as a user would.
 * Prints `extension: N passed, N failed` last.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');

async function runIntegration(): Promise<{ passed: number; failed: number }> {
  const { run, folder } = newRun('integration');
  writeFileSync(path.join(folder, 'README.md'), '# integration workspace\n');
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  // A guard against a hang, not a measure of speed (a loaded 2-core machine takes minutes).
  const timer = setTimeout(() => {
    console.error('extension integration: over 10 minutes; stopping');
    server?.stop();
    process.exit(124);
  }, 600_000);
  try {
    server = await startCodeServer({ run, port: 18711, folder, args: ['--vscode-option', 'enable-smoke-test-driver'], settings: { 'rehearse.browser.headless': true }, env: { REHEARSE_LOG_TO_CONSOLE: '1', ...(process.env.REHEARSE_TEST_GREP ? { REHEARSE_TEST_GREP: process.env.REHEARSE_TEST_GREP } : {}) } });
    browser = await launchBrowser();
    const page = await browser.newPage();
    let counts = { passed: 0, failed: 0 };
    const exited = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      const line = format(...(args ?? []));
      const closing = /^integration: (\d+) passed, (\d+) failed/.exec(line);
      if (closing) counts = { passed: Number(closing[1]), failed: Number(closing[2]) };
      // The workbench logs a lot in test mode; keep the tests' own output.
      if (process.env.VERBOSE || !/^\s*\[|ENOTFOUND|authentication provider|took \d+ms|^%c|^(Resolving|Resolved) connection token|^Creating a socket|^Updating additional|^Conflict in settings/.test(line)) console.log(line);
    });
    const authority = new URL(server.url).host;
    const payload = [
      ['extensionDevelopmentPath', `vscode-remote://${authority}${ROOT}`],
      ['extensionTestsPath', `vscode-remote://${authority}${path.join(ROOT, 'out', 'test', 'extension', 'integration', 'index.js')}`],
    ];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    const code = await exited;
    if (code !== 0 && counts.failed === 0) counts = { passed: counts.passed, failed: 1 };
    return counts;
  } catch (error) {
    console.error('extension integration could not run:', error);
    return { passed: 0, failed: 1 };
  } finally {
    clearTimeout(timer);
    await browser?.close().catch(() => undefined);
    server?.stop();
  }
}

async function main(): Promise<void> {
  if (!hostInstalled()) {
    console.error('No VS Code for the extension tests in .vscode-test/host: run `bash .ci/vscode-host.sh` (about 2 minutes, once).');
    console.log('\nextension: 0 passed, 1 failed\n');
    process.exit(1);
  }
  rmSync(path.join(WORK, 'runs'), { recursive: true, force: true });
  const wanted = process.argv.slice(2);
  const withUi = !wanted.length || wanted.includes('ui');
  // The VSIX is built while the integration tests run (they mostly wait on VS Code); the UI tests report a failure.
  const packaged = withUi ? packageVsix() : undefined;
  packaged?.catch(() => undefined);
  const integration = wanted.length && !wanted.includes('integration') ? { passed: 0, failed: 0 } : await runIntegration();
  const ui = withUi ? await runUiTests(packaged) : { passed: 0, failed: 0 };
  const passed = integration.passed + ui.passed;
  const failed = integration.failed + ui.failed;
  console.log(`\nextension: ${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

if (require.main === module) void main();
