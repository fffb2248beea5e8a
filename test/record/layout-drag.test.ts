import assert from 'node:assert/strict';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { exportPlaywrightSpec } from '../../src/flows/export-playwright';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';
import { pageReleases } from './page-releases';
import { recordOnWidget, replayOnRelease, useWidgetSite } from './widget-site';

/** A dashboard built with gridstack as its docs show; `locked` is a later release whose grid no longer moves. */
async function dashboard(page: Page, locked: boolean): Promise<void> {
  await page.setContent(`<h1>Dashboard</h1><div class="grid-stack" style="width: 800px; background: #eee"></div>
    <style>.grid-stack-item-content { background: #cde }</style>`);
  await page.addStyleTag({ path: require.resolve('gridstack/dist/gridstack.min.css') });
  await page.addScriptTag({ path: require.resolve('gridstack/dist/gridstack-all.js') });
  await page.evaluate((staticGrid) => {
    const { GridStack } = window as unknown as { GridStack: { init(options: object): { load(items: object[]): void; save(content: boolean): { id: string; x: number; y: number }[] } } };
    const grid = GridStack.init({ cellHeight: 70, float: true, staticGrid });
    grid.load([{ id: 'sales', x: 0, y: 0, w: 4, h: 2, content: 'Sales' }, { id: 'errors', x: 8, y: 0, w: 4, h: 2, content: 'Errors' }]);
    (window as unknown as { places: () => string[] }).places = () => grid.save(false).map(({ id, x, y }) => `${id}@${x},${y}`).sort();
  }, locked);
}

/** A month calendar built with FullCalendar as its docs show; `locked` is a later release whose events no longer move. */
async function calendar(page: Page, locked: boolean): Promise<void> {
  await page.setContent('<h1>Team calendar</h1><div id="calendar" style="width: 900px"></div>');
  const folder = path.dirname(require.resolve('fullcalendar'));
  for (const sheet of ['skeleton.css', 'themes/classic/theme.css', 'themes/classic/palette.css']) await page.addStyleTag({ path: path.join(folder, sheet) });
  for (const script of ['all/global.js', 'themes/classic/global.js']) await page.addScriptTag({ path: path.join(folder, script) });
  await page.evaluate((editable) => {
    const { FullCalendar } = window as unknown as { FullCalendar: { Calendar: new (element: Element, options: object) => { render(): void; getEvents(): { id: string; startStr: string }[] } } };
    const month = new FullCalendar.Calendar(document.getElementById('calendar')!, {
      initialView: 'dayGridMonth', initialDate: '2026-03-01', editable, events: [{ id: 'review', title: 'Design review', start: '2026-03-10' }],
    });
    month.render();
    (window as unknown as { places: () => string[] }).places = () => month.getEvents().map((event) => `${event.id}@${event.startStr}`);
  }, !locked);
  await page.getByText('Design review').waitFor();
}

/** The same month built with EventCalendar (its standalone bundle): events laid over the grid, not inside their day. */
async function eventCalendar(page: Page, locked: boolean): Promise<void> {
  await page.setContent('<h1>Team calendar</h1><div id="ec" style="width: 900px"></div>');
  const folder = path.dirname(require.resolve('@event-calendar/build/dist/event-calendar.min.js'));
  await page.addStyleTag({ path: path.join(folder, 'event-calendar.min.css') });
  await page.addScriptTag({ path: path.join(folder, 'event-calendar.min.js') });
  await page.evaluate((editable) => {
    const { EventCalendar } = window as unknown as { EventCalendar: { create(element: Element, options: object): { getEvents(): { id: string; start: Date }[] } } };
    const month = EventCalendar.create(document.getElementById('ec')!, {
      view: 'dayGridMonth', date: '2026-03-01', editable, eventStartEditable: editable, events: [{ id: 'review', title: 'Design review', start: '2026-03-10', end: '2026-03-11', allDay: true }],
    });
    (window as unknown as { places: () => string[] }).places = () => month.getEvents().map((event) => `${event.id}@2026-03-${String(event.start.getDate()).padStart(2, '0')}`);
  }, !locked);
  await page.locator('article.ec-event').waitFor();
}

async function dragBy(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 20, from.y + ((to.y - from.y) * step) / 20);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
  await page.waitForTimeout(500);
}

const places = (page: Page) => page.evaluate(() => (window as unknown as { places: () => string[] }).places());

/** Issue 40, item 5: a drag onto a layout keeps where the item went, and a replay in which it did not go there fails. */
describe('a drag onto a layout grid or a calendar', function () {
  this.timeout(60_000);
  const rig = useEngine();
  const widgets = useWidgetSite();

  it('is recorded with the card\'s new place, replays to it, and fails where the grid no longer moves', async () => {
    const page = rig.session.page();
    await dashboard(page, false);
    const recorder = await Recorder.start(rig.session);
    const card = (await page.locator('.grid-stack-item-content', { hasText: 'Errors' }).boundingBox())!;
    const under = (await page.locator('.grid-stack-item-content', { hasText: 'Sales' }).boundingBox())!;
    const [from, to] = [{ x: card.x + 30, y: card.y + 30 }, { x: under.x + 30, y: under.y + under.height + 50 }];
    await dragBy(page, from, to);
    const recorded = await recorder.stop();
    const moved = await places(page);
    assert.match(moved.join(' '), /^errors@[01],2 sales@0,0$/, 'the person moved the card under Sales');
    const flow: Flow = { version: FLOW_VERSION, name: 'Dashboard', steps: recorded.map(({ step }) => step) };
    const drag = flow.steps.find((step) => 'action' in step && step.action.method === 'dragAndDrop');
    assert.ok(drag && 'action' in drag, JSON.stringify(flow.steps));
    assert.equal(drag.effect?.place?.levels, 2, JSON.stringify(drag.effect));
    assert.ok(drag.effect.place.left < 0.1 && drag.effect.place.top > 0.4, JSON.stringify(drag.effect));
    assert.deepEqual(recorder.problems, []);

    await dashboard(page, false);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await places(page), moved);

    await dashboard(page, true);
    const stuck = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(stuck.status, 'failed', 'the card never moved: not a pass');
    const failed = stuck.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.error?.name, 'EffectMissing');
    assert.match(failed?.error?.message ?? '', /did not have its recorded effect: expected placed \d+% across and \d+% down the layout 2 levels up, found placed 6\d% across and \d% down the layout 2 levels up/);
  });

  /**
   * The person drags "Design review" from the 10th to the 12th: one drag step of the event, with its new place as its
   * effect; it replays there, and fails (not passes) on a release whose events no longer move.
   */
  async function eventMovedToThe12th(build: (page: Page, locked: boolean) => Promise<void>, event: (page: Page) => Locator, day12: (page: Page) => Locator): Promise<Flow> {
    const page = rig.session.page();
    await build(page, false);
    const recorder = await Recorder.start(rig.session);
    const from = (await event(page).boundingBox())!;
    const to = (await day12(page).boundingBox())!;
    await dragBy(page, { x: from.x + 10, y: from.y + from.height / 2 }, { x: to.x + 40, y: to.y + to.height / 2 });
    const recorded = await recorder.stop();
    assert.deepEqual(await places(page), ['review@2026-03-12'], 'the person moved the event to the 12th');
    const flow: Flow = { version: FLOW_VERSION, name: 'Calendar', steps: recorded.map(({ step }) => step) };
    assert.equal(flow.steps.length, 1, JSON.stringify(flow.steps));
    const [moved] = flow.steps;
    assert.ok(moved && 'action' in moved && moved.action.method === 'dragAndDrop', JSON.stringify(moved));
    assert.ok(moved.effect?.place, JSON.stringify(moved));
    assert.deepEqual(recorder.problems, []);

    await build(page, false);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await places(page), ['review@2026-03-12']);

    await build(page, true);
    const stuck = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(stuck.status, 'failed', 'the event stayed on the 10th: not a pass');
    assert.equal(stuck.steps.find((step) => step.status === 'failed')?.error?.name, 'EffectMissing');
    assert.deepEqual(await places(page), ['review@2026-03-10']);
    return flow;
  }

  it('an event dragged to another day in a calendar is the event\'s step (not its day\'s), and fails where events no longer move', async () => {
    const flow = await eventMovedToThe12th(calendar, (page) => page.getByText('Design review'), (page) => page.locator('[data-date="2026-03-12"]'));
    const [moved] = flow.steps;
    assert.ok(moved && 'action' in moved);
    assert.match(moved.action.description, /^element "Design review"/);
    assert.match(moved.action.arguments?.[0] ?? '', /March 12, 2026/);
  });

  it('an event laid over a calendar\'s grid (EventCalendar, which leaves a ghost in its place) is dragged as the event, and fails where events no longer move', async () => {
    await eventMovedToThe12th(eventCalendar, (page) => page.locator('article.ec-event'), (page) => page.locator('.ec-day', { has: page.locator('time[datetime="2026-03-12"]') }));
  });

  it('an event of react-big-calendar\'s month, eight deep in its week, dragged to another day is a step with the week as its drop place, replays there, and fails where events no longer move', async () => {
    const agenda = () => rig.session.page().evaluate(() => (window as unknown as { widgetState(): { events: string[] } }).widgetState().events[0]);
    const flow = await recordOnWidget(rig.session, widgets.url('big-calendar.html'), (page) => page.locator('.rbc-event', { hasText: 'Design review' }).waitFor(), async (page) => {
      const event = (await page.locator('.rbc-event', { hasText: 'Design review' }).boundingBox())!;
      const twelfth = (await page.locator('.rbc-month-row').nth(1).locator('.rbc-day-bg').nth(4).boundingBox())!;
      await dragBy(page, { x: event.x + 20, y: event.y + event.height / 2 }, { x: twelfth.x + 30, y: twelfth.y + 50 });
    });
    assert.equal(await agenda(), 'Design review: 2026-03-12 10:00 to 2026-03-12 11:00');
    const [moved] = flow.steps;
    assert.ok(moved && 'action' in moved && moved.action.method === 'dragAndDrop' && moved.effect?.place, JSON.stringify(flow.steps));
    assert.equal(moved.action.description.split(' in row')[0], 'element "Design review"');
    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.filter((step) => step.error)));
    assert.equal(await agenda(), 'Design review: 2026-03-12 10:00 to 2026-03-12 11:00');
    const fixed = await replayOnRelease(rig.session, flow, '#fixed');
    assert.equal(fixed.status, 'failed');
    assert.equal(fixed.steps.find((step) => step.error)?.error?.name, 'EffectMissing');
    // A release that puts another event first in the same week: the week's row reads otherwise, the event is the same.
    const busy = await replayOnRelease(rig.session, flow, '#busy');
    assert.equal(busy.status, 'passed', JSON.stringify(busy.steps.filter((step) => step.error)));
    assert.equal(await agenda(), 'Design review: 2026-03-12 10:00 to 2026-03-12 11:00');
  });

  it('a slider\'s thumb dragged keeps the value it came to, replays to it, and fails where the slider no longer moves', async () => {
    const page = rig.session.page();
    const url = widgets.url('mui-form.html');
    const seats = () => page.getByRole('slider', { name: 'Seats' }).getAttribute('aria-valuenow');
    await page.goto(url);
    const thumb = (await page.locator('.MuiSlider-thumb').boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    await dragBy(page, { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 }, { x: thumb.x + thumb.width / 2 + 160, y: thumb.y + thumb.height / 2 });
    const recorded = await recorder.stop();
    assert.equal(await seats(), '50', 'the person dragged the thumb to 50');
    const flow: Flow = { version: FLOW_VERSION, name: 'Seats', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.equal(flow.steps.length, 1, JSON.stringify(flow.steps));
    assert.deepEqual(flow.steps[0] && 'effect' in flow.steps[0] ? flow.steps[0].effect : undefined, { value: '50' });
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await seats(), '50');

    const stuck = await replayOnRelease(rig.session, flow, '#locked');
    assert.equal(stuck.status, 'failed', 'the thumb stayed at 10: not a pass');
    const failed = stuck.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.error?.name, 'EffectMissing', JSON.stringify(failed));
    assert.match(failed?.error?.message ?? '', /expected at "50", found at "10"/);
  });

  it('a card dragged to another column of a board (@hello-pangea/dnd, whose drop glides ~330 ms) keeps its new column as the effect, and fails where the board ignores drops', async () => {
    const page = rig.session.page();
    const url = widgets.url('pangea-dnd.html');
    await page.goto(url);
    const build = (await page.getByRole('button', { name: 'Build the parser' }).boundingBox())!;
    const setUp = (await page.getByRole('button', { name: 'Set up the repo' }).boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    await dragBy(page, { x: build.x + 40, y: build.y + build.height / 2 }, { x: setUp.x + 40, y: setUp.y + setUp.height + 20 });
    await page.waitForTimeout(800);
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Board', startUrl: url, steps: recorded.map(({ step }) => step) };
    // Read during the glide, the card was still in To do: a replay where it never moved would have passed.
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.effect] : step)), [['dragAndDrop', { order: ['Set up the repo', 'Build the parser'] }]]);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen');
    assert.equal(frozen.status, 'failed', 'the card went back to To do: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /did not have its recorded effect: expected its list in the order "Set up the repo", "Build the parser"/, JSON.stringify(frozen.steps));
  });

  it('a row dropped by the browser\'s own drag and drop on the lower half of another (Pragmatic drag and drop) keeps where on it and the new order, replays below it, and fails where the list ignores drops', async () => {
    const page = rig.session.page();
    const url = widgets.url('pragmatic-dnd.html');
    const order = () => page.evaluate(() => (window as unknown as { widgetState: () => string[] }).widgetState());
    const row = (task: string) => page.getByRole('listitem').filter({ hasText: task });
    await page.goto(url);
    await row('Call the vendor').waitFor();
    const recorder = await Recorder.start(rig.session);
    const fix = (await row('Fix the login bug').boundingBox())!;
    const review = (await row('Review the roadmap').boundingBox())!;
    await dragBy(page, { x: fix.x + 40, y: fix.y + fix.height / 2 }, { x: review.x + 60, y: review.y + review.height - 6 });
    const recorded = await recorder.stop();
    const moved = ['Plan the sprint', 'Write release notes', 'Review the roadmap', 'Fix the login bug', 'Call the vendor'];
    assert.deepEqual(await order(), moved, 'the person dropped the bug below the roadmap');
    const flow: Flow = { version: FLOW_VERSION, name: 'Tasks', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.equal(flow.steps.length, 1, JSON.stringify(flow.steps));
    const [drag] = flow.steps;
    assert.ok(drag && 'action' in drag && drag.action.method === 'dragAndDrop', JSON.stringify(drag));
    // Dropped 6 px above the bottom edge of the row: a drop in its middle would land above it.
    assert.ok(Math.abs(Number(drag.action.arguments?.[2]) - (review.height - 6)) <= 1, JSON.stringify(drag.action.arguments));
    assert.deepEqual(drag.effect, { order: moved });
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await order(), moved);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen');
    assert.equal(frozen.status, 'failed', 'the list stayed as it was: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /did not have its recorded effect: expected its list in the order "Plan the sprint", "Write release notes", "Review the roadmap", "Fix the login bug"/, JSON.stringify(frozen.steps));
  });

  it('an item SortableJS moves among the others while the browser drags it is dropped where it was let go on the list as it stood (not onto itself), replays there, and fails where the list ignores drops', async () => {
    const page = rig.session.page();
    const url = widgets.url('sortable-native.html');
    const lists = () => page.evaluate(() => (window as unknown as { widgetState: () => unknown }).widgetState());
    const item = (text: string) => page.locator('li', { hasText: text });
    await page.goto(url);
    const recorder = await Recorder.start(rig.session);
    const plan = (await item('Plan the trip').boundingBox())!;
    const write = (await item('Write the report').boundingBox())!;
    await dragBy(page, { x: plan.x + 40, y: plan.y + plan.height / 2 }, { x: write.x + 40, y: write.y + 6 });
    const recorded = await recorder.stop();
    assert.deepEqual(await lists(), { todo: ['plan', 'write', 'call', 'water'], done: ['shop'] }, 'the person moved the trip to the top');
    const flow: Flow = { version: FLOW_VERSION, name: 'Chores', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.action.arguments?.[0], step.effect] : step)), [
      ['dragAndDrop', 'css=li:has-text("Write the report")', { order: ['Plan the trip', 'Write the report', 'Call the bank', 'Water the plants'] }],
    ]);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await lists(), { todo: ['plan', 'write', 'call', 'water'], done: ['shop'] });

    const frozen = await replayOnRelease(rig.session, flow, '#frozen');
    assert.equal(frozen.status, 'failed', 'the list stayed as it was: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /expected its list in the order "Plan the trip", "Write the report"/, JSON.stringify(frozen.steps));
  });

  it('a note resized by pulling its corner (interact.js) keeps its new size as the effect, replays to it, and fails where notes no longer resize', async () => {
    const page = rig.session.page();
    const url = widgets.url('interact.html');
    const notes = () => page.evaluate(() => (window as unknown as { widgetState: () => string[] }).widgetState());
    await page.goto(url);
    await page.waitForFunction(() => typeof (window as unknown as { interact?: unknown }).interact === 'function');
    const recorder = await Recorder.start(rig.session);
    const risks = (await page.locator('#risks').boundingBox())!;
    await dragBy(page, { x: risks.x + risks.width - 3, y: risks.y + risks.height - 3 }, { x: risks.x + risks.width + 77, y: risks.y + risks.height + 57 });
    const recorded = await recorder.stop();
    const resized = ['ideas 20,20 160x100', 'risks 300,20 240x160'];
    assert.deepEqual(await notes(), resized, 'the person pulled Risks out by 80 × 60');
    const flow: Flow = { version: FLOW_VERSION, name: 'Board', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.effect] : step)), [['dragAndDrop', { place: { levels: 1, left: 0.375, top: 0.042, width: 0.3, height: 0.333 } }]]);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await notes(), resized);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen');
    assert.equal(frozen.status, 'failed', 'the note kept its size: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /expected placed 38% across and 4% down the layout 1 level up, 30% wide and 33% high, found placed 38% across and 4% down the layout 1 level up, 20% wide and 21% high/, JSON.stringify(frozen.steps));
    // Exported to Playwright code, the size is checked too.
    assert.match(exportPlaywrightSpec(flow, 'board.flow.json'), /sized\(box\.width \/ outer\.width, width\) && sized\(box\.height \/ outer\.height, height\); \}, \[1, 0\.375, 0\.042, 0\.3, 0\.333\]\)\)\.toBe\(true\)/);
  });

  it('a drag in a colour picker\'s square (react-colorful: a slider of two dimensions, no number) keeps the value its text says, and fails where the square no longer answers', async () => {
    const page = rig.session.page();
    const url = widgets.url('colorful.html');
    const square = page.getByRole('slider', { name: 'Color' });
    await page.goto(url);
    const box = (await square.boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    await dragBy(page, { x: box.x + box.width * 0.3, y: box.y + box.height * 0.6 }, { x: box.x + box.width * 0.8, y: box.y + box.height * 0.2 });
    const recorded = await recorder.stop();
    const said = await square.getAttribute('aria-valuetext');
    assert.equal(said, 'Saturation 80%, Brightness 80%');
    const flow: Flow = { version: FLOW_VERSION, name: 'Brand', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.effect] : step)), [['dragAndDrop', { value: said }]]);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await square.getAttribute('aria-valuetext'), said);

    const still = await replayOnRelease(rig.session, flow, '#still');
    assert.equal(still.status, 'failed', 'the colour did not change: not a pass');
    assert.match(still.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /expected at "Saturation 80%, Brightness 80%", found at "Saturation \d+%, Brightness \d+%"/, JSON.stringify(still.steps));
  });

  it('a drag in a colour picker\'s square that says its value only in the picker\'s field (Pickr) keeps that value as its effect, and fails where the square no longer answers', async () => {
    const page = rig.session.page();
    const url = widgets.url('pickr.html');
    await page.goto(url);
    await page.locator('.pcr-button').click();
    const square = page.getByRole('listbox', { name: 'color selection area' });
    await square.waitFor();
    const box = (await square.boundingBox())!;
    const recorder = await Recorder.start(rig.session);
    await dragBy(page, { x: box.x + box.width * 0.5, y: box.y + box.height * 0.5 }, { x: box.x + box.width * 0.8, y: box.y + box.height * 0.25 });
    const recorded = await recorder.stop();
    const said = await page.getByRole('textbox', { name: 'color input field' }).inputValue();
    const flow: Flow = { version: FLOW_VERSION, name: 'Theme', startUrl: url, steps: [{ action: { selector: 'css=.pcr-button', description: 'the accent colour button', method: 'click', arguments: [] } }, ...recorded.map(({ step }) => step)] };
    assert.deepEqual(flow.steps.slice(1).map((step) => ('action' in step ? [step.action.method, step.effect] : step)), [['dragAndDrop', { appeared: { text: said } }]]);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.getByRole('textbox', { name: 'color input field' }).inputValue(), said);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen');
    assert.equal(frozen.status, 'failed', 'the colour did not change: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? '', new RegExp(`expected "${said.replace(/[()]/g, '\\$&')}" appearing on the page`), JSON.stringify(frozen.steps));
  });

  it('a sortable list reordered by keys (dnd-kit: Space lifts, arrows carry, Space drops) keeps the new order at the drop, replays to it, and fails where the list ignores drops', async () => {
    const page = rig.session.page();
    const url = widgets.url('dnd-kit.html');
    const order = () => page.evaluate(() => (window as unknown as { widgetState: () => string[] }).widgetState());
    await page.goto(url);
    await page.getByRole('button', { name: 'Write the spec' }).waitFor();
    const recorder = await Recorder.start(rig.session);
    await page.getByRole('button', { name: 'Write the spec' }).click();
    for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(400);
    const recorded = await recorder.stop();
    const moved = ['Build the parser', 'Test the parser', 'Write the spec', 'Ship it'];
    assert.deepEqual(await order(), moved, 'the person moved the first item down two places');
    const flow: Flow = { version: FLOW_VERSION, name: 'Backlog', startUrl: url, steps: recorded.map(({ step }) => step) };
    const drop = flow.steps.at(-1);
    assert.deepEqual(drop && 'action' in drop ? [drop.action.method, drop.action.arguments, drop.effect] : undefined, ['press', ['Space'], { order: moved }]);
    // Each arrow keeps where it carried the item (lower each time), which replay waits for before the next key.
    const carried = flow.steps.flatMap((step) => ('action' in step && step.action.arguments?.[0] === 'ArrowDown' ? [step.effect?.place?.top ?? -1] : []));
    assert.equal(carried.length, 2);
    assert.ok(carried[0]! > 0 && carried[1]! > carried[0]!, JSON.stringify(carried));
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await order(), moved);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen');
    assert.equal(frozen.status, 'failed', 'the list stayed as it was: not a pass');
    const failed = frozen.steps.find((step) => step.status === 'failed');
    assert.equal(failed?.index, flow.steps.length - 1, JSON.stringify(frozen.steps, null, 1));
    assert.match(failed?.error?.message ?? '', /did not have its recorded effect: expected its list in the order "Build the parser", "Test the parser", "Write the spec", "Ship it"/);
  });
  it('a dock\'s tab dropped on another group\'s edge (dockview, which draws the tab anew in a group of its own) keeps that group as the effect, replays to the same layout, and fails where tabs no longer move', async () => {
    const url = widgets.url('dockview.html');
    const page = rig.session.page();
    const layout = () => page.evaluate(() => (window as unknown as { widgetState: () => unknown }).widgetState());
    await page.goto(url);
    await page.getByRole('tab', { name: 'Terminal' }).waitFor();
    const recorder = await Recorder.start(rig.session);
    const logs = (await page.getByRole('tab', { name: 'Logs' }).boundingBox())!;
    const top = (await page.getByRole('region', { name: 'Preview' }).boundingBox())!;
    await page.mouse.move(logs.x + 20, logs.y + logs.height / 2);
    await page.mouse.down();
    for (let move = 1; move <= 15; move++) {
      await page.mouse.move(logs.x + 20 + ((top.x + top.width - 50 - logs.x) * move) / 15, logs.y + logs.height / 2 + ((top.y + top.height / 2 - logs.y - logs.height / 2) * move) / 15);
      await page.waitForTimeout(20);
    }
    await page.mouse.up();
    await page.waitForTimeout(400);
    const recorded = await recorder.stop();
    const wanted = await layout();
    assert.deepEqual(wanted, { HORIZONTAL: [{ VERTICAL: [{ HORIZONTAL: ['editor [preview]', '[logs]'] }, '[terminal]'] }] });
    const flow: Flow = { version: FLOW_VERSION, name: 'Dock', startUrl: url, steps: recorded.map(({ step }) => step) };
    assert.deepEqual(flow.steps.map((step) => ('action' in step ? [step.action.method, step.action.description, step.effect?.order] : step)), [['dragAndDrop', 'tab "Logs"', ['Logs']]]);
    assert.deepEqual(recorder.problems, []);

    const replayed = await replayOnRelease(rig.session, flow, '', 4000);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.deepEqual(await layout(), wanted);

    const frozen = await replayOnRelease(rig.session, flow, '#frozen', 1500);
    assert.equal(frozen.status, 'failed', 'the tab stayed in its group: not a pass');
    assert.match(frozen.steps.find((step) => step.status === 'failed')?.error?.message ?? '', /did not have its recorded effect: expected (selected, )?its list in the order "Logs", found (not selected, )?in the order "Logs", "Terminal"/);
  });

  it('an item drawn anew with the whole board after its drop (the board itself replaced; buttons, their role the tag\'s own) keeps its new place on the board as the effect, and fails where the board ignores drops', async () => {
    const { record, replayOn } = pageReleases(rig);
    const page = rig.session.page();
    const content = `<div id="board" style="display:flex;gap:40px"></div>
      <script>
        var MOVES = true, lists = { Inbox: ['Report', 'Notes', 'Draft'], Done: [] }, held;
        function draw() {
          var board = document.createElement('div');
          board.id = 'board';
          board.style.cssText = 'display:flex;gap:40px';
          document.getElementById('board').replaceWith(board);
          board.innerHTML = Object.entries(lists).map(([name, items]) => '<section data-list="' + name + '" style="width:160px;min-height:200px;border:1px solid"><h2>' + name + '</h2><ul>' + items.map((item) => '<li><button style="width:120px;touch-action:none">' + item + '</button></li>').join('') + '</ul></section>').join('');
        }
        draw();
        document.addEventListener('pointerdown', (event) => { if (event.target.localName === 'button') held = event.target.textContent; });
        document.addEventListener('pointerup', (event) => {
          var list = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-list]')?.dataset.list;
          if (held && list && MOVES && !lists[list].includes(held)) { for (var name in lists) lists[name] = lists[name].filter((item) => item !== held); lists[list].push(held); }
          held = undefined;
          draw();
        });
      </script>`;
    const steps = await record(content, async () => {
      const from = (await page.getByRole('button', { name: 'Report' }).boundingBox())!;
      const to = (await page.locator('[data-list="Done"]').boundingBox())!;
      await page.mouse.move(from.x + 20, from.y + from.height / 2);
      await page.mouse.down();
      for (let move = 1; move <= 10; move++) {
        await page.mouse.move(from.x + 20 + ((to.x + 60 - from.x - 20) * move) / 10, from.y + from.height / 2 + ((to.y + 120 - from.y - from.height / 2) * move) / 10);
        await page.waitForTimeout(20);
      }
      await page.mouse.up();
    });
    assert.deepEqual(steps.map((step) => [step.action.method, step.action.description, Object.keys(step.effect ?? {})]), [['dragAndDrop', 'button "Report" in listitem "Report"', ['place']]]);
    const replayed = await replayOn(content, steps);
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps.find((step) => step.status === 'failed')));
    assert.deepEqual(await page.locator('[data-list="Done"] button').allTextContents(), ['Report']);
    const ignored = await replayOn(content.replace('MOVES = true', 'MOVES = false'), steps);
    assert.match(ignored.steps.find((step) => step.status === 'failed')?.error?.message ?? 'passed', /did not have its recorded effect: expected placed \d+% across and \d+% down the layout 4 levels up, found placed 3% across/);
  });
});
