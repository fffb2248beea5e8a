import path from 'node:path';
import type { Page } from 'playwright-core';
import { KITCHENSINK_APP } from './kitchensink-site';

/**
 * The app-drift suite's material (DESIGN.md §9): real released versions of cypress-example-kitchensink from npm (dev
 * dependencies under aliases), the oldest one the flows are recorded on, and what a person does on each page, with
 * the app's own effects read by the classes its own tests use (stable across its releases).
 */
export const RECORDED_ON = { version: '1.0.0', app: appOf('kitchensink-1.0.0') };
/** All five in `npm run eval:replay` (REHEARSE_DRIFT=all); the first and last in `npm test`, which must stay short. */
const ALL_LATER_RELEASES = [
  { version: '1.9.1', app: appOf('kitchensink-1.9.1') },
  { version: '2.0.8', app: appOf('kitchensink-2.0.8') },
  { version: '4.0.0', app: appOf('kitchensink-4.0.0') },
  { version: '5.2.6', app: KITCHENSINK_APP },
  { version: '7.0.0', app: appOf('kitchensink-7.0.0') },
];
export const LATER_RELEASES = process.env.REHEARSE_DRIFT === 'all' ? ALL_LATER_RELEASES : [ALL_LATER_RELEASES[0]!, ALL_LATER_RELEASES.at(-1)!];

function appOf(alias: string): string {
  return path.dirname(require.resolve(`${alias}/app/index.html`));
}

export interface DriftFlow {
  readonly name: string;
  readonly page: string;
  /** What the person does, by the controls' own classes and names: throws where a control is gone. */
  readonly person: (page: Page) => Promise<void>;
  /** The app's own effects afterwards. */
  readonly effects: (page: Page) => Promise<unknown>;
}

const value = (page: Page, css: string) => page.locator(css).inputValue({ timeout: 1000 });
const checked = (page: Page, css: string) => page.locator(css).isChecked({ timeout: 1000 });

export const DRIFT_FLOWS: readonly DriftFlow[] = [
  {
    name: 'type, clear and submit',
    page: '/commands/actions',
    person: async (page) => {
      await page.locator('.action-email').click();
      await page.keyboard.type('fake@email.com', { delay: 10 });
      await page.locator('.action-clear').click();
      await page.keyboard.type('gone soon', { delay: 10 });
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.locator('#couponCode1').click();
      await page.keyboard.type('HALFOFF', { delay: 10 });
      await page.locator('.action-form').getByRole('button', { name: 'Submit' }).click();
    },
    effects: async (page) => ({
      email: await value(page, '.action-email'),
      cleared: await value(page, '.action-clear'),
      coupon: await value(page, '#couponCode1'),
      submitted: await page.locator('.action-form').locator('xpath=..').innerText({ timeout: 1000 }).then((text) => text.includes('Your form has been submitted')),
    }),
  },
  {
    name: 'check, uncheck and select (same-named checkboxes in three examples)',
    page: '/commands/actions',
    person: async (page) => {
      await page.locator('.action-checkboxes input[value=checkbox1]').click();
      await page.locator('.action-multiple-checkboxes input[value=checkbox3]').click();
      await page.locator('.action-check input[value=checkbox3]').click();
      await page.locator('#optionsRadios2').click();
      // A select chosen by keys, as the person did.
      await page.locator('.action-select').focus();
      await page.keyboard.type('bananas', { delay: 10 });
    },
    effects: async (page) => ({
      checkboxes: [await checked(page, '.action-checkboxes input[value=checkbox1]'), await checked(page, '.action-checkboxes input[value=checkbox3]')],
      multiple: [await checked(page, '.action-multiple-checkboxes input[value=checkbox1]'), await checked(page, '.action-multiple-checkboxes input[value=checkbox3]')],
      check: [await checked(page, '.action-check input[value=checkbox1]'), await checked(page, '.action-check input[value=checkbox3]')],
      radio: await checked(page, '#optionsRadios2'),
      select: await value(page, '.action-select'),
    }),
  },
  {
    name: 'popover and double click',
    page: '/commands/actions',
    person: async (page) => {
      await page.locator('.action-btn').click();
      await page.locator('.action-div').dblclick();
    },
    effects: async (page) => ({
      popover: await page.locator('.popover').count(),
      editing: await page.locator('.action-input-hidden').isVisible(),
    }),
  },
  {
    name: 'breadcrumb, tab, page and pill links (three links "Home")',
    page: '/commands/traversal',
    person: async (page) => {
      await page.locator('.traversal-breadcrumb').getByRole('link', { name: 'Library' }).click();
      await page.locator('.traversal-nav').getByRole('link', { name: 'Home' }).click();
      await page.locator('.traversal-pagination').getByRole('link', { name: '3', exact: true }).click();
      await page.locator('.traversal-pills').getByRole('link', { name: 'Messages' }).click();
    },
    // Links to "#": the page's own events are their only effect (which links were clicked).
    effects: async () => null,
  },
  {
    name: 'buttons of every kind, all in one example',
    page: '/commands/traversal',
    person: async (page) => {
      await page.locator('.traversal-buttons').getByRole('button', { name: 'Button' }).click();
      await page.locator('.traversal-buttons').getByRole('button', { name: 'Input' }).click();
    },
    effects: async () => null,
  },
  {
    // 7.0.0 dropped the table from this page: there the flow must fail, honestly, and act on nothing else.
    name: 'table rows clicked, then a field (the table is gone in 7.0.0)',
    page: '/commands/misc',
    person: async (page) => {
      await page.locator('.misc-table').getByText('User: Cheryl').click();
      await page.locator('.misc-table').getByText('User: Charles').click();
      await page.locator('#name').click();
      await page.keyboard.type('Jane Lane', { delay: 10 });
    },
    effects: async (page) => ({
      picked: await page.locator('.misc-table tr.info').allInnerTexts(),
      name: await value(page, '#name'),
    }),
  },
];

/**
 * Installed in every page of the run: each click, double click and change, by the control it was on (the nearest link,
 * button, field, label or option), named by its place in that page. A replay's events must all be ones the person's own
 * gestures made on the same release: any other is a wrong element.
 */
export function logControlEvents(): void {
  const log: string[] = [];
  (window as unknown as { controlEvents: string[] }).controlEvents = log;
  const placeOf = (element: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      parts.unshift(`${node.localName}:${node.parentElement ? [...node.parentElement.children].indexOf(node) : 0}`);
    }
    return parts.join('>');
  };
  for (const type of ['click', 'dblclick', 'change']) {
    document.addEventListener(type, (event) => {
      const target = event.target instanceof Element ? event.target.closest('a, button, input, select, textarea, label, option') ?? event.target : null;
      if (target) log.push(`${type} ${placeOf(target)}`);
    }, true);
  }
}
