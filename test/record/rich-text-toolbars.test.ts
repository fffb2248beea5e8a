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
