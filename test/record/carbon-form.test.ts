import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'carbon.html')!;
const form = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Record<string, unknown> }).widgetState());
const stepNamed = (flow: Flow, description: RegExp) => flow.steps.findIndex((step) => 'action' in step && description.test(step.action.description));

/**
 * Issue 40: IBM's Carbon web components nobody here had tried. Its calendar is drawn in the date picker's shadow tree
 * (the day, not the picker, was pressed), its checkbox's box sits at the left of a host as wide as the form, its
 * multi-select leaves `aria-selected` false on a picked option, and the date lands in a field inside a shadow tree.
 */
describe('an enterprise design system\'s web components (Carbon)', function () {
  this.timeout(120_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('keeps the day picked, the box where it was pressed and each option picked, and fails where a release takes no pick', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('carbon.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await form(rig.session.page());
    assert.equal(wanted.terms, true);
    assert.match(String(wanted.start), /^\d\d\/15\/\d{4}$/);

    const day = flow.steps[stepNamed(flow, /December|January|February|March|April|May|June|July|August|September|October|November/)];
    assert.ok(day && 'action' in day, JSON.stringify(flow.steps.map((step) => 'action' in step && step.action.description)));
    assert.match(day.action.description, /, \w+ 15, \d{4}"$/, 'the day pressed, not the picker around it');
    assert.deepEqual(day.effect, { appeared: { text: wanted.start } }, 'the date the field shows afterwards');
    const git = flow.steps[stepNamed(flow, /^option "Git"$/)];
    assert.ok(git && 'action' in git);
    assert.deepEqual(git.effect, { checked: true });

    // The multi-select by its label, as a person reads it: not its options' text, which a release with one more changes.
    assert.ok(stepNamed(flow, /^combobox "Tools"$/) >= 0, JSON.stringify(flow.steps.map((step) => 'action' in step && step.action.description)));
    const moreTools = await replayOnRelease(rig.session, flow, '#moretools');
    assert.equal(moreTools.status, 'passed', JSON.stringify(failedStep(moreTools)));

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.deepEqual(await form(rig.session.page()), wanted);

    const noPick = await replayOnRelease(rig.session, flow, '#nopick');
    assert.equal(noPick.status, 'failed', `no date was picked: no pass (${JSON.stringify(await form(rig.session.page()))})`);
    assert.equal(failedStep(noPick)!.index, flow.steps.indexOf(day));

    const noMulti = await replayOnRelease(rig.session, flow, '#nomulti');
    assert.equal(noMulti.status, 'failed', `no tool was picked: no pass (${JSON.stringify(await form(rig.session.page()))})`);
    assert.equal(failedStep(noMulti)!.index, flow.steps.indexOf(git));
  });
});
