import type { Page } from 'playwright-core';
import type { StaticSite } from '../../src/cli/static-site';
import { createSession } from '../../src/core/engine-session';
import { Recorder } from '../../src/flows/recorder';
import { median, percentile } from './stats';

const GESTURES = 30;

/**
 * In the page: the time from each trusted click or key's input to the frame after it was drawn (a rAF, then a task:
 * the paint is done), as a person feels it. Listens last (bubbling on the document), after the recorder and the page.
 */
function measureInputToPaint(): void {
  const times: number[] = [];
  (window as unknown as { inputToPaint: number[] }).inputToPaint = times;
  for (const type of ['click', 'keydown']) {
    document.addEventListener(type, (event) => {
      if (!event.isTrusted) return;
      const input = event.timeStamp;
      requestAnimationFrame(() => {
        const after = new MessageChannel();
        after.port1.onmessage = () => times.push(performance.now() - input);
        after.port2.postMessage(0);
      });
    });
  }
  const field = document.body.insertBefore(document.createElement('input'), document.body.firstChild);
  field.setAttribute('aria-label', 'Note');
  // Each key changes the page, as a search box filtering a list does.
  field.addEventListener('input', () => (document.getElementById('count')!.textContent = field.value));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clicks on `count` Edit buttons (row by row, none twice) and keys typed into the field; the page's input-to-paint times. */
async function inputToPaint(page: Page, count: number): Promise<{ clicks: number[]; keys: number[] }> {
  const read = () => page.evaluate(() => (window as unknown as { inputToPaint: number[] }).inputToPaint.splice(0));
  await read();
  for (let row = 0; row < count; row++) {
    await page.locator('#orders button').nth(1000 + row).click();
    await pause(120);
  }
  const clicks = await read();
  await page.getByLabel('Note').click();
  await pause(500);
  await read();
  for (let key = 0; key < count; key++) {
    await page.keyboard.press(String.fromCharCode(97 + (key % 26)));
    await pause(60);
  }
  return { clicks, keys: await read() };
}

const figure = (values: readonly number[]) => `${median(values).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)}`;
const ratio = (withIt: readonly number[], without: readonly number[]) => `${(median(withIt) / median(without)).toFixed(2)}×`;

/**
 * What recording costs on a large page (table.html: 2,000 rows, each with a button and a link): the page's input-to-paint
 * time with the recorder and without it, as a ratio; and the time from a gesture to its step arriving in the engine.
 */
export async function recorderCostRows(site: StaticSite): Promise<(string | number)[][]> {
  const session = await createSession({ env: {}, cache: false });
  const rows: (string | number)[][] = [];
  try {
    const page = session.page();
    const open = async () => {
      await page.goto(`${site.origin}/table.html`);
      await page.evaluate(measureInputToPaint);
    };
    await open();
    const without = await inputToPaint(page, GESTURES);
    await open();
    // Each step as it arrives: its method, and how long after the gesture being timed.
    const steps: { method: string; ms: number }[] = [];
    let sent = 0;
    const recorder = await Recorder.start(session, ({ step }) => void steps.push({ method: 'action' in step ? step.action.method ?? 'click' : Object.keys(step)[0]!, ms: performance.now() - sent }));
    const withIt = await inputToPaint(page, GESTURES);
    rows.push(['input to paint, a click on a button (median / p95 ms): without the recorder', figure(without.clicks)]);
    rows.push(['  with the recorder', `${figure(withIt.clicks)}  (${ratio(withIt.clicks, without.clicks)})`]);
    rows.push(['input to paint, a key typed into a field (median / p95 ms): without the recorder', figure(without.keys)]);
    rows.push(['  with the recorder', `${figure(withIt.keys)}  (${ratio(withIt.keys, without.keys)})`]);

    // The steps of the gestures above are all in before this is timed: one arriving late would count as the next's.
    let quietFor = 0;
    for (let waited = 0; quietFor < 2 && waited < 30; waited++) {
      const seen = steps.length;
      await pause(1_000);
      quietFor = steps.length === seen ? quietFor + 1 : 0;
    }
    // From the gesture to its step in the engine. The element is scrolled to first (a scroll is a step of its own),
    // and only the step of the gesture's own method counts.
    const arrival = async (method: string, aim: () => Promise<void>, gesture: () => Promise<void>) => {
      const times: number[] = [];
      for (let index = 0; index < GESTURES / 2; index++) {
        await aim();
        await pause(600);
        const before = steps.length;
        sent = performance.now();
        await gesture();
        const own = () => steps.slice(before).find((step) => step.method === method);
        for (let wait = 0; wait < 150 && !own(); wait++) await pause(20);
        times.push(own()?.ms ?? Number.NaN);
      }
      return times.filter(Number.isFinite);
    };
    let row = 1100;
    const button = () => page.locator('#orders button').nth(row);
    const link = () => page.locator('#orders a').nth(row);
    const buttons = await arrival('click', () => button().scrollIntoViewIfNeeded(), () => button().click().then(() => void row++));
    const links = await arrival('click', () => link().scrollIntoViewIfNeeded(), () => link().click().then(() => void row++));
    await page.getByLabel('Note').click();
    const enters = await arrival('press', async () => undefined, () => page.keyboard.press('Enter'));
    await recorder.stop();
    rows.push([`gesture to step, a button's click (held 400 ms for a double click, then its effect read; median / p95 ms of ${buttons.length})`, figure(buttons)]);
    rows.push([`gesture to step, a link's click (median / p95 ms of ${links.length})`, figure(links)]);
    rows.push([`gesture to step, Enter pressed in a field (median / p95 ms of ${enters.length})`, figure(enters)]);
  } finally {
    await session.end();
  }
  return rows;
}
