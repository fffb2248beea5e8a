import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { collectUploads } from '../../src/flows/uploads';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { FLOW_VERSION, FlowSchema, validate, type Flow } from '../../src/schema';
import { settledEvents, useEngine } from '../engine/harness';

const NOTES = 'hello from notes';

/** What a person does on the second gestures page, with the real mouse and keyboard (Playwright acting as the person). */
async function actAsPerson(page: Page, notesFile: string): Promise<void> {
  await page.locator('#pad').click({ position: { x: 160, y: 80 } });
  await page.locator('#pad').click({ position: { x: 20, y: 10 } });
  const slider = (await page.locator('#volume').boundingBox())!;
  await page.mouse.click(slider.x + slider.width * 0.85, slider.y + slider.height / 2);
  await page.locator('#nickname').click();
  await page.getByRole('heading', { name: 'More gestures' }).click();
  await page.locator('.card', { hasText: 'Invoice' }).dragTo(page.locator('#bin'));
  // The person picks a file in the browser's file chooser (a file on disk, as in a real chooser).
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('#attachment').click()]);
  await chooser.setFiles(notesFile);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete account' }).click();
  page.once('dialog', (dialog) => void dialog.accept('Grace'));
  await page.getByRole('button', { name: 'Rename' }).click();
  const strip = (await page.locator('#strip').boundingBox())!;
  await page.mouse.move(strip.x + 20, strip.y + 5);
  await page.mouse.wheel(300, 0);
  await page.waitForTimeout(700);
}

describe('recording round trip: position, sliders, focus and blur, drag and drop, files, dialogs', function () {
  this.timeout(60_000);
  const rig = useEngine();
  let flow: Flow;
  let performed: string[];
  let stripLeft: number;

  before(async () => {
    await rig.session.navigate(rig.url('gestures-more.html'));
    const recorder = await Recorder.start(rig.session);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'rh-upload-'));
    await writeFile(path.join(folder, 'notes.txt'), NOTES);
    await actAsPerson(rig.session.page(), path.join(folder, 'notes.txt'));
    await rm(folder, { recursive: true });
    const recorded = await recorder.stop();
    assert.deepEqual(recorder.problems, []);
    performed = await settledEvents(rig.session);
    stripLeft = await rig.session.page().evaluate(() => (window as unknown as { stripLeft: number }).stripLeft);
    flow = { version: FLOW_VERSION, name: 'More gestures', steps: recorded.map(({ step }) => step) };
  });

  it('records each gesture as the step that does it again', () => {
    const volume = performed.find((event) => event.startsWith('volume'))!.split(' ')[1]!;
    assert.deepEqual(performed, ['pad bottom-right', 'pad top-left', `volume ${volume}`, 'nickname focus', 'nickname blur', 'archived Invoice', 'attached notes.txt:text/plain:' + NOTES, 'deleted', 'renamed Grace']);
    // Where on the canvas, to the pixel (the page's layout may put the canvas between two pixels).
    const [first, second] = flow.steps.slice(0, 2).map((step) => ('action' in step ? step.action.arguments!.map(Number) : []));
    assert.ok(Math.abs(first![0]! - 160) <= 1 && Math.abs(first![1]! - 80) <= 1 && Math.abs(second![0]! - 20) <= 1 && Math.abs(second![1]! - 10) <= 1, `${first} ${second}`);
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.action.description, step.action.arguments, step.dialog] : step)), [
      ['click', 'element "Drawing pad"', first!.map(String), undefined],
      ['click', 'element "Drawing pad"', second!.map(String), undefined],
      ['fill', 'slider "Volume"', [volume], undefined],
      ['focus', 'textbox "Nickname"', [], undefined],
      ['blur', 'textbox "Nickname"', [], undefined],
      ['dragAndDrop', 'element "Invoice"', (flow.steps[5] as { action: { arguments: string[] } }).action.arguments, undefined],
      ['setInputFiles', 'button "Attachment"', ['notes.txt'], undefined],
      ['click', 'button "Delete account"', [], { accept: true }],
      ['click', 'button "Rename"', [], { accept: true, promptText: 'Grace' }],
      ['scrollTo', 'element "Strip"', ['0', String(stripLeft)], undefined],
    ]);
    const [bin, ...where] = (flow.steps[5] as { action: { arguments: string[] } }).action.arguments;
    assert.match(bin!, /bin|Archive/i, 'dropped on the bin');
    // Dropped in the middle of the bin (164 × 64 with its borders), the card picked up by its middle (134 × 30).
    const [x, y, pickedX, pickedY] = where.map(Number);
    assert.ok(where.length === 4 && Math.abs(x! - 82) <= 1 && Math.abs(y! - 32) <= 1 && Math.abs(pickedX! - 67) <= 1 && Math.abs(pickedY! - 15) <= 1, where.join(' '));
    assert.ok(validate(FlowSchema, flow).ok, 'the recording is a valid flow file');
    assert.ok(stripLeft > 0);
  });

  it('replays every gesture on a fresh page, the file read beside the flow and the dialogs answered as the person did', async () => {
    await rig.session.navigate(rig.url('gestures-more.html'));
    const files = await collectUploads(flow, async (path) => (path === 'notes.txt' ? Buffer.from(NOTES) : undefined));
    const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 4000, heal: false, files });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.deepEqual(await settledEvents(rig.session), performed);
    assert.equal(await rig.session.page().evaluate(() => (window as unknown as { stripLeft: number }).stripLeft), stripLeft);
  });

  it('an upload whose file is not beside the flow fails saying where to put it; a path out of the folder is refused', async () => {
    await rig.session.navigate(rig.url('gestures-more.html'));
    const upload = flow.steps.find((step) => 'action' in step && step.action.method === 'setInputFiles')!;
    const missing = await replayFlow(rig.session, { ...flow, steps: [upload] }, { stepTimeoutMs: 2000, heal: false, files: {} });
    assert.equal(missing.status, 'failed');
    assert.match(missing.steps[0]!.error!.message, /notes\.txt could not be read: upload steps send files from the flow file's folder; put notes\.txt there/);
    assert.ok('action' in upload);
    const escaping: Flow = { ...flow, steps: [{ ...upload, action: { ...upload.action, arguments: ['../../etc/passwd'] } }] };
    const read: string[] = [];
    assert.deepEqual(await collectUploads(escaping, async (path) => { read.push(path); return Buffer.from('x'); }), {});
    assert.deepEqual(read, [], 'the file is never read');
    const refused = await replayFlow(rig.session, escaping, { stepTimeoutMs: 2000, heal: false });
    assert.match(refused.steps[0]!.error!.message, /arguments: expected a file path relative to the flow file's folder and inside it/);
  });

  it('exports the new steps to Playwright code: positions, blur, files, dialogs, scrolling across', () => {
    const spec = exportPlaywrightSpec(flow, 'more.flow.json');
    assert.match(spec, /\.click\(\{ position: \{ x: \d+, y: \d+ \} \}\)/);
    assert.match(spec, /\.blur\(\)/);
    assert.match(spec, /setInputFiles\(\[path\.join\(__dirname, "notes\.txt"\)\]\)/);
    assert.match(spec, /page\.once\('dialog', \(dialog\) => dialog\.accept\("Grace"\)\);\n {2}await /);
    assert.match(spec, new RegExp(`left: ${stripLeft}`));
  });
});

describe('recording round trip: tabs opened from script, and pages a click leads to', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const recorderReady = (page: Page) => page.waitForFunction(() => Object.getOwnPropertySymbols(window).some((symbol) => symbol.description?.startsWith('rehearse.recorder.')));

  it('follows the person into a tab the page opens from script, and replay does too', async () => {
    await rig.session.navigate(rig.url('gestures-more.html'));
    const recorder = await Recorder.start(rig.session);
    const page = rig.session.page();
    const [help] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open help' }).click()]);
    await help.waitForLoadState();
    await recorderReady(help);
    await help.getByRole('button', { name: 'Total: 3 items' }).click();
    const steps = (await recorder.stop()).map(({ step }) => step);
    assert.deepEqual(steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}` : step)), [
      'click button "Open help"', { wait: { url: '/gestures.html' } }, 'click button "Total: 3 items"',
    ]);
    await help.close();
    await rig.session.navigate(rig.url('gestures-more.html'));
    const result = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Help', steps }, { stepTimeoutMs: 4000, heal: false });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.match(rig.session.page().url(), /gestures\.html\?help=1$/);
    assert.deepEqual(await settledEvents(rig.session), ['total']);
  });

  it('waits for the page a link leads to before the next step, on any origin', async () => {
    await rig.session.navigate(rig.url('gestures-more.html'));
    const recorder = await Recorder.start(rig.session);
    const page = rig.session.page();
    await page.getByRole('link', { name: 'Go to shopping' }).click();
    await page.waitForURL(/gestures\.html$/);
    await recorderReady(page);
    await page.getByRole('button', { name: 'Change' }).click();
    const steps = (await recorder.stop()).map(({ step }) => step);
    assert.deepEqual(steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}` : step)), [
      'click link "Go to shopping"', { wait: { url: '/gestures.html' } }, 'click button "Change"',
    ]);
    await rig.session.navigate(rig.url('gestures-more.html').replace('127.0.0.1', 'localhost'));
    const result = await replayFlow(rig.session, { version: FLOW_VERSION, name: 'Shopping', steps }, { stepTimeoutMs: 4000, heal: false });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.deepEqual(await settledEvents(rig.session), ['changed']);
  });
});
