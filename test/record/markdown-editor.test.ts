import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';
import { WIDGET_SCENARIOS } from './widget-scenarios';

const scenario = WIDGET_SCENARIOS.find((each) => each.page === 'milkdown.html')!;
// A space typed after bold is kept as a no-break space; read as a space.
const markdown = async (page: Page) => (await page.evaluate(() => (window as unknown as { widgetState(): string }).widgetState())).replace(/\u00a0/g, ' ');

/**
 * Issue 40: a markdown editor nobody here had tried (Milkdown 7, ProseMirror underneath), whose input rules turn what is
 * typed into what it marks. A typing step keeps what its keys became (the heading "Fruit", not "## Fruit"), so a
 * release whose editor makes nothing of the markdown fails there, though every key still lands.
 */
describe('a markdown editor turning typed markdown into headings, lists and bold (Milkdown 7)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('replays to the same document, and fails at the heading where a release keeps the markdown as typed', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('milkdown.html'), scenario.ready, async (page) => {
      await scenario.person(page);
    });
    const wanted = await markdown(rig.session.page());
    assert.equal(wanted, '# Groceries\n\nFor the weekend.\n\n## Fruit\n\n* apples\n* **ripe** pears');
    const typed = flow.steps.flatMap((step) => ('action' in step && step.action.method === 'type' ? [[step.action.arguments![0], step.effect]] : []));
    assert.deepEqual(typed, [['## Fruit', { value: 'Fruit' }], ['- apples', { value: 'apples' }], ['**ripe** pears', { value: 'ripe pears' }]]);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(failedStep(replayed)));
    assert.equal(await markdown(rig.session.page()), wanted);

    const plain = await replayOnRelease(rig.session, flow, '#plain');
    assert.equal(plain.status, 'failed', `the markdown stayed as typed: no pass (${await markdown(rig.session.page())})`);
    assert.equal(failedStep(plain)!.index, 3);
    assert.match(failedStep(plain)!.error!.message, /did not have its recorded effect/);
  });
});
