import assert from 'node:assert/strict';
import { actionsOf } from '../support/recorded';
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, lstat, mkdtemp, readdir, readlink, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { createSession, type EngineSession } from '../../src/core/engine-session';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FlowFileError, loadFlow, parseFlow, saveFlow } from '../../src/flows/format';
import { Recorder } from '../../src/flows/recorder';
import type { Flow } from '../../src/schema';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

const base: Flow = { version: 1, name: 'Files', steps: [{ navigate: 'http://127.0.0.1:4173/' }] };

/** Identifiers the generated spec uses as code; anything from the flow must be inside a string literal or a comment. */
function codeIdentifiers(source: string): Set<string> {
  const file = ts.createSourceFile('spec.ts', source, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const walk = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, walk);
  };
  walk(file);
  return names;
}

/** Issue 11, items 6, 7 and 13: flow files from elsewhere, pages that forge steps, and saves that lose nothing. */
describe('security: flow files, exports, recordings and saves', function () {
  this.timeout(60_000);

  it('6. a flow cannot run script or open local files, and an export never turns flow text into code', async () => {
    for (const navigate of ['javascript:alert(1)', 'file:///etc/passwd', 'chrome://settings']) {
      assert.throws(() => parseFlow(JSON.stringify({ ...base, steps: [{ navigate }] }), 'hostile.flow.json'), (error: unknown) => {
        assert.ok(error instanceof FlowFileError);
        assert.match(error.message, /steps\.0\.navigate: expected an http\(s\), data: or about:blank URL/);
        return true;
      });
    }
    const payload = 'require("child_process").execSync("touch /tmp/rehearse-pwned")';
    const hostile: Flow = {
      version: 1, name: `x"); ${payload}; ("`,
      steps: [
        { action: { selector: 'css=#a', description: `Sign in\n${payload}\u2028${payload}`, method: 'click', arguments: [] } },
        { action: { selector: 'css=#b', description: 'b', method: 'fill', arguments: [`\`; ${payload}; \``] } },
        // Valid patterns (RE2 takes them), which old exports pasted into the spec as regex literals, that is as code.
        { expect: { url: `/x/; ${payload}; //` } },
        { expect: { title: `/a/i; ${payload}; /b/i` } },
      ],
    };
    const spec = exportPlaywrightSpec(hostile, `a\n${payload}.flow.json`);
    const identifiers = codeIdentifiers(spec);
    for (const name of ['execSync', 'child_process', 'require']) assert.equal(identifiers.has(name), false, `${name} appears as code:\n${spec}`);
    assert.equal(ts.transpileModule(spec, { reportDiagnostics: true }).diagnostics?.length ?? 0, 0, 'the spec is valid TypeScript');
  });

  it('7. a page cannot forge recorded steps: synthetic events and calls to the recorder are ignored', async () => {
    const site = await serveFolder(FIXTURES_DIR);
    let session: EngineSession | undefined;
    try {
      session = await createSession({ env: {} });
      await session.navigate(`${site.origin}/login.html`);
      const recorder = await Recorder.start(session);
      const forged = await session.page().evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((element) => /Forgot/.test(element.textContent ?? ''))!;
        button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        button.click();
        const bindings = Object.getOwnPropertyNames(window).filter((name) => name.startsWith('__rehearse'));
        for (const name of bindings) void (window as unknown as Record<string, (event: unknown) => unknown>)[name]!({ kind: 'click', mark: 'x' });
        return bindings;
      });
      assert.deepEqual(forged, [], 'the recorder\'s binding is not reachable from the page');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(recorder.steps.length, 0, 'nothing the page did was recorded');
      await session.page().getByRole('button', { name: 'Forgot password?' }).click();
      const steps = await recorder.stop();
      assert.deepEqual(actionsOf(steps).map((step) => step.action.method), ['click'], 'what a person does is still recorded');
    } finally {
      await session?.end();
      await site.close();
    }
  });

  it('13. saves leave no temporary files after kills, keep the file\'s mode, and write through a symbolic link', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-save-'));
    const file = path.join(dir, 'big.flow.json');
    await saveFlow(file, base);
    await chmod(file, 0o600);
    const child = path.join(__dirname, '..', 'flows', 'save-forever.js');
    for (let round = 0; round < 12; round++) {
      const saver = fork(child, [file], { stdio: 'ignore' });
      await new Promise((resolve) => setTimeout(resolve, 60 + round * 15));
      saver.kill('SIGKILL');
      await new Promise((resolve) => saver.once('exit', resolve));
    }
    await saveFlow(file, { ...base, name: 'after the kills' });
    assert.deepEqual((await readdir(dir)).filter((name) => name.endsWith('.tmp')), [], 'no temporary file is left');
    assert.equal((await stat(file)).mode & 0o777, 0o600, 'the mode is kept');
    assert.equal((await loadFlow(file)).name, 'after the kills');

    // A writer killed but not yet reaped by its parent (a zombie, here under a parent that never reaps) still has its
    // process id: its temporary file is abandoned all the same.
    const parent = spawn('sh', ['-c', `"${process.execPath}" "${child}" "${file}" & exec sleep 30`], { detached: true, stdio: 'ignore' });
    try {
      let writer: number | undefined;
      for (let i = 0; i < 100 && writer === undefined; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        writer = (await readdir(dir)).map((name) => /^\.big\.flow\.json\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name)?.[1]).filter(Boolean).map(Number).find((pid) => pid !== process.pid);
      }
      assert.ok(writer, 'the writer was seen saving');
      process.kill(writer, 'SIGKILL');
      const state = () => {
        try {
          const text = readFileSync(`/proc/${writer}/stat`, 'utf8');
          return text.slice(text.lastIndexOf(')') + 2, text.lastIndexOf(')') + 3);
        } catch {
          return 'gone';
        }
      };
      for (let i = 0; i < 100 && state() !== 'Z'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(state(), 'Z', 'the killed writer waits, unreaped');
      await saveFlow(file, { ...base, name: 'after a zombie' });
      assert.deepEqual((await readdir(dir)).filter((name) => name.endsWith('.tmp')), [], 'the zombie\'s temporary file is removed');
    } finally {
      process.kill(-parent.pid!, 'SIGKILL');
    }
    // A temporary file whose number is now another live process (1), untouched for long, is abandoned; a fresh one may
    // be a save under way and stays.
    const stale = path.join(dir, '.big.flow.json.1.0123abcd.tmp');
    const fresh = path.join(dir, '.big.flow.json.1.4567abcd.tmp');
    await writeFile(stale, '{');
    await writeFile(fresh, '{');
    await utimes(stale, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    await saveFlow(file, base);
    assert.deepEqual((await readdir(dir)).filter((name) => name.endsWith('.tmp')), ['.big.flow.json.1.4567abcd.tmp']);

    const real = path.join(dir, 'real.flow.json');
    const link = path.join(dir, 'link.flow.json');
    await writeFile(real, JSON.stringify(base));
    await symlink('real.flow.json', link);
    await saveFlow(link, { ...base, name: 'through the link' });
    assert.equal((await lstat(link)).isSymbolicLink(), true, 'the link is still a link');
    assert.equal(await readlink(link), 'real.flow.json');
    assert.equal((await loadFlow(real)).name, 'through the link');
  });
});
