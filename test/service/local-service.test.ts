import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { serveFolder, type StaticSite } from '../../src/cli/static-site';
import { startRemoteSession } from '../../src/service/client';
import { startLocalService } from '../../src/service/local-service';
import { FIXTURES_DIR } from '../support/static-server';

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

  it('stops by itself when the process that started it dies (an editor killed or crashed)', async () => {
    const parent = spawn(process.execPath, ['-e', `
      require(${JSON.stringify(path.resolve(__dirname, '..', '..', 'src', 'service', 'local-service.js'))})
        .startLocalService({ cliPath: ${JSON.stringify(CLI)} })
        .then((service) => console.log('pid ' + service.pid));
      setInterval(() => {}, 1000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the service did not start within 30 s')), 30_000);
      parent.stdout.on('data', (chunk: Buffer) => {
        const found = /pid (\d+)/.exec(chunk.toString());
        if (found) {
          clearTimeout(timer);
          resolve(Number(found[1]));
        }
      });
    });
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    assert.equal(alive(), true);
    parent.kill('SIGKILL');
    for (let i = 0; i < 100 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(alive(), false, 'the service exited with its parent');
  });

  it('reports a crash with the end of its error output', async () => {
    const service = await startLocalService({ cliPath: CLI });
    const crash = new Promise<{ code: number | null }>((resolve) => service.onUnexpectedExit((code) => resolve({ code })));
    process.kill(service.pid, 'SIGKILL');
    const { code } = await crash;
    assert.equal(code, null);
  });

  it('a service that cannot start says why', async () => {
    await assert.rejects(startLocalService({ cliPath: CLI, args: ['--keys', '/nowhere/keys.json'] }), /exited \(code 2\) before it was ready\. rehearse: --keys \/nowhere\/keys\.json: no such file/);
  });
});
