/**
 * The extension's commands: the one list. Each needs a handler in registerCommands (src/extension/commands.ts) and an
 * entry in package.json `contributes.commands` (checked by test/editor/commands-manifest.test.ts); code that names a
 * command (a notification's fix, a status bar item, a CodeLens) names it as a CommandId, so a command renamed or
 * removed here does not compile where it is still used.
 */
export const COMMAND_IDS = [
  'rehearse.importRecording', 'rehearse.openBrowser', 'rehearse.observe', 'rehearse.pickAndSave', 'rehearse.act', 'rehearse.recordManually',
  'rehearse.recordAtCursor', 'rehearse.assertWhileRecording', 'rehearse.pickLocator', 'rehearse.openTrace', 'rehearse.toggleShowBrowser',
  'rehearse.newFlow', 'rehearse.replayFlow', 'rehearse.replayToHere', 'rehearse.addExpect', 'rehearse.updateSelectors', 'rehearse.stop',
  'rehearse.runAgent', 'rehearse.saveAgentRunAsFlow', 'rehearse.openScreenshot', 'rehearse.chooseModel', 'rehearse.setModelApiKey',
  'rehearse.setServiceKey', 'rehearse.showInVsCode', 'rehearse.showBrowser', 'rehearse.chooseBrowser', 'rehearse.openDemo', 'rehearse.showLog',
  'rehearse.openSettings', 'rehearse.refreshFlows', 'rehearse.revealStep',
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

/** A command named where the editor is told of it (a `vscode.Command`, a status bar item): checked against the list. */
export const commandId = (id: CommandId): CommandId => id;
