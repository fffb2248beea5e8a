import { api, editor, TextDocument } from './vscode-fake';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FlowDiagnostics } from '../../src/extension/flow-diagnostics';
import { Log } from '../../src/extension/log';
import { ReplayController } from '../../src/extension/replay-controller';
import { StepStates } from '../../src/extension/step-states';
import { VariableValues } from '../../src/extension/variables-prompt';
import { localEngine } from './local-engine';

/** An invalid flow file in the editor: a diagnostic on the field at fault, no replay, and the file left as it is. */
describe('invalid flow files (the extension\'s logic, in plain Node)', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rehearse-diagnostics-'));
    editor.reset(root);
  });
  after(async () => rm(root, { recursive: true, force: true }));

  it('reports an invalid flow file as a diagnostic on the field at fault, and does not touch the file', async () => {
    const file = path.join(root, 'invalid.flow.json');
    const text = JSON.stringify({ version: 1, name: 'Invalid', steps: [{ navigate: 'http://127.0.0.1/' }, { action: { selector: 'css=#a', description: 'A', method: 'explode', arguments: [] } }] }, null, 2);
    await writeFile(file, text);
    const diagnostics = new FlowDiagnostics();
    const log = new Log();
    const { engine, secrets } = localEngine(log);
    try {
      const document = new TextDocument(api.Uri.file(file), text);
      editor.open(document);
      const [found] = editor.diagnostics.get(api.Uri.file(file).toString()) ?? [];
      assert.match(found?.message ?? '', /steps\.1\.action: method: "explode" is not supported/);
      assert.equal(document.getText(found!.range as never), '"explode"');
      // Replay refuses it before any browser starts, and leaves the file alone.
      const replays = new ReplayController(engine, new StepStates(), new VariableValues(secrets), log);
      assert.equal(await replays.replay(api.Uri.file(file)), undefined);
      assert.equal(engine.hasSession, false);
      assert.match(editor.shown.at(-1)?.message ?? '', /^Cannot replay: invalid\.flow\.json: steps\.1\.action: method: "explode" is not supported; use one of click, /);
      assert.equal(await readFile(file, 'utf8'), text);
      // Typing a fix clears it.
      editor.typeInto(document, text.replace('explode', 'click'));
      assert.deepEqual(editor.diagnostics.get(api.Uri.file(file).toString()) ?? [], []);
    } finally {
      diagnostics.dispose();
      await engine.dispose();
    }
  });
});
