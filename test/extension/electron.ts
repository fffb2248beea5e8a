import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';

/**
 * `npm run test:electron`: the same integration tests in desktop VS Code, for machines that can download it
 * (@vscode/test-electron fetches it from update.code.visualstudio.com, which CI here cannot reach; there
 * `npm test` runs them in code-server instead).
 */
async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..', '..');
  try {
    await runTests({
      version: '1.139.1',
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'out', 'test', 'extension', 'integration', 'index.js'),
      launchArgs: [mkdtempSync(path.join(tmpdir(), 'rehearse-electron-')), '--disable-extensions', '--disable-workspace-trust'],
      extensionTestsEnv: { REHEARSE_LOG_TO_CONSOLE: '1' },
    });
  } catch (error) {
    console.error(`desktop VS Code tests did not pass: ${(error as Error).message}`);
    process.exit(1);
  }
}

void main();
