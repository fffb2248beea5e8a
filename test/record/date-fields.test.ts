import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { describeEffect, FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { failedStep, recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

interface Booking { arrival: string | null; departure: string | null; checkIn: string | null; booked?: string | null }
const booking = (page: Page) => page.evaluate(() => (window as unknown as { widgetState(): Booking }).widgetState());
const shown = (flow: Flow) => flow.steps.map((step) => ('action' in step ? `${step.action.method} ${step.action.description} @${step.action.selector}${step.effect ? `: ${describeEffect(step.effect)}` : ''}` : JSON.stringify(step)));

/**
 * Issue 40 and 41: MUI X's pickers (React 19). A date field is drawn as sections, contenteditable spin buttons named
 * "Month", "Day", "Year" in every date field of the page, each in a group labelled by the field's label; the calendar's
 * button is named by the date the field holds; a calendar's day is a `<button role=gridcell>`. The sections were told
 * apart by the page's title and their order (a release with a date field above typed the arrival into it), the button
 * by a date another release or another day does not hold, and a day's pick kept only "the calendar closed" (a release
 * whose days set nothing passed).
 */
describe('date fields drawn as sections, and their calendar (MUI X Date Pickers 9)', function () {
  this.timeout(90_000);
  const rig = useEngine();
  const widgets = useWidgetSite();
  const ready = (page: Page) => page.getByRole('group', { name: 'Arrival' }).getByRole('spinbutton', { name: 'Month' }).waitFor();

  it('sections typed into are found in the field the person typed in, by its label: a release with a date field above them replays into the right one', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('mui-x-pickers.html'), ready, async (page) => {
      await page.getByRole('group', { name: 'Arrival' }).getByRole('spinbutton', { name: 'Month' }).click();
      await page.keyboard.type('04182026', { delay: 40 });
    });
    assert.equal((await booking(rig.session.page())).arrival, '2026-04-18');
    assert.deepEqual(shown(flow).slice(1), [
      'fill spinbutton "Month" under "Arrival" @role=group[name="Arrival"i] >> role=spinbutton[name="Month"i]: at "4"',
      'fill spinbutton "Day" under "Arrival" @role=group[name="Arrival"i] >> role=spinbutton[name="Day"i]: at "18"',
      'fill spinbutton "Year" under "Arrival" @role=group[name="Arrival"i] >> role=spinbutton[name="Year"i]: at "2026"',
    ]);
    const moved = await replayOnRelease(rig.session, flow, '#more');
    assert.equal(moved.status, 'passed', JSON.stringify(failedStep(moved)));
    const state = await booking(rig.session.page());
    assert.equal(state.arrival, '2026-04-18');
    assert.equal(state.booked, null, 'the field above took none of the typing');
    const noTyping = await replayOnRelease(rig.session, flow, '#notype');
    assert.equal(noTyping.status, 'failed');
    assert.match(failedStep(noTyping)!.description, /spinbutton "Month" under "Arrival"/);
  });

  it('a flow recorded when the page\'s title was the section of a date field\'s "Month" still replays, and one of another section is refused', async () => {
    const heading = 'xpath=//*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6 or self::legend or @role="heading"][normalize-space(.)="Book a stay"]/ancestor::*[.//span][1]';
    const month = (section: string): Flow['steps'][number] => ({
      action: { selector: `${heading} >> role=spinbutton[name="Month"i] >> nth=0`, description: `spinbutton "Month" under "${section}"`, method: 'fill', arguments: ['04'] },
      target: { role: 'spinbutton', name: 'Month', section },
      effect: { value: '4' },
    });
    const flow = (section: string): Flow => ({ version: FLOW_VERSION, name: 'an earlier recording', startUrl: widgets.url('mui-x-pickers.html'), steps: [month(section)] });
    const earlier = await replayOnRelease(rig.session, flow('Book a stay'));
    assert.equal(earlier.status, 'passed', JSON.stringify(failedStep(earlier)));
    const elsewhere = await replayOnRelease(rig.session, flow('Departure'));
    assert.equal(elsewhere.status, 'failed');
    assert.match(failedStep(elsewhere)!.error!.message, /spinbutton "Month" under "Arrival"/);
  });

  it('a calendar opened by a button named by its date, a day picked: found on a release that holds another date, in its field when another field\'s button says a date too; a release whose days set nothing fails at the day', async () => {
    const flow = await recordOnWidget(rig.session, widgets.url('mui-x-pickers.html'), ready, async (page) => {
      await page.getByRole('group', { name: 'Arrival' }).getByRole('spinbutton', { name: 'Month' }).click();
      await page.keyboard.type('04182026', { delay: 40 });
      await page.waitForTimeout(300);
      await page.getByRole('group', { name: 'Departure' }).getByRole('button').click();
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.waitForTimeout(500);
      await page.getByRole('gridcell', { name: '22' }).click();
      await page.waitForTimeout(500);
    });
    assert.equal((await booking(rig.session.page())).departure, '2026-04-22');
    const steps = shown(flow);
    assert.equal(steps[4], 'click button "Choose date, selected date is Mar 10, 2026" under "Departure" @role=group[name="Departure"i] >> role=button[name=/^Choose date, selected date is .+$/i]: opening dialog "Departure"');
    assert.match(steps[6]!, /^click gridcell "22" .*@role=gridcell\[name="22"i\]: .*"22" appearing on the page/);
    const otherDate = await replayOnRelease(rig.session, flow, '#more');
    assert.equal(otherDate.status, 'passed', JSON.stringify(failedStep(otherDate)));
    assert.equal((await booking(rig.session.page())).departure, '2026-04-22');
    const noPick = await replayOnRelease(rig.session, flow, '#nopick');
    assert.equal(noPick.status, 'failed');
    assert.match(failedStep(noPick)!.error!.message, /gridcell "22".*"22" appearing on the page.*found with no "22" on the page/);
    assert.equal((await booking(rig.session.page())).departure, '2026-03-10');
  });
});
