import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

const document = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Record<string, unknown> }).widgetState());
const ready = (page: Page) => page.getByText('staging').waitFor();
const value = (page: Page, text: string) => page.locator('.jse-value', { hasText: new RegExp(`^\\s*${text}\\s*$`) });

/**
 * Issue 40 (and 41's anchors): svelte-jsoneditor's tree. A node shows an "Open context menu" button once selected: a
 * double click is described as its first press found the node, before it selected it. A selected value takes the keys
 * through a hidden input that opens an editor holding the first key: the key typed on a selected value is a step on it.
 */
describe('a JSON editor\'s tree (svelte-jsoneditor)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const shown = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description}${step.action.arguments?.length ? ` ${step.action.arguments.join(' ')}` : ''}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

  it('a value double-clicked in a node that shows a button once selected is described as the first press found it, and replays', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('vanilla-jsoneditor.html'), ready, async (page) => {
      await value(page, 'staging').dblclick();
      await page.waitForTimeout(300);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('production', { delay: 20 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
    });
    // Described as the first press found it: the node showed its action button only once that press selected it.
    assert.match(shown(flow)[0]!, /^doubleClick button "staging" in treeitem "name : staging"/);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal((await document(rig.session.page())).name, 'production');
  });

  it('a key typed on a selected value (into the editor\'s hidden input) is typed on that value, and the edit it opened replays', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('vanilla-jsoneditor.html'), ready, async (page) => {
      await value(page, '2').click();
      await page.waitForTimeout(200);
      await page.keyboard.type('3', { delay: 20 });
      await page.waitForTimeout(200);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
    });
    // (The click's effect is the path the editor's navigation bar shows, when it is drawn before the next key.)
    const node = 'treeitem "replicas : 2 Open context menu (Click here, right click on the selection, or us…"';
    assert.ok(shown(flow)[0]!.startsWith('click button "2" in treeitem "replicas : 2"'), shown(flow)[0]);
    assert.deepEqual(shown(flow).slice(1), [
      `type button "2" in ${node} 3`,
      'press textbox "Edit value" in treeitem "replicas :" Enter: "3" appearing on the page',
    ]);
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal((await document(rig.session.page())).replicas, 3);
  });
});
