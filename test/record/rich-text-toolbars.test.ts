import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { boldSecondJoditLine } from './widget-scenarios';

const html = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): string }).widgetState());
const ready = (page: Page) => page.locator('.jodit-wysiwyg').waitFor();

/**
 * Issue 40, item 2: a WYSIWYG editor of no framework the recorder knows (Jodit: a contenteditable written in
 * paragraphs, a toolbar beside it). Its formatting comes from keys that move the caret or select (Shift+Home) and
 * from the toolbar: the typing is kept as keys, in order with the toolbar's clicks. A fill of its whole text dropped
 * the selection, so the replay's Bold made nothing bold, and the replay passed.
 */
describe('a WYSIWYG editor with a toolbar (Jodit)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const methods = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method}${step.action.arguments?.length ? ` ${step.action.arguments.join(' ')}` : ''}` : JSON.stringify(step)));

  it('lines typed, the second selected by Shift+Home and made bold: keys and clicks in order, replayed to the same document; a release whose Bold does nothing fails there', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('jodit.html'), ready, boldSecondJoditLine);
    const person = await html(rig.session.page());
    assert.equal(person, '<p>Spring sale</p><p><strong>Everything half off</strong></p>');
    assert.deepEqual(methods(flow).slice(1), ['type Spring sale', 'press Enter', 'type Everything half off', 'press Shift+Home', 'click']);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal(await html(rig.session.page()), person);
    const plain = await replayOnRelease(rig.session, flow, '#plain');
    assert.equal(plain.status, 'failed');
    assert.match(plain.steps.find((step) => step.error)!.error!.message, /button "Bold".*expected pressed/);
  });
});

/**
 * Issue 40: CKEditor 5 (a document model of its own, drawn into a contenteditable). Enter in its link balloon takes the
 * balloon off the page and writes the address out in full ("https://…") in the balloon that follows: that is what the
 * key did. Only the typed text itself was looked for, so the key kept no effect and a release whose link form adds no
 * link passed.
 */
describe('a WYSIWYG editor with a document model of its own (CKEditor 5)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('a link typed into its balloon and submitted by Enter keeps the address the page shows; a release that adds no link fails at that Enter', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('ckeditor.html'), (page) => page.locator('body[data-ready=yes]').waitFor(), async (page) => {
      await page.locator('.ck-editor__editable').click();
      await page.keyboard.type('Read the guide', { delay: 20 });
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Link' }).click();
      await page.waitForTimeout(400);
      await page.keyboard.type('example.com/guide', { delay: 10 });
      await page.keyboard.press('Enter');
    });
    const person = await html(rig.session.page());
    assert.equal(person, '<p><a href="https://example.com/guide">Read the guide</a></p>');
    const enter = flow.steps.at(-1)!;
    assert.ok('action' in enter && enter.action.method === 'press');
    assert.deepEqual('effect' in enter && enter.effect, { appeared: { text: 'https://example.com/guide' } });
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal(await html(rig.session.page()), person);
    const noLink = await replayOnRelease(rig.session, flow, '#nolink');
    assert.equal(noLink.status, 'failed');
    assert.match(noLink.steps.find((step) => step.error)!.error!.message, /textbox "Link URL".*expected "https:\/\/example\.com\/guide" appearing/);
  });
});

/**
 * Issue 40: TOAST UI Editor 3 (ProseMirror underneath). Its Bold draws the selected line anew, the old text taken off
 * on its own (no parent left to read) and the same text put back in a <strong>: the text was taken for text the click
 * put on the page, which shows on any release, so a release whose Bold does nothing passed.
 */
describe('a WYSIWYG editor over ProseMirror with a toolbar (TOAST UI Editor 3)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('a line made bold by a selection and the toolbar keeps what Bold did, not the line\'s text; a release whose Bold does nothing fails there; the editor is found in its pane, not by its text', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('toastui-editor.html'), (page) => page.locator('.toastui-editor-ww-container .ProseMirror').waitFor(), async (page) => {
      await page.locator('.toastui-editor-ww-container .ProseMirror').click();
      await page.keyboard.type('Faster replays', { delay: 30 });
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Bold' }).click();
    });
    const markdown = () => rig.session.page().evaluate(() => (window as unknown as { widgetState(): string }).widgetState());
    assert.equal(await markdown(), '**Faster replays**');
    // The editor's box is found in its pane, not by the document it holds (another on a release with other content).
    const onEditor = flow.steps.flatMap((step) => ('action' in step && step.action.description === 'textbox ""' ? [step.action.selector] : []));
    assert.deepEqual([...new Set(onEditor)], ['css=div.toastui-editor-ww-container div.ProseMirror']);
    const bold = flow.steps.find((step) => 'action' in step && step.action.description === 'button "Bold"');
    assert.ok(bold && 'action' in bold && bold.effect && !bold.effect.appeared, JSON.stringify(bold));
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal(await markdown(), '**Faster replays**');
    const noBold = await replayOnRelease(rig.session, flow, '#nobold');
    assert.equal(noBold.status, 'failed');
    assert.match(noBold.steps.find((step) => step.error)!.description, /button "Bold"/);
  });
});
