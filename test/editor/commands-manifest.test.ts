import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMAND_IDS } from '../../src/extension/command-ids';

const MANIFEST = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string; title: string; category: string }[]; menus: Record<string, { command?: string }[]>; walkthroughs?: unknown[]; keybindings?: { command: string }[] };
};

/** The command list (src/extension/command-ids.ts) and the manifest say the same: what the compiler cannot read. */
describe('the extension\'s commands: one list, and the manifest agrees with it', () => {
  it('each command the manifest contributes is in the list; the one left out is offered by a notification only', () => {
    const contributed = MANIFEST.contributes.commands.map((command) => command.command);
    assert.deepEqual(contributed.filter((id) => !(COMMAND_IDS as readonly string[]).includes(id)), []);
    assert.deepEqual(COMMAND_IDS.filter((id) => !contributed.includes(id)), ['rehearse.showInVsCode']);
    assert.ok(MANIFEST.contributes.commands.every((command) => command.category === 'Rehearse' && command.title.length > 0));
  });

  it('menus, key bindings and the walkthrough name only commands of the list', () => {
    const named = [
      ...Object.values(MANIFEST.contributes.menus).flat().map((entry) => entry.command),
      ...(MANIFEST.contributes.keybindings ?? []).map((binding) => binding.command),
      ...[...JSON.stringify(MANIFEST.contributes.walkthroughs ?? []).matchAll(/command:(rehearse\.[A-Za-z]+)/g)].map((match) => match[1]),
    ].filter((id): id is string => typeof id === 'string' && id.startsWith('rehearse.'));
    assert.ok(named.length > 10);
    assert.deepEqual(named.filter((id) => !(COMMAND_IDS as readonly string[]).includes(id)), []);
  });
});
