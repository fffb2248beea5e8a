import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { startRemoteSession } from '../../src/service/client';
import { startLocalService } from '../../src/service/local-service';
import { FIXTURES_DIR } from '../support/static-server';
import { browserProcesses, processTree } from '../support/process-memory';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli.js');

describe('the embedded local service (a child process, as the VS Code extension starts it)', function () {
  this.timeout(60_000);
  let site: StaticSite;
  before(async () => {
    site = await serveFolder(FIXTURES_DIR);
  });
  after(async () => site.close());

  it('starts on a free loopback port with a one-time key, serves sessions, and stops cleanly', async () => {
    const service = await startLocalService({ cliPath: CLI, args: ['--allow-private'] });
    assert.match(service.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const session = await startRemoteSession({ url: service.url, apiKey: service.key });
    await session.navigate(`${site.origin}/login.html`);
    const outcome = await session.act('click Forgot password?');
    assert.equal(outcome.success, true);
    assert.equal((await fetch(`${service.url}/v1/sessions/start`, { method: 'POST', body: '{}' })).status, 401, 'only the holder of the key');
    let crashed = false;
    service.onUnexpectedExit(() => {
      crashed = true;
    });
    await service.stop();
    assert.equal(crashed, false, 'a requested stop is not a crash');
    await assert.rejects(fetch(`${service.url}/v1/sessions/start`, { method: 'POST', body: '{}' }));
  });

  it('with --demo it also serves the bundled demo site on loopback, and stops it with the service', async () => {
    const service = await startLocalService({ cliPath: CLI, args: ['--demo'] });
    assert.match(service.demoUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    const index = await fetch(`${service.demoUrl}/index.html`);
    assert.equal(index.status, 200);
    assert.match(await index.text(), /<form/);
    await service.stop();
    await assert.rejects(fetch(`${service.demoUrl}/index.html`));
  });

  /** The browsers running under a process (a Chromium whose parent is no Chromium), by id. */
  const browsersUnder = (pid: number) => {
    const all = browserProcesses();
    return processTree(pid).filter((process) => all.has(process.pid)).map((process) => process.pid);
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const gone = async (pids: readonly number[]) => {
    for (let i = 0; i < 100 && pids.some(alive); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    return pids.filter(alive);
  };

  it('stops by itself, its browsers with it, when the process that started it dies (an editor killed or crashed)', async () => {
    const parent = spawn(process.execPath, ['-e', `
      require(${JSON.stringify(path.resolve(__dirname, '..', '..', 'src', 'service', 'local-service.js'))})
        .startLocalService({ cliPath: ${JSON.stringify(CLI)}, args: ['--allow-private'] })
        .then((service) => console.log('started ' + service.pid + ' ' + service.url + ' ' + service.key));
      setInterval(() => {}, 1000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [pid, url, key] = await new Promise<[number, string, string]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the service did not start within 30 s')), 30_000);
      parent.stdout.on('data', (chunk: Buffer) => {
        const found = /started (\d+) (\S+) (\S+)/.exec(chunk.toString());
        if (found) {
          clearTimeout(timer);
          resolve([Number(found[1]), found[2]!, found[3]!]);
        }
      });
    });
    // A session open, as when the editor shows a page: its browser runs under the service.
    const session = await startRemoteSession({ url, apiKey: key });
    await session.navigate(`${site.origin}/login.html`);
    const browsers = browsersUnder(pid);
    assert.equal(browsers.length, 1, 'one browser for the session');
    parent.kill('SIGKILL');
    assert.deepEqual(await gone([pid, ...browsers]), [], 'the service and its browser exited with the editor');
  });

  it('reports a crash with the end of its error output; the crashed service leaves no browser running', async () => {
    const service = await startLocalService({ cliPath: CLI, args: ['--allow-private'] });
    const session = await startRemoteSession({ url: service.url, apiKey: service.key });
    await session.navigate(`${site.origin}/login.html`);
    const browsers = browsersUnder(service.pid);
    assert.equal(browsers.length, 1);
    const crash = new Promise<{ code: number | null }>((resolve) => service.onUnexpectedExit((code) => resolve({ code })));
    process.kill(service.pid, 'SIGKILL');
    const { code } = await crash;
    assert.equal(code, null);
    assert.deepEqual(await gone(browsers), [], 'its browser closed with it');
  });

  it('a service that cannot start says why', async () => {
    await assert.rejects(startLocalService({ cliPath: CLI, args: ['--keys', '/nowhere/keys.json'] }), /exited \(code 2\) before it was ready\. rehearse: --keys \/nowhere\/keys\.json: no such file/);
  });
});
