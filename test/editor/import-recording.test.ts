import { api, editor } from './vscode-fake';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importRecordingCommand } from '../../src/extension/import-recording';
import { Log } from '../../src/extension/log';

/** Issue 33: Import as Flow, the VS Code face of `rehearse import` (plain Node, the editor faked). */
describe('Import as Flow (the extension\'s logic, in plain Node)', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rehearse-import-'));
  });
  beforeEach(() => editor.reset(root));
  after(() => rm(root, { recursive: true, force: true }));

  it('writes the recording as a flow file beside it, opens it, and says what it could not import', async () => {
    const recording = path.join(root, 'checkout.json');
    await writeFile(recording, JSON.stringify({
      title: 'Checkout',
      steps: [
        { type: 'navigate', url: 'https://shop.example/cart' },
        { type: 'click', selectors: [['aria/Pay now[role="button"]'], ['#pay']], offsetX: 3, offsetY: 3 },
        { type: 'waitForExpression', expression: 'window.paid === true' },
      ],
    }));
    const written = await importRecordingCommand(new Log(), api.Uri.file(recording));
    assert.equal(written?.fsPath, path.join(root, 'checkout.flow.json'));
    assert.deepEqual(JSON.parse(await readFile(path.join(root, 'checkout.flow.json'), 'utf8')), {
      version: 1, name: 'Checkout', startUrl: 'https://shop.example/cart',
      steps: [{ action: { selector: 'role=button[name="Pay now"s]', description: 'Pay now', method: 'click', arguments: [] }, fallbacks: ['css=#pay'], target: { role: 'button', name: 'Pay now' } }],
    });
    assert.deepEqual(editor.opened, [written?.toString()]);
    assert.deepEqual(editor.shown.map((shown) => [shown.level, shown.message]), [
      ['warning', '1 step of checkout.json could not be imported: step 3 (waitForExpression): a flow never runs JavaScript from its file; not imported'],
    ]);
    assert.ok(editor.log.includes('warn not imported from checkout.json: step 3 (waitForExpression): a flow never runs JavaScript from its file; not imported'));

    // Again: the flow file the first import wrote (maybe edited since) is not overwritten.
    await writeFile(path.join(root, 'checkout.flow.json'), '{ "edited": true }');
    assert.equal(await importRecordingCommand(new Log(), api.Uri.file(recording)), undefined);
    assert.equal(await readFile(path.join(root, 'checkout.flow.json'), 'utf8'), '{ "edited": true }');
    assert.equal(editor.shown.at(-1)!.message, 'checkout.flow.json exists: rename or remove it to import checkout.json again.');
  });

  it('a file that is not a recording is an error naming what is wrong, and nothing is written', async () => {
    await writeFile(path.join(root, 'settings.json'), JSON.stringify({ steps: [{ kind: 'click' }] }));
    await assert.rejects(importRecordingCommand(new Log(), api.Uri.file(path.join(root, 'settings.json'))), /^Error: settings\.json is not a DevTools Recorder recording: title: is required, expected a string; steps\.0\.type: is required, expected a string$/);
    await writeFile(path.join(root, 'broken.json'), '{ "title": ');
    await assert.rejects(importRecordingCommand(new Log(), api.Uri.file(path.join(root, 'broken.json'))), /^Error: broken\.json is not valid JSON: /);
    await assert.rejects(readFile(path.join(root, 'settings.flow.json')), { code: 'ENOENT' });
  });
});
