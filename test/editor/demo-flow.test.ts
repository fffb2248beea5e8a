import { api, editor } from './vscode-fake';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { findBrowser } from '../../src/core/browser/find-browser';
import { activateExtension, deactivateExtension } from './local-engine';

/** The port the bundled example flow expects the demo site on. */
const DEMO_PORT = 4173;

/** Holds a loopback port as another program would; false when one already does. */
function holdPort(port: number): Promise<Server | false> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const startOrigin = async (file: string) => new URL((JSON.parse(await readFile(file, 'utf8')) as { startUrl: string }).startUrl).origin;

/** Open Demo's flow copy, replayed as a person does, across restarts of the local service (the extension in plain Node). */
describe('the demo flow in the workspace', function () {
  this.timeout(180_000);
  let root: string;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rehearse-demo-flow-'));
    editor.reset(root);
    editor.setting('browser.headless', true);
    // A browser chosen by path, so that Choose Browser's "default" is a change that restarts the local service.
    editor.setting('browser.executablePath', findBrowser({ headless: true }).executablePath);
    editor.input = (prompt) => (prompt === 'account password (kept in VS Code secret storage, never in the flow file)' ? 'any password' : undefined);
    activateExtension(path.join(root, '.storage'));
  });
  after(async () => {
    await deactivateExtension();
    await rm(root, { recursive: true, force: true });
  });

  it('still replays after Choose Browser restarted the service and the demo site came back on another port: the copy follows it', async () => {
    // Another program has the demo site's usual port (Vite's preview server uses it too), so the site is served elsewhere.
    // The extension's suite, in the other test lane, may hold it a while with a demo site of its own, and free it in the
    // middle of this test: it is taken here as soon as it is free.
    let squatter = await holdPort(DEMO_PORT);
    for (const until = Date.now() + 60_000; !squatter && Date.now() < until; squatter = await holdPort(DEMO_PORT)) await new Promise((resolve) => setTimeout(resolve, 100));
    let copy: vscode.Uri;
    try {
      copy = await api.commands.executeCommand<vscode.Uri>('rehearse.openDemo');
    } finally {
      if (squatter) await new Promise((resolve) => squatter.close(resolve));
    }
    const first = await startOrigin(copy.fsPath);
    assert.notEqual(first, `http://127.0.0.1:${DEMO_PORT}`);
    assert.match(editor.shown.at(-1)?.message ?? '', /The demo site is open in the browser/);

    editor.pick = (picked) => picked.labels.find((label) => label.includes('Use the default'));
    assert.equal(await api.commands.executeCommand('rehearse.chooseBrowser'), 'default');
    const result = await api.commands.executeCommand<{ status: string; steps: { status: string; error?: { message: string } }[] }>('rehearse.replayFlow', copy);
    assert.equal(result?.status, 'passed', JSON.stringify(result?.steps.find((step) => step.status === 'failed')) + editor.log.join('\n'));
    const now = await startOrigin(copy.fsPath);
    assert.notEqual(now, first, 'the first service, and its demo site, are gone');
    assert.ok(editor.log.some((line) => line.includes(`rehearse-demo.flow.json now points at the demo site on ${now} (it was on ${first})`)), editor.log.join('\n'));
  });

  it('a copy the person pointed at a server of their own is theirs: replayed as it is, never rewritten', async () => {
    const copy = path.join(root, 'rehearse-demo.flow.json');
    const flow = JSON.parse(await readFile(copy, 'utf8')) as { startUrl: string };
    const theirs = JSON.stringify({ ...flow, startUrl: 'http://127.0.0.1:9/index.html' }, null, 2);
    await writeFile(copy, theirs);
    const result = await api.commands.executeCommand<{ status: string }>('rehearse.replayFlow', api.Uri.file(copy));
    assert.equal(result?.status, 'failed');
    assert.equal(await readFile(copy, 'utf8'), theirs);
  });
});
