import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { StaticSite } from '../../../src/cli/static-site';
import type { Rehearse } from '../../../src/extension/rehearse';
import type { Flow } from '../../../src/schema';
import { signInFlow } from '../../support/sign-in-flow';
import { eventually } from '../../support/eventually';
import { FIXTURES_DIR, serveFolder } from '../../support/static-server';

function workspaceFile(name: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, name);
}

/** The items VS Code's Testing view shows for a flow file: the flow, and its steps with the line each starts on. */
function shown(rehearse: Rehearse, uri: vscode.Uri): { label: string; steps: { label: string; line?: number }[] } | undefined {
  const item = rehearse.flowTests.controller.items.get(uri.toString());
  if (!item) return undefined;
  const steps: { label: string; line?: number }[] = [];
  item.children.forEach((child) => steps.push({ label: child.label, ...(child.range ? { line: child.range.start.line } : {}) }));
  return { label: item.label, steps };
}

/**
 * Issue 14: flow files are tests in VS Code's Testing view, run from there with results at their steps. What needs the
 * workbench is here (its Run All command, the trace viewer, the Debug profile's browser tab); how files become items
 * and a run marks them is tested in plain Node (test/editor/testing-view.test.ts), as are Record at Cursor and Pick
 * Locator (test/editor/at-cursor.test.ts).
 */
describe('flows in the Testing view (extension host)', () => {
  let rehearse: Rehearse;
  let site: StaticSite;
  // In a folder of their own, set as rehearse.flows.folder: Run All covers these, not the other suites' flow files.
  const good = workspaceFile('testing/good.flow.json');
  const broken = workspaceFile('testing/broken.flow.json');
  const elsewhere = workspaceFile('not-in-the-flows-folder.flow.json');

  const goodFlow = (): Flow => signInFlow(site.origin);

  before(async function () {
    this.timeout(60_000);
    site = await serveFolder(FIXTURES_DIR);
    await vscode.workspace.getConfiguration('rehearse').update('browser.headless', true, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('rehearse').update('flows.folder', 'testing', vscode.ConfigurationTarget.Workspace);
    rehearse = await vscode.extensions.getExtension<Rehearse>('rehearse.rehearse')!.activate();
    await mkdir(workspaceFile('testing').fsPath, { recursive: true });
    await writeFile(good.fsPath, `${JSON.stringify(goodFlow(), null, 2)}\n`);
    await writeFile(elsewhere.fsPath, `${JSON.stringify({ ...goodFlow(), name: 'Elsewhere' }, null, 2)}\n`);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('rehearse').update('flows.folder', undefined, vscode.ConfigurationTarget.Workspace);
    await rehearse?.engine.endSession();
    await Promise.all([rm(workspaceFile('testing').fsPath, { recursive: true, force: true }), rm(elsewhere.fsPath, { force: true }), site?.close()]);
  });

  it('Run All replays every flow and marks each step; a broken selector fails at its step with the diagnosis; an expectation shows expected and actual', async function () {
    this.timeout(120_000);
    await writeFile(good.fsPath, `${JSON.stringify(goodFlow(), null, 2)}\n`);
    const brokenFlow: Flow = {
      version: 1, name: 'Broken selector', startUrl: `${site.origin}/login.html`,
      steps: [
        { action: { selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['grace@example.com'] } },
        { expect: { selector: 'css=#email', value: 'ada@example.com' }, timeout: 1000 },
        { action: { selector: 'css=#no-such-button', description: 'Gone button', method: 'click', arguments: [] }, timeout: 1500 },
      ],
    };
    await writeFile(broken.fsPath, `${JSON.stringify(brokenFlow, null, 2)}\n`);
    await eventually('both flows listed with their steps', () => [shown(rehearse, good)?.steps.length, shown(rehearse, broken)?.steps.length], (counts) => counts[0] === 3 && counts[1] === 3);
    rehearse.flowTests.outcomes.clear();
    await vscode.workspace.getConfiguration('rehearse').update('replay.traceOnFailure', true, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('testing.runAll');
    const outcome = (uri: vscode.Uri, step?: number) => rehearse.flowTests.outcomes.get(step === undefined ? uri.toString() : `${uri.toString()}#step-${step}`);
    await eventually('both flows have run', () => [outcome(good)?.status, outcome(broken)?.status], (statuses) => statuses.every(Boolean), 90_000);

    assert.equal(outcome(good)?.status, 'passed');
    for (const step of [0, 1, 2]) {
      assert.equal(outcome(good, step)?.status, 'passed', `step ${step + 1} of the good flow`);
      assert.equal(typeof outcome(good, step)?.ms, 'number');
    }
    assert.equal(outcome(broken)?.status, 'failed');
    assert.equal(outcome(broken, 0)?.status, 'passed');
    const expectation = outcome(broken, 1)!;
    assert.equal(expectation.status, 'failed');
    assert.equal(expectation.expected, 'ada@example.com');
    assert.equal(expectation.actual, 'grace@example.com');
    const brokenText = JSON.stringify(brokenFlow, null, 2).split('\n');
    assert.equal(expectation.line, brokenText.findIndex((line) => line.includes('"expect"')) - 1, 'the message is at the expect step');
    // A picture of the page at the failure, linked from the message.
    assert.ok(expectation.screenshot, 'a screenshot of the failure');
    const picture = await vscode.workspace.fs.readFile(expectation.screenshot);
    assert.ok((picture[0] === 0xff && picture[1] === 0xd8) || (picture[0] === 0x89 && picture[1] === 0x50), 'the screenshot is a JPEG or PNG image');
    // With rehearse.replay.traceOnFailure, the failure keeps a Playwright trace, opened in Playwright's viewer on loopback.
    assert.ok(expectation.trace, 'a trace of the failure');
    const zip = await vscode.workspace.fs.readFile(expectation.trace);
    assert.equal(Buffer.from(zip.slice(0, 2)).toString(), 'PK', 'the trace is a zip');
    const viewer = await vscode.commands.executeCommand<string>('rehearse.openTrace', expectation.trace);
    assert.match(viewer, /^http:\/\/127\.0\.0\.1:\d+\/.*trace\/index\.html\?trace=/);
    const page = await fetch(viewer);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Playwright Trace Viewer/i);
    const traceFile = await fetch(new URL(`trace/file?path=${encodeURIComponent(expectation.trace.fsPath)}`, viewer.replace(/trace\/index\.html.*$/, '')));
    assert.equal(traceFile.status, 200, 'the viewer serves the kept trace');
    const outside = await fetch(new URL(`trace/file?path=${encodeURIComponent('/etc/passwd')}`, viewer.replace(/trace\/index\.html.*$/, '')));
    assert.equal(outside.status, 403, 'and nothing outside the traces folder');
    await vscode.workspace.getConfiguration('rehearse').update('replay.traceOnFailure', undefined, vscode.ConfigurationTarget.Global);
    // Replay stops at the first failure: the rest is skipped, not run against a page in the wrong state.
    assert.equal(outcome(broken, 2)?.status, 'skipped');
    assert.match(outcome(broken)!.message!, /step 2 .*expected css=#email has the value "ada@example.com", but it is "grace@example.com"/);

    // The broken selector on its own: its message says what is wrong with it, at its line.
    await writeFile(broken.fsPath, `${JSON.stringify({ ...brokenFlow, steps: [brokenFlow.steps[0], brokenFlow.steps[2]] }, null, 2)}\n`);
    await eventually('the edited flow has two steps', () => shown(rehearse, broken)?.steps.length, (count) => count === 2);
    rehearse.flowTests.outcomes.clear();
    // What the Testing view does when a person runs one flow: the Run profile with that item.
    const item = rehearse.flowTests.controller.items.get(broken.toString())!;
    await rehearse.flowTests.runProfile.runHandler(new vscode.TestRunRequest([item], undefined, rehearse.flowTests.runProfile), new vscode.CancellationTokenSource().token);
    await eventually('the broken flow has run', () => outcome(broken)?.status, Boolean, 60_000);
    const gone = outcome(broken, 1)!;
    assert.equal(gone.status, 'failed');
    assert.match(gone.message!, /#no-such-button/);
    assert.match(gone.message!, /no element|finds nothing|not on the page|gave up/i);
  });

  it('the Debug profile replays with the browser shown: on a machine with no display, in the Browser tab, and the run passes', async function () {
    if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) this.skip();
    this.timeout(60_000);
    await writeFile(good.fsPath, `${JSON.stringify(goodFlow(), null, 2)}\n`);
    await eventually('the flow is listed', () => shown(rehearse, good)?.label, (label) => label === 'Sign in form');
    await rehearse.engine.endSession();
    rehearse.flowTests.outcomes.clear();
    const debug = rehearse.flowTests.debugProfile;
    await debug.runHandler(new vscode.TestRunRequest([rehearse.flowTests.controller.items.get(good.toString())!], undefined, debug), new vscode.CancellationTokenSource().token);
    const outcome = rehearse.flowTests.outcomes.get(good.toString())!;
    assert.equal(outcome.status, 'passed', outcome.message);
    const browserTab = () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('rehearse.liveView'));
    await eventually('the Browser tab is open', () => browserTab()?.label, (label) => label === 'Rehearse: Browser');
    await rehearse.engine.endSession();
  });
});
