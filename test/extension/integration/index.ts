import path from 'node:path';
import { readdirSync } from 'node:fs';
import { failureLine } from '../../support/failure-line';

/**
 * Runs inside VS Code's extension host (extensionTestsPath): mocha over the integration tests beside this file. Its
 * closing line, `N passed, N failed`, is what the runner outside reads.
 */
export async function run(): Promise<void> {
  // mocha 12 is an ES module; require() of it yields its namespace.
  const mochaModule = require('mocha') as { default?: unknown };
  const Mocha = (mochaModule.default ?? mochaModule) as new (options: object) => {
    addFile(file: string): void;
    loadFilesAsync(): Promise<void>;
    run(done: (failures: number) => void): { stats?: { passes: number; failures: number }; on(event: 'fail', listener: (test: { fullTitle(): string }, error: Error) => void): void };
  };
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, slow: 5_000, color: false, reporter: 'spec', ...(process.env.REHEARSE_TEST_GREP ? { grep: process.env.REHEARSE_TEST_GREP } : {}) });
  for (const file of readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort()) mocha.addFile(path.join(__dirname, file));
  await mocha.loadFilesAsync();
  // Each failure again as one line just before the count, for a log cut to its end.
  const failed: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const passes = runner.stats?.passes ?? 0;
      for (const line of failed) console.log(line);
      console.log(`integration: ${passes} passed, ${failures} failed`);
      if (failures) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
    runner.on('fail', (test, error) => failed.push(failureLine('integration', test.fullTitle(), error)));
  });
}
