import { api, editor } from './vscode-fake';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import type { StaticSite } from '../../src/cli/static-site';
import { FlowsView } from '../../src/extension/flows-view';
import { Log } from '../../src/extension/log';
import { ReplayController } from '../../src/extension/replay-controller';
import { StepStates } from '../../src/extension/step-states';
import { VariableValues } from '../../src/extension/variables-prompt';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';
import { localEngine } from './local-engine';

/**
 * Healing and the Flows view in plain Node: a replay that healed a selector writes it into the file on request
 * (atomically, formatting kept); a failed step is marked in the Flows view.
 */
describe('healed selectors and failed steps (the extension\'s logic, in plain Node)', function () {
  this.timeout(120_000);
  let root: string;
  let site: StaticSite;
  const log = new Log();
  const { engine, secrets } = localEngine(log);
  const states = new StepStates();
  const replays = new ReplayController(engine, states, new VariableValues(secrets), log);
  let view: FlowsView;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rehearse-healing-'));
    editor.reset(root);
    site = await serveFolder(FIXTURES_DIR);
    view = new FlowsView(states);
  });
  after(async () => {
    view?.dispose();
    await engine.dispose();
    await site?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('after healing writes the working selector into the file (atomically, formatting kept); a failed step is marked in the Flows view', async () => {
    const file = api.Uri.file(path.join(root, 'healing.flow.json'));
    await writeFile(file.fsPath, `${JSON.stringify({
      version: 1, name: 'Healing', startUrl: `${site.origin}/login.html`,
      steps: [{ action: { selector: 'css=#renamed', description: 'Forgot password?', method: 'click', arguments: [] }, fallbacks: ['role=button[name="Forgot password?"]'] }],
    }, null, 2)}\n`);
    const healed = (await replays.replay(file))!;
    assert.equal(healed.status, 'passed');
    assert.ok(healed.steps[1]!.healed);
    assert.equal(await replays.updateSelectors(file), true);
    const text = await readFile(file.fsPath, 'utf8');
    const saved = JSON.parse(text) as { steps: { action: { selector: string }; fallbacks: string[] }[] };
    assert.equal(saved.steps[0]!.action.selector, 'role=button[name="Forgot password?"]');
    assert.deepEqual(saved.steps[0]!.fallbacks, ['css=#renamed']);
    assert.match(text, /^\{\n {2}"version": 1,/);
    assert.equal(await replays.updateSelectors(file), false, 'nothing more to write');

    const broken = api.Uri.file(path.join(root, 'broken.flow.json'));
    await writeFile(broken.fsPath, JSON.stringify({ version: 1, name: 'Broken', startUrl: `${site.origin}/login.html`, steps: [{ action: { selector: 'css=#nothing', description: 'Nothing', method: 'click', arguments: [] }, timeout: 1500 }] }, null, 2));
    assert.equal((await replays.replay(broken))?.status, 'failed');
    const brokenNode = (await view.getChildren()).find((flow) => view.getTreeItem(flow).label === 'Broken')!;
    assert.equal((view.getTreeItem(brokenNode).iconPath as vscode.ThemeIcon).id, 'error');
    const [step] = (await view.getChildren(brokenNode)).map((node) => view.getTreeItem(node));
    assert.equal((step!.iconPath as vscode.ThemeIcon).id, 'error');
    assert.match(String(step!.description), /css=#nothing|Nothing/);
  });
});
