import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'blocknote.html')!;
const blocks = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): string[] }).widgetState());
const described = (step: unknown) => (typeof step === 'object' && step && 'action' in step ? `${(step as { action: { method: string; description: string } }).action.method} ${(step as { action: { description: string } }).action.description}` : '');

/**
 * Issue 40: a control the page draws only while the pointer rests on something (BlockNote's side menu, its + beside the
 * block under the pointer) is pressed on replay only after the same hover: none is found otherwise.
 */
describe('controls drawn while the pointer rests on something (a block editor\'s side menu)', function () {
  this.timeout(120_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the hover on the block before the press on its +, replays to the same document, and fails at the + where a release has no side menu', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('blocknote.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await blocks(rig.session.page());
    assert.deepEqual(wanted, ['paragraph:Agenda', 'quote:Draft', 'heading2:Launch plan', 'bulletListItem:Book **venue**', 'bulletListItem:Send invites']);
    const steps = flow.steps.map(described);
    const add = steps.indexOf('click button "Add block"');
    assert.ok(add > 0, steps.join('\n'));
    assert.equal(steps[add - 1], 'hover element "Agenda"', steps.join('\n'));
    assert.equal(steps.filter((step) => step.startsWith('hover')).length, 1, `no other hover: ${steps.join('\n')}`);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.deepEqual(await blocks(rig.session.page()), wanted);

    const bare = await replayOnRelease(rig.session, flow, '#nosidemenu');
    assert.equal(bare.status, 'failed', `no + to press: no pass (${JSON.stringify(await blocks(rig.session.page()))})`);
    assert.equal(failedStep(bare)!.index, add);
  });
});
