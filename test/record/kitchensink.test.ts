import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { createSession, type EngineSession } from '../../src/core/engine-session';
import { serveKitchensink } from './kitchensink-site';

interface Scenario {
  readonly page: string;
  /** What the person does, with real mouse and keyboard; returns how many gestures that was. */
  readonly act: (page: Page) => Promise<number>;
  /** What the page shows after those gestures, checked after the person and again after the replay. */
  readonly state: (page: Page) => Promise<unknown>;
  readonly variables?: Record<string, string>;
}

/** From a page, open the navbar's Commands menu and follow one of its links (two gestures, a navigation). */
function throughNavbar(page: string, link: string, lands: RegExp): Scenario {
  return {
    page,
    act: async (browserPage) => {
      await browserPage.getByRole('button', { name: 'Commands' }).click();
      await browserPage.locator('#navbar').getByRole('link', { name: link }).click();
      await browserPage.waitForURL(lands);
      return 2;
    },
    state: (browserPage) => browserPage.evaluate(() => location.pathname),
  };
}

const SCENARIOS: readonly Scenario[] = [
  {
    page: '/commands/actions',
    act: async (page) => {
      await page.locator('#email1').click();
      await page.keyboard.type('fake@email.com');
      await page.locator('#password1').click();
      await page.keyboard.type('s3cret');
      await page.getByRole('button', { name: 'Click to toggle popover' }).click();
      await page.locator('.action-div').dblclick();
      await page.locator('.action-checkboxes').getByText('Checkbox one').click();
      await page.locator('#optionsRadios1').click();
      await page.locator('.action-select').focus();
      await page.keyboard.type('apples');
      await page.locator('.action-select-multiple').getByRole('option', { name: 'apples' }).click();
      await page.locator('.action-select-multiple').getByRole('option', { name: 'bananas' }).click({ modifiers: ['Control'] });
      await page.locator('#description').click();
      await page.keyboard.type('cleared soon');
      await page.keyboard.press('Tab');
      return 11;
    },
    state: (page) => page.evaluate(() => ({
      email: (document.querySelector('#email1') as HTMLInputElement).value,
      popover: !!document.querySelector('.popover'),
      edit: !document.querySelector('.action-input-hidden')!.classList.contains('hidden'),
      checkbox: (document.querySelector('.action-checkboxes input[value=checkbox1]') as HTMLInputElement).checked,
      radio: (document.querySelector('#optionsRadios1') as HTMLInputElement).checked,
      select: (document.querySelector('.action-select') as HTMLSelectElement).value,
      multiple: [...(document.querySelector('.action-select-multiple') as HTMLSelectElement).selectedOptions].map((option) => option.value),
      description: (document.querySelector('#description') as HTMLInputElement).value,
    })),
    variables: { password1: 's3cret' },
  },
  {
    page: '/commands/actions',
    act: async (page) => {
      // Type a name and click the page's background: the field's blur handler marks it.
      await page.locator('#fullName1').click();
      await page.keyboard.type('Ada');
      const heading = (await page.locator('h4#blur').boundingBox())!;
      await page.locator('h4#blur').click({ position: { x: heading.width - 5, y: heading.height / 2 } });
      // Dots drawn where the person clicks on the canvas.
      await page.locator('#action-canvas').scrollIntoViewIfNeeded();
      await page.locator('#action-canvas').click({ position: { x: 80, y: 75 } });
      await page.locator('#action-canvas').click({ position: { x: 170, y: 165 } });
      // A slider set by clicking on its track; the page shows its value.
      await page.locator('.trigger-input-range').scrollIntoViewIfNeeded();
      const track = (await page.locator('.trigger-input-range').boundingBox())!;
      await page.mouse.click(track.x + track.width * 0.7, track.y + track.height / 2);
      // A container scrolled across with the wheel.
      await page.locator('#scroll-horizontal').scrollIntoViewIfNeeded();
      const strip = (await page.locator('#scroll-horizontal').boundingBox())!;
      await page.mouse.move(strip.x + 30, strip.y + 30);
      await page.mouse.wheel(250, 0);
      await page.waitForTimeout(700);
      return 6;
    },
    state: (page) => page.evaluate(() => ({
      name: (document.querySelector('#fullName1') as HTMLInputElement).value,
      blurred: document.querySelector('#fullName1')!.classList.contains('error'),
      // Which quarters of the canvas have a dot: where the clicks landed, give or take a pixel.
      canvas: [[0, 0], [125, 0], [0, 125], [125, 125]].map(([x, y]) => (document.querySelector('#action-canvas') as HTMLCanvasElement).getContext('2d')!
        .getImageData(x!, y!, 125, 125).data.some((value, index) => index % 4 === 3 && value > 0)),
      range: (document.querySelector('.trigger-input-range') as HTMLInputElement).nextElementSibling?.textContent,
      across: Math.round(document.querySelector('#scroll-horizontal')!.scrollLeft),
    })),
  },
  {
    page: '/commands/querying',
    act: async (page) => {
      await page.locator('#query-btn').click();
      await page.locator('#inputName').click();
      await page.keyboard.type('Jane Lane');
      await page.locator('#inputEmail').click();
      await page.keyboard.type('jane@example.com');
      await page.getByRole('button', { name: 'Submit' }).click();
      return 4;
    },
    state: (page) => page.evaluate(() => ({ name: (document.querySelector('#inputName') as HTMLInputElement)?.value, email: (document.querySelector('#inputEmail') as HTMLInputElement)?.value })),
  },
  throughNavbar('/commands/traversal', 'Querying', /\/commands\/querying/),
  {
    page: '/todo',
    act: async (page) => {
      await page.locator('.new-todo').click();
      await page.keyboard.type('Buy milk');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Buy bread');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Buy eggs');
      await page.keyboard.press('Enter');
      // Edited in place, in the second row: double-click its label, select what the edit box holds, type over it.
      await page.locator('li', { hasText: 'Buy bread' }).locator('label').dblclick();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Buy rye bread');
      await page.keyboard.press('Enter');
      // Its × shows only while the pointer is over the row: the person hovers, then clicks.
      await page.locator('.todo-list li', { hasText: 'Buy eggs' }).hover();
      await page.locator('.todo-list li', { hasText: 'Buy eggs' }).locator('.destroy').click();
      await page.locator('li', { hasText: 'Buy milk' }).locator('.toggle').click();
      await page.getByRole('button', { name: 'Clear completed' }).click();
      await page.getByRole('link', { name: 'Active' }).click();
      return 13;
    },
    state: (page) => page.evaluate(() => ({ todos: [...document.querySelectorAll('.todo-list li')].map((item) => item.textContent?.trim()), hash: location.hash })),
  },
  throughNavbar('/', 'Actions', /\/commands\/actions/),
];

/**
 * Issue 12's realism check on pages nobody here wrote: record what a person does on five kitchensink pages, then replay
 * it with no model on the same app served from another origin, and compare what the page shows.
 */
describe('recording realism: cypress-example-kitchensink', function () {
  this.timeout(180_000);
  let recordSite: { origin: string; close(): Promise<void> };
  let replaySite: { origin: string; close(): Promise<void> };
  let session: EngineSession;
  before(async () => {
    recordSite = await serveKitchensink('127.0.0.1');
    replaySite = await serveKitchensink('localhost');
    session = await createSession({ env: {} });
  });
  after(async () => {
    await session?.end();
    await Promise.all([recordSite?.close(), replaySite?.close()]);
  });

  it('replays at least 95% of the recorded gestures on another origin, never on a wrong element', async () => {
    let performed = 0;
    let recordedSteps = 0;
    let replayedSteps = 0;
    const report: string[] = [];
    for (const scenario of SCENARIOS) {
      await session.navigate(`${recordSite.origin}${scenario.page}`);
      const recorder = await Recorder.start(session);
      performed += await scenario.act(session.page());
      const steps = (await recorder.stop()).map(({ step }) => step);
      assert.deepEqual(recorder.problems, [], scenario.page);
      const expected = await scenario.state(session.page());
      recordedSteps += steps.length;
      const flow: Flow = { version: FLOW_VERSION, name: scenario.page, startUrl: `${replaySite.origin}${scenario.page}`, steps };
      const result = await replayFlow(session, flow, { stepTimeoutMs: 5000, heal: false, variables: scenario.variables ?? {} });
      const passed = result.steps.filter((step) => step.index >= 0 && step.status === 'passed').length;
      replayedSteps += passed;
      report.push(`${scenario.page}: ${passed}/${steps.length} steps replayed${result.status === 'failed' ? ` (${result.steps.find((step) => step.status === 'failed')?.error?.message})` : ''}`);
      if (result.status === 'passed') assert.deepEqual(await scenario.state(session.page()), expected, `${scenario.page}: the page shows what it showed after the person`);
    }
    console.log(`      kitchensink: ${performed} gestures, ${recordedSteps} steps recorded, ${replayedSteps} replayed\n${report.map((line) => `        ${line}`).join('\n')}`);
    assert.ok(replayedSteps / recordedSteps >= 0.95, report.join('\n'));
  });
});
