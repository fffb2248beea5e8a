import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';

/**
 * A code editor whose keyboard is an EditContext (as Monaco's is in Chromium): keys reach a div that holds no text, and
 * the editor draws the document elsewhere. `drawsText: false` is a later release whose text never arrives.
 */
const editor = (drawsText: boolean) => `<h1>Script</h1>
  <div id="editor" style="position: relative; width: 400px; height: 120px; border: 1px solid #999">
    <pre id="lines" style="margin: 0; font: 14px monospace">let total = 0;</pre>
    <div id="keys" role="textbox" aria-label="Editor content" tabindex="0" style="position: absolute; inset: 0; opacity: 0"></div>
  </div>
  <script>
  {
    const keys = document.getElementById('keys');
    const lines = document.getElementById('lines');
    const context = new EditContext({ text: lines.textContent, selectionStart: lines.textContent.length, selectionEnd: lines.textContent.length });
    keys.editContext = context;
    context.addEventListener('textupdate', (event) => {
      if (${drawsText}) lines.textContent = context.text;
    });
    keys.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      context.updateText(context.selectionStart, context.selectionEnd, '\\n');
      context.updateSelection(context.selectionStart + 1, context.selectionStart + 1);
      if (${drawsText}) lines.textContent = context.text;
    });
  }
  </script>`;

/** Issue 40, items 2 and 6: keys typed into a code editor are kept as typed, and replay checks that they arrived. */
describe('typing into a code editor is recorded key by key, and replay checks the text arrived', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('an EditContext editor: the characters are steps (not Space presses), and a release where the text never shows fails', async () => {
    const page = rig.session.page();
    await page.setContent(editor(true));
    const recorder = await Recorder.start(rig.session);
    await page.locator('#keys').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('total += 1;', { delay: 20 });
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Script', steps: recorded.map(({ step }) => step) };
    const typed = flow.steps.flatMap((step) => ('action' in step ? [`${step.action.method} ${JSON.stringify(step.action.arguments)}${step.effect ? ` ${JSON.stringify(step.effect)}` : ''}`] : []));
    assert.deepEqual(typed.slice(-3), ['press ["End"]', 'press ["Enter"]', 'type ["total += 1;"] {"shows":"total += 1;"}'], JSON.stringify(typed));
    assert.deepEqual(recorder.problems, []);

    await page.setContent(editor(true));
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('#lines').textContent(), 'let total = 0;\ntotal += 1;');

    await page.setContent(editor(false));
    const lost = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(lost.status, 'failed', 'the text typed never showed: not a pass');
    const failed = lost.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.error?.name, 'EffectMissing');
    assert.match(failed?.error?.message ?? '', /type on textbox "Editor content" was done, but it did not have its recorded effect: expected showing "total \+= 1;", found without that text/);
  });
});

/**
 * A rich text editor whose toolbar gives it the focus back and then, a moment later, puts the DOM's caret where its own
 * model has it, as CKEditor 5 does 50 ms after a focus (here 10 ms). Replay's next key came before that moment on a
 * loaded machine: End moved the caret, the editor put it back, and Enter split the line at its start; the replay
 * passed with another document.
 */
const focusRender = `<h1>Note</h1>
  <button id="bold">Bold</button>
  <div id="note" contenteditable="true" role="textbox" aria-label="Note" style="border: 1px solid #999; padding: 8px"><p>hello world</p></div>
  <script>
  {
    const note = document.getElementById('note');
    let model = 0;
    document.addEventListener('selectionchange', () => {
      if (note.contains(getSelection().anchorNode)) model = getSelection().anchorOffset;
    });
    const bold = document.getElementById('bold');
    bold.addEventListener('mousedown', (event) => event.preventDefault());
    bold.addEventListener('click', () => {
      const at = model;
      note.focus();
      setTimeout(() => getSelection().collapse(note.firstChild.firstChild, at), 10);
    });
    note.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      const text = note.textContent;
      const caret = getSelection().anchorOffset;
      note.innerHTML = '<p>' + text.slice(0, caret) + '</p><p>' + text.slice(caret) + '</p>';
    });
  }
  </script>`;

describe('keys replayed into an editor that puts its caret back after a toolbar click', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('come once the editor has rested, as a person\'s do: End then Enter split the line where the person did', async () => {
    const page = rig.session.page();
    await page.setContent(focusRender);
    const recorder = await Recorder.start(rig.session);
    const line = (await page.locator('#note p').boundingBox())!;
    await page.mouse.click(line.x + 2, line.y + line.height / 2);
    await page.waitForTimeout(200);
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.waitForTimeout(200);
    await page.keyboard.press('End');
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
    const flow: Flow = { version: FLOW_VERSION, name: 'Note', steps: (await recorder.stop()).map(({ step }) => step) };
    const person = await page.locator('#note').innerHTML();
    assert.equal(person, '<p>hello world</p><p></p>');
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.method === 'press' ? step.action.arguments?.[0] : step.action.description}` : '')), ['click textbox "Note"', 'click button "Bold"', 'press End', 'press Enter']);
    for (let run = 0; run < 5; run++) {
      await page.setContent(focusRender);
      const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
      assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
      assert.equal(await page.locator('#note').innerHTML(), person, `run ${run + 1}`);
    }
  });
});

/** A document of two paragraphs; `misplaced`: a later release whose editor puts the caret at the document's start on a click. */
const twoLines = (misplaced: boolean) => `<h1>Memo</h1>
  <div id="memo" contenteditable="true" role="textbox" aria-label="Memo" style="border: 1px solid #999; padding: 8px"><p>Lunch at noon</p><p>Bring the slides</p></div>
  <script>
  {
    const memo = document.getElementById('memo');
    if (${misplaced}) memo.addEventListener('click', () => setTimeout(() => getSelection().collapse(memo.firstChild.firstChild, 0)));
  }
  </script>`;

describe('text typed key by key into a rich text document', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('keeps the line it ended in as its effect: a release that puts the text on another line fails at the typing (it showed the text, and passed)', async () => {
    const page = rig.session.page();
    await page.setContent(twoLines(false));
    const recorder = await Recorder.start(rig.session);
    const second = (await page.locator('#memo p').nth(1).boundingBox())!;
    await page.mouse.click(second.x + second.width - 2, second.y + second.height / 2);
    await page.waitForTimeout(200);
    await page.keyboard.type(' and the notes', { delay: 20 });
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
    const flow: Flow = { version: FLOW_VERSION, name: 'Memo', steps: (await recorder.stop()).map(({ step }) => step) };
    const typed = flow.steps.find((step) => 'action' in step && step.action.method === 'type');
    assert.ok(typed && 'action' in typed);
    assert.deepEqual(typed.effect, { value: 'Bring the slides and the notes' });
    await page.setContent(twoLines(false));
    const same = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(same.status, 'passed', JSON.stringify(same.steps, null, 1));
    await page.setContent(twoLines(true));
    const misplaced = await replayFlow(rig.session, flow, { stepTimeoutMs: 2000, heal: false });
    assert.equal(misplaced.status, 'failed');
    assert.match(misplaced.steps.find((step) => step.error)!.error!.message, /type on textbox "Memo".*expected at "Bring the slides and the notes"|no line "Bring the slides and the notes"/);
  });
});

/**
 * A reply box whose mention menu opens on the keys' `keyup` and which, a moment after any click, closes what menu is
 * open (Tribute does so on the next turn of the page; here 30 ms, the time replay's keys took). Replay typed at once
 * after its click: the menu the keys opened was closed by the click's moment, and the Enter that picks from it did
 * nothing.
 */
const mentionBox = `<h1>Reply</h1>
  <div id="box" contenteditable="true" role="textbox" aria-label="Reply" style="border: 1px solid #999; min-height: 40px"></div>
  <ul id="menu" hidden><li>grace</li></ul>
  <script>
  {
    const box = document.getElementById('box');
    const menu = document.getElementById('menu');
    document.addEventListener('click', () => setTimeout(() => { if (!menu.hidden) menu.hidden = true; }, 30));
    box.addEventListener('keyup', () => { if (box.textContent.endsWith('@gr')) menu.hidden = false; });
    box.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || menu.hidden) return;
      event.preventDefault();
      box.textContent = box.textContent.replace(/@gr$/, '@grace');
      menu.hidden = true;
    });
  }
  </script>`;

describe('keys typed after the click that focuses their field', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('come once the page has answered the click, as a person\'s do: the menu they open is still there for the Enter', async () => {
    const page = rig.session.page();
    await page.setContent(mentionBox);
    const recorder = await Recorder.start(rig.session);
    await page.getByRole('textbox', { name: 'Reply' }).click();
    await page.waitForTimeout(300);
    await page.keyboard.type('Ask @gr', { delay: 40 });
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
    const flow: Flow = { version: FLOW_VERSION, name: 'Reply', steps: (await recorder.stop()).map(({ step }) => step) };
    assert.equal(await page.locator('#box').textContent(), 'Ask @grace');
    // The click into the box did nothing of its own: the typing's step makes it on replay, then types.
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? step.action.method : '')), ['type', 'press']);
    for (let run = 0; run < 3; run++) {
      await page.setContent(mentionBox);
      const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
      assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
      assert.equal(await page.locator('#box').textContent(), 'Ask @grace', `run ${run + 1}`);
    }
  });
});

/**
 * A rich text editor that learns where a key moved the caret only from the page's `selectionchange`, and late (here
 * 40 ms, as CKEditor 5 did on a loaded machine); its toolbar's H makes the caret's line a heading. Replay's click came
 * right after the arrow, before the editor knew: the heading went to the line the arrow had left.
 */
const lateModel = `<h1>Draft</h1>
  <button id="heading">H</button>
  <div id="draft" contenteditable="true" role="textbox" aria-label="Draft" style="border: 1px solid #999; padding: 8px"><p>Title</p><p>Body text</p></div>
  <script>
  {
    const draft = document.getElementById('draft');
    let line = null;
    document.addEventListener('selectionchange', () => {
      const at = getSelection().anchorNode;
      const block = at && draft.contains(at) ? (at.nodeType === 1 ? at : at.parentElement).closest('#draft > *') : null;
      setTimeout(() => { if (block) line = block; }, 40);
    });
    const heading = document.getElementById('heading');
    heading.addEventListener('mousedown', (event) => event.preventDefault());
    heading.addEventListener('click', () => {
      if (!line) return;
      const h2 = document.createElement('h2');
      h2.textContent = line.textContent;
      line.replaceWith(h2);
      line = h2;
    });
  }
  </script>`;

describe('a toolbar click after a key in a rich text editor', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('comes once the editor knows where the key moved the caret: the heading goes to the line the person moved to', async () => {
    const page = rig.session.page();
    await page.setContent(lateModel);
    const recorder = await Recorder.start(rig.session);
    const body = (await page.locator('#draft p').nth(1).boundingBox())!;
    await page.mouse.click(body.x + body.width - 2, body.y + body.height / 2);
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.getByRole('button', { name: 'H' }).click();
    await page.waitForTimeout(400);
    const flow: Flow = { version: FLOW_VERSION, name: 'Draft', steps: (await recorder.stop()).map(({ step }) => step) };
    const person = await page.locator('#draft').innerHTML();
    assert.equal(person, '<h2>Title</h2><p>Body text</p>');
    for (let run = 0; run < 3; run++) {
      await page.setContent(lateModel);
      await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
      assert.equal(await page.locator('#draft').innerHTML(), person, `run ${run + 1}`);
    }
  });
});
