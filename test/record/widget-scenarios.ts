import type { Locator, Page } from 'playwright-core';

/**
 * The gauntlet: widgets real apps are made of, each from a library nobody here wrote, on a page built as the library's
 * docs show it (test/fixtures/widgets). A person's real mouse and keyboard (Playwright's input, which the page cannot
 * tell from a person's) does a scenario; the widget's state is read through the library's own API (`widgetState()` on
 * each page) after the person and again after the replay.
 */
export interface WidgetScenario {
  readonly category: string;
  readonly library: string;
  readonly page: string;
  /** What the person does; returns how many gestures that was. */
  readonly person: (page: Page) => Promise<number>;
  /** Waits until the widget is up (its scripts loaded, its elements drawn). */
  readonly ready: (page: Page) => Promise<void>;
  /** What the person gives replay for the secrets the recording kept out of the flow (a one-time code). */
  readonly variables?: Readonly<Record<string, string>>;
}

const settle = (page: Page, ms = 300) => page.waitForTimeout(ms);

/** A drag as a hand makes it, from one point to another in small steps. */
async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 15, restMs = 300): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / steps, from.y + ((to.y - from.y) * step) / steps);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
  await settle(page, restMs);
}

/** Pressed `x` pixels into the element, moved straight down or up to `toY`. */
async function dragByHand(page: Page, element: Locator, x: number, toY: number): Promise<void> {
  const from = (await element.boundingBox())!;
  const startY = from.y + from.height / 2;
  await dragTo(page, { x: from.x + x, y: startY }, { x: from.x + x, y: toY });
}

/** Where the second letter of a word in an element's first text stands (in the element's own frame): a person aims there. */
function letterOf(element: Locator, word: string): Promise<{ x: number; y: number }> {
  return element.evaluate((node, wanted) => {
    const range = document.createRange();
    const text = node.firstChild!;
    const start = text.textContent!.indexOf(wanted);
    range.setStart(text, start + 1);
    range.setEnd(text, start + 2);
    const rect = range.getBoundingClientRect();
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  }, word);
}

/** jsoneditor's tree, drawn. */
const jsonEditorReady = (page: Page) => page.locator('div.jsoneditor-tree').waitFor();

/** The person opens the "server" object of the config in jsoneditor's tree. */
async function openServerObject(page: Page): Promise<void> {
  await page.locator('tr', { hasText: 'server' }).locator('button.jsoneditor-expanded, button.jsoneditor-collapsed').first().click();
  await settle(page);
}

/** In Jodit, two lines typed, the second selected by Shift+Home and made bold from the toolbar. */
export async function boldSecondJoditLine(page: Page): Promise<void> {
  await page.locator('.jodit-wysiwyg').click();
  await page.keyboard.type('Spring sale', { delay: 20 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('Everything half off', { delay: 20 });
  await page.keyboard.press('Shift+Home');
  await page.locator('[aria-label="Bold"]').first().click();
  await settle(page);
}

export const WIDGET_SCENARIOS: readonly WidgetScenario[] = [
  {
    category: 'design-system web components (shadow DOM)',
    library: '@shoelace-style/shoelace 2.20',
    page: 'shoelace.html',
    ready: async (page) => {
      await page.waitForFunction(() => ['sl-checkbox', 'sl-switch', 'sl-select', 'sl-tab', 'sl-dialog', 'sl-button'].every((name) => customElements.get(name)));
      await settle(page, 500);
    },
    person: async (page) => {
      await page.getByText('Accept the terms').click();
      await page.getByText('Email alerts').click();
      await page.locator('#plan').click();
      await settle(page);
      await page.getByRole('option', { name: 'Team' }).click();
      await settle(page);
      await page.getByRole('tab', { name: 'Billing' }).click();
      await page.locator('#review').click();
      await settle(page, 500);
      await page.locator('#save').click();
      await settle(page, 500);
      return 7;
    },
  },
  {
    category: 'rich text in an iframe',
    library: 'tinymce 6.8',
    page: 'tinymce.html',
    ready: async (page) => {
      await page.waitForFunction(() => (window as unknown as { tinymce?: { activeEditor?: { initialized?: boolean } } }).tinymce?.activeEditor?.initialized === true);
      await settle(page);
    },
    person: async (page) => {
      const body = page.frameLocator('iframe').locator('body');
      const paragraph = body.locator('p').first();
      const box = (await paragraph.boundingBox())!;
      await page.mouse.click(box.x + box.width - 5, box.y + box.height / 2);
      await page.keyboard.press('End');
      await page.keyboard.type(' for Monday');
      const word = await letterOf(body.locator('p').first(), 'Monday');
      const frame = (await page.locator('iframe').boundingBox())!;
      await page.mouse.dblclick(frame.x + word.x, frame.y + word.y);
      await page.getByRole('button', { name: 'Bold' }).click();
      await settle(page);
      return 4;
    },
  },
  {
    category: 'contenteditable editor',
    library: 'quill 2.0',
    page: 'quill.html',
    ready: async (page) => {
      await page.locator('.ql-editor').waitFor();
    },
    person: async (page) => {
      const editor = page.locator('.ql-editor');
      const box = (await editor.locator('p').first().boundingBox())!;
      await page.mouse.click(box.x + 40, box.y + box.height / 2);
      await page.keyboard.press('End');
      await page.keyboard.type(' brave new world');
      const word = await letterOf(editor.locator('p').first(), 'brave');
      await page.mouse.dblclick(word.x, word.y);
      await page.locator('button.ql-bold').click();
      await settle(page);
      return 4;
    },
  },
  {
    category: 'date picker',
    library: 'flatpickr 4.6',
    page: 'flatpickr.html',
    ready: async (page) => {
      await page.locator('#when').waitFor();
    },
    person: async (page) => {
      await page.locator('#when').click();
      await settle(page);
      await page.locator('.flatpickr-next-month').click();
      await settle(page);
      await page.locator('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)', { hasText: /^15$/ }).click();
      await settle(page);
      await page.getByRole('heading', { name: 'Booking' }).click();
      return 4;
    },
  },
  {
    category: 'mouse-drag sortable list',
    library: 'sortablejs 1.15 (forceFallback)',
    page: 'sortable.html',
    ready: async (page) => {
      await page.locator('#list li').first().waitFor();
    },
    person: async (page) => {
      const to = (await page.getByText('Write the report').boundingBox())!;
      await dragByHand(page, page.getByText('Plan the trip'), 40, to.y + 4);
      return 1;
    },
  },
  {
    category: 'combobox with typed filter',
    library: 'tom-select 2.6',
    page: 'tom-select.html',
    ready: async (page) => {
      await page.locator('.ts-control').waitFor();
    },
    person: async (page) => {
      await page.locator('.ts-control').click();
      await page.keyboard.type('ap');
      await settle(page);
      await page.locator('.ts-dropdown').getByRole('option', { name: 'Apricot' }).click();
      // The filter keeps what was typed: the person selects it and types over it.
      await page.keyboard.press('Control+A');
      await page.keyboard.type('bl');
      await settle(page);
      await page.locator('.ts-dropdown').getByRole('option', { name: 'Blueberry' }).click();
      await settle(page);
      await page.locator('.ts-control .item', { hasText: 'Apricot' }).locator('.remove').click();
      await settle(page);
      return 7;
    },
  },
  {
    category: 'tree / JSON editor',
    library: 'jsoneditor 10.4',
    page: 'jsoneditor.html',
    ready: jsonEditorReady,
    person: async (page) => {
      await openServerObject(page);
      const port = page.locator('div.jsoneditor-value', { hasText: '8080' });
      await port.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('9090');
      await page.getByRole('heading', { name: 'Config' }).click();
      await settle(page);
      return 4;
    },
  },
  {
    category: 'tree / JSON editor, a field added',
    library: 'jsoneditor 10.4',
    page: 'jsoneditor.html',
    ready: jsonEditorReady,
    person: async (page) => {
      // As its docs say: Ctrl+Shift+Ins appends a field after the one in focus; the new field's name and value are
      // typed into empty cells, Tab moving from one to the next.
      await openServerObject(page);
      await page.locator('div.jsoneditor-field', { hasText: 'host' }).click();
      await page.keyboard.press('Control+Shift+Insert');
      await settle(page);
      await page.keyboard.type('timeout', { delay: 40 });
      await page.keyboard.press('Tab');
      await settle(page, 150);
      await page.keyboard.type('30', { delay: 40 });
      await page.keyboard.press('Tab');
      await page.getByRole('heading', { name: 'Config' }).click();
      await settle(page);
      return 8;
    },
  },
  {
    category: 'data grid with in-place cell editing',
    library: 'tabulator-tables 6.5',
    page: 'tabulator.html',
    ready: async (page) => {
      await page.locator('.tabulator-cell').first().waitFor();
    },
    person: async (page) => {
      await page.locator('.tabulator-cell', { hasText: 'New York' }).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Arlington');
      await page.keyboard.press('Enter');
      await settle(page);
      return 4;
    },
  },
  {
    category: 'date picker',
    library: 'pikaday 1.8',
    page: 'pikaday.html',
    ready: async (page) => {
      await page.locator('#day').waitFor();
    },
    person: async (page) => {
      await page.locator('#day').click();
      await settle(page);
      await page.getByRole('button', { name: 'Next Month' }).click();
      await settle(page);
      await page.locator('.pika-lendar td:not(.is-outside-current-month) button', { hasText: /^21$/ }).click();
      await settle(page);
      await page.getByRole('heading', { name: 'Delivery' }).click();
      return 4;
    },
  },
  {
    category: 'mouse-drag sortable list',
    library: 'dragula 3.7',
    page: 'dragula.html',
    ready: async (page) => {
      await page.locator('#queue div').first().waitFor();
    },
    person: async (page) => {
      const to = (await page.getByText('Draft the agenda').boundingBox())!;
      await dragByHand(page, page.getByText('Book the venue'), 30, to.y + to.height - 4);
      return 1;
    },
  },
  {
    category: 'combobox with typed filter',
    library: 'choices.js 11.2',
    page: 'choices.html',
    ready: async (page) => {
      await page.locator('.choices').waitFor();
    },
    person: async (page) => {
      await page.locator('.choices').click();
      await page.keyboard.type('gra');
      await settle(page);
      await page.locator('.choices__list--dropdown').getByText('Grace Hopper').click();
      await page.keyboard.type('al');
      await settle(page);
      await page.locator('.choices__list--dropdown').getByText('Alan Turing').click();
      await settle(page);
      await page.locator('.choices__list--multiple .choices__item', { hasText: 'Grace Hopper' }).getByRole('button').click();
      await settle(page);
      return 6;
    },
  },
  {
    category: 'modal dialog flow',
    library: 'micromodal 0.7',
    page: 'micromodal.html',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await settle(page);
      await page.getByLabel('Display name').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Grace');
      await page.getByRole('button', { name: 'Save' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Close' }).click();
      await settle(page);
      return 6;
    },
  },
  {
    category: 'date picker, autocomplete and slider',
    library: 'jquery-ui-dist 1.13',
    page: 'jquery-ui.html',
    ready: async (page) => {
      await page.waitForFunction(() => document.querySelector('#guests .ui-slider-handle') !== null);
    },
    person: async (page) => {
      // The calendar's "next" arrow is an <a> with no href, which moves the focus nowhere: still a click of its own.
      await page.getByLabel('Arrival').click();
      await page.getByTitle('Next').click();
      await page.locator('.ui-datepicker-calendar a', { hasText: /^15$/ }).click();
      await settle(page);
      await page.getByLabel('City').click();
      await page.keyboard.type('Ber', { delay: 60 });
      await page.locator('.ui-menu-item', { hasText: 'Bern' }).click();
      await settle(page);
      const handle = (await page.locator('#guests .ui-slider-handle').boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 12; step++) await page.mouse.move(handle.x + handle.width / 2 + step * 10, handle.y + handle.height / 2);
      await page.mouse.up();
      await settle(page);
      return 6;
    },
  },
  {
    category: 'data grid edited by typing on a cell',
    library: 'ag-grid-community 36',
    page: 'ag-grid.html',
    ready: async (page) => {
      await page.locator('.ag-cell', { hasText: /^Food$/ }).waitFor();
    },
    person: async (page) => {
      // A key typed on a selected cell opens its editor with that key: the typing is replayed on the cell, not as a
      // fill of an editor that is not open yet.
      await page.locator('.ag-cell', { hasText: /^Food$/ }).click();
      await page.keyboard.type('Groceries', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.locator('.ag-cell', { hasText: /^900$/ }).dblclick();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('950', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      return 6;
    },
  },
  {
    category: 'spreadsheet typed through its own hidden textarea: cells typed over and edited, dropdown cells by click and by typed filter, a checkbox cell, a row inserted from the context menu, a cell cleared by Delete',
    library: 'handsontable 18',
    page: 'handsontable.html',
    ready: async (page) => {
      await page.getByRole('gridcell', { name: 'Chair' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('gridcell', { name: 'Chair' }).click();
      await page.keyboard.type('Sofa', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('gridcell', { name: '3', exact: true }).dblclick();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('7', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('gridcell', { name: 'Hall' }).locator('.htAutocompleteArrow').click();
      await settle(page, 500);
      await page.getByRole('option', { name: 'Attic' }).click();
      await settle(page);
      await page.getByRole('gridcell', { name: 'Office' }).click();
      await page.keyboard.type('Cel', { delay: 40 });
      await settle(page);
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('row', { name: /Desk/ }).getByRole('checkbox').click();
      await page.getByRole('gridcell', { name: 'Lamp' }).click({ button: 'right' });
      await settle(page, 500);
      await page.locator('.htContextMenu td', { hasText: 'Insert row below' }).click();
      await settle(page);
      await page.getByRole('gridcell', { name: '40', exact: true }).click();
      await page.keyboard.press('Delete');
      await settle(page);
      return 17;
    },
  },
  {
    category: 'code editor with a hidden input textarea',
    library: 'ace-builds 1.45',
    page: 'ace.html',
    ready: async (page) => {
      await page.locator('.ace_line').first().waitFor();
    },
    person: async (page) => {
      // A click puts the caret on the second line; keys move it and type, as in any code editor.
      const line = (await page.locator('.ace_line', { hasText: 'return 1;' }).boundingBox())!;
      await page.mouse.click(line.x + 60, line.y + line.height / 2);
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type(' + 41', { delay: 40 });
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('// done', { delay: 40 });
      await settle(page);
      return 7;
    },
  },
  {
    category: 'code editor typed through EditContext',
    library: 'monaco-editor 0.57',
    page: 'monaco.html',
    ready: async (page) => {
      await page.waitForFunction(() => 'widgetState' in window);
      await page.locator('.view-line').first().waitFor();
      await settle(page);
    },
    person: (page) => typeTwoLinesAtTheEnd(page, page.locator('.view-line', { hasText: /^}$/ })),
  },
  {
    category: 'code editor on contenteditable with its own document model',
    library: 'codemirror 6',
    page: 'codemirror.html',
    ready: async (page) => {
      await page.waitForFunction(() => 'widgetState' in window);
      await page.locator('.cm-line').first().waitFor();
    },
    person: (page) => typeTwoLinesAtTheEnd(page, page.locator('.cm-line', { hasText: /^}$/ })),
  },
  {
    category: 'tree with rename in place',
    library: 'jstree 3.3',
    page: 'jstree.html',
    ready: async (page) => {
      await page.getByRole('treeitem', { name: 'Budget' }).waitFor();
    },
    person: async (page) => {
      // F2 renames the selected node, as in a file manager; the editor it opens takes the new name.
      await page.getByText('Budget').click();
      await page.keyboard.press('F2');
      await settle(page);
      await page.keyboard.type('Budget 2027', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      return 4;
    },
  },
  {
    category: 'tree with rename in place',
    library: 'wunderbaum 0.14',
    page: 'wunderbaum.html',
    ready: async (page) => {
      await page.getByText('Blog').waitFor();
    },
    person: async (page) => {
      // The node made active by a click, F2 opens its title for editing (all of it selected), the new title, Enter.
      await page.getByText('Blog').click();
      await page.keyboard.press('F2');
      await settle(page);
      await page.keyboard.type('News', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      return 4;
    },
  },
  {
    category: 'dashboard layout moved by pointer drag',
    library: 'gridstack 14',
    page: 'gridstack.html',
    ready: async (page) => {
      await page.locator('.grid-stack-item', { hasText: 'Errors' }).waitFor();
      await settle(page);
    },
    person: (page) => moveErrorsUnderSales(page, '.grid-stack-item-content'),
  },
  {
    category: 'dashboard layout moved by pointer drag',
    library: 'react-grid-layout 2.3 (React 19)',
    page: 'react-grid-layout.html',
    ready: async (page) => {
      await page.locator('.card', { hasText: 'Errors' }).waitFor();
      await settle(page);
    },
    person: (page) => moveErrorsUnderSales(page, '.card'),
  },
  {
    category: 'calendar whose events move by pointer drag',
    library: 'fullcalendar 7.1',
    page: 'fullcalendar.html',
    ready: async (page) => {
      await page.getByText('Design review').waitFor();
      await settle(page);
    },
    person: async (page) => {
      // The event moves from Tuesday the 10th to Thursday the 12th, dropped in the day's empty space.
      const event = (await page.getByText('Design review').boundingBox())!;
      const day = (await page.locator('[data-date="2026-03-12"]').boundingBox())!;
      await dragTo(page, { x: event.x + 10, y: event.y + event.height / 2 }, { x: day.x + 40, y: day.y + day.height / 2 }, 20, 500);
      return 1;
    },
  },
  {
    category: 'calendar whose events move by pointer drag',
    library: '@event-calendar/build 5.10',
    page: 'event-calendar.html',
    ready: async (page) => {
      await page.locator('article.ec-event', { hasText: 'Design review' }).waitFor();
      await settle(page);
    },
    person: async (page) => {
      // The event (laid over the month's grid, not inside its day) moves from Tuesday the 10th to Thursday the 12th.
      const event = (await page.locator('article.ec-event', { hasText: 'Design review' }).boundingBox())!;
      const day = (await page.locator('.ec-day', { has: page.locator('time[datetime="2026-03-12"]') }).boundingBox())!;
      await dragTo(page, { x: event.x + 10, y: event.y + event.height / 2 }, { x: day.x + 40, y: day.y + day.height / 2 }, 20, 500);
      return 1;
    },
  },
  {
    category: 'combobox in a React app, menu in a portal',
    library: 'react-select 5.10 (React 19)',
    page: 'react-select.html',
    ready: async (page) => {
      await page.locator('#fruit').waitFor();
    },
    person: async (page) => {
      // The menu is drawn on the body and removed by each pick; the chip's × removes a pick.
      await page.locator('#fruit').click();
      await page.keyboard.type('ap', { delay: 40 });
      await page.getByRole('option', { name: 'Apricot' }).click();
      await page.keyboard.type('bl', { delay: 40 });
      await page.getByRole('option', { name: 'Blueberry' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Remove Apricot' }).click();
      await settle(page);
      return 6;
    },
  },
  {
    category: 'design-system text field, then its checkbox (custom elements)',
    library: '@fluentui/web-components 3.1',
    page: 'fluent.html',
    ready: async (page) => {
      await page.waitForFunction(() => ['fluent-text-input', 'fluent-checkbox', 'fluent-field'].every((name) => customElements.get(name)));
      await settle(page);
    },
    person: async (page) => {
      // Typed, then the box clicked at once: the click is the step that leaves the field, not the field's blur.
      await page.locator('#name').click();
      await page.keyboard.type('Grace', { delay: 30 });
      await page.locator('#news').click();
      await settle(page);
      return 3;
    },
  },
  {
    category: 'React design-system form (portals for the menus)',
    library: '@mui/material 9.5 (React 19)',
    page: 'mui-form.html',
    ready: async (page) => {
      await page.getByRole('checkbox', { name: 'I accept the terms' }).waitFor();
    },
    person: async (page) => {
      // Each control as a person uses it: typed, a filtered option picked, a menu option picked, the slider's thumb
      // dragged, the switch and the box clicked.
      await page.getByLabel('Full name').click();
      await page.keyboard.type('Ada Lovelace', { delay: 30 });
      await page.getByLabel('Country').click();
      await page.keyboard.type('au', { delay: 40 });
      await page.getByRole('option', { name: 'Austria' }).click();
      await page.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: 'Team' }).click();
      await settle(page);
      const thumb = (await page.getByRole('slider').boundingBox())!;
      await dragTo(page, { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 }, { x: thumb.x + thumb.width / 2 + 160, y: thumb.y + thumb.height / 2 });
      await page.getByText('Bill yearly').click();
      await page.getByText('I accept the terms').click();
      await settle(page);
      return 10;
    },
  },
  {
    category: 'React primitives opened on pointer press (menus and a select in portals, a slider)',
    library: '@radix-ui/react-select 2.4, react-dropdown-menu 2.2, react-slider (React 19)',
    page: 'radix.html',
    ready: async (page) => {
      await page.getByRole('slider', { name: 'Volume' }).waitFor();
    },
    person: async (page) => {
      // The select's list opens on the press, over its trigger; the menu opens on the press too.
      await page.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: 'Team' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'View options' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Show Bookmarks' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'View options' }).click();
      await page.getByRole('menuitem', { name: 'New Window' }).click();
      await settle(page);
      const thumb = (await page.getByRole('slider', { name: 'Volume' }).boundingBox())!;
      await dragTo(page, { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 }, { x: thumb.x + thumb.width / 2 + 60, y: thumb.y + thumb.height / 2 });
      return 7;
    },
  },
  {
    category: 'web-component date picker in a form',
    library: '@duetds/date-picker 1.4',
    page: 'duet.html',
    ready: async (page) => {
      await page.locator('duet-date-picker.hydrated button.duet-date__toggle').waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: /Choose date/ }).click();
      await page.getByRole('button', { name: '15 May' }).click();
      // The picker closes and gives the focus back to its button: the person waits for it to go.
      await settle(page, 800);
      await page.getByLabel('Reason').click();
      await page.keyboard.type('Check-up', { delay: 30 });
      await settle(page);
      return 4;
    },
  },
  {
    category: 'range slider of two handles, by pointer and by keys on a handle',
    library: 'nouislider 15.8',
    page: 'nouislider.html',
    ready: async (page) => {
      await page.getByRole('slider', { name: 'Highest price' }).waitFor();
    },
    person: async (page) => {
      const lowest = (await page.getByRole('slider', { name: 'Lowest price' }).boundingBox())!;
      await dragTo(page, { x: lowest.x + lowest.width / 2, y: lowest.y + lowest.height / 2 }, { x: lowest.x + lowest.width / 2 + 80, y: lowest.y + lowest.height / 2 });
      await page.getByRole('slider', { name: 'Highest price' }).click();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await settle(page);
      return 5;
    },
  },
  {
    category: 'jQuery combobox with a search box in its dropdown, and tags',
    library: 'select2 4.1',
    page: 'select2.html',
    ready: async (page) => {
      await page.locator('.select2-container').first().waitFor();
    },
    person: async (page) => {
      await page.locator('#country + .select2-container .select2-selection').click();
      await page.keyboard.type('ger', { delay: 40 });
      await page.getByRole('option', { name: 'Germany' }).click();
      await settle(page);
      await page.locator('#languages + .select2-container .select2-selection').click();
      await page.keyboard.type('fr', { delay: 40 });
      await page.getByRole('option', { name: 'French' }).click();
      await settle(page);
      await page.keyboard.type('Klingon', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      return 7;
    },
  },
  {
    category: 'rich text editor with its own document model (a framework\'s, no framework around it)',
    library: 'lexical 0.52 (rich text, history)',
    page: 'lexical.html',
    ready: async (page) => {
      await page.locator('#editor p').first().waitFor();
    },
    person: (page) => typeTwoLinesAtTheEnd(page, page.locator('#editor p').last()),
  },
  {
    category: 'React headless combobox and listbox, options anchored in a portal, and a switch',
    library: '@headlessui/react 2.2 (React 19)',
    page: 'headlessui.html',
    ready: async (page) => {
      await page.getByRole('combobox', { name: 'Assignee' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('combobox', { name: 'Assignee' }).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('ken', { delay: 40 });
      await page.getByRole('option', { name: 'Kenton Towne' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Plan' }).click();
      await page.getByRole('option', { name: 'Enterprise' }).click();
      await settle(page);
      await page.getByRole('switch').click();
      await settle(page);
      return 7;
    },
  },
  {
    category: 'date picker on a read-only field, closing on the pick',
    library: 'air-datepicker 3.6',
    page: 'air-datepicker.html',
    ready: async (page) => {
      await page.locator('#when').waitFor();
    },
    person: async (page) => {
      await page.locator('#when').click();
      await page.locator('.air-datepicker-cell.-day-[data-date="15"][data-month="4"]').click();
      await settle(page, 600);
      await page.getByLabel('Note').click();
      await page.keyboard.type('Leave at the door', { delay: 30 });
      await settle(page);
      return 4;
    },
  },
  {
    category: 'rich text as a custom element with its own document (Basecamp\'s)',
    library: 'trix 2.1',
    page: 'trix.html',
    ready: async (page) => {
      await page.locator('trix-editor div').first().waitFor();
    },
    person: (page) => typeTwoLinesAtTheEnd(page, page.locator('trix-editor div').first()),
  },
  {
    category: 'sortable list moved by pointer and by keys (Space lifts, arrows move, Space drops)',
    library: '@dnd-kit/sortable 10 (React 19)',
    page: 'dnd-kit.html',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Ship it' }).waitFor();
    },
    person: async (page) => {
      // "Ship it" dragged by hand above "Build the parser"; then "Write the spec" lifted with Space, moved down two
      // places with the arrow key, dropped with Space.
      const ship = (await page.getByRole('button', { name: 'Ship it' }).boundingBox())!;
      const build = (await page.getByRole('button', { name: 'Build the parser' }).boundingBox())!;
      await dragTo(page, { x: ship.x + 40, y: ship.y + ship.height / 2 }, { x: build.x + 40, y: build.y + 4 }, 20, 500);
      await page.getByRole('button', { name: 'Write the spec' }).click();
      for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
        await page.keyboard.press(key);
        await settle(page, 250);
      }
      await settle(page, 400);
      return 5;
    },
  },
  {
    category: 'date typed into segments that are spin buttons, not fields; combobox, select, switch and tags (React Aria)',
    library: 'react-aria-components 1.22 (React 19)',
    page: 'react-aria.html',
    ready: async (page) => {
      await page.getByRole('switch', { name: 'Breakfast' }).waitFor({ state: 'attached' });
    },
    person: async (page) => {
      // The calendar's 15th picked, then the month stepped up with the arrow on its segment, then the day typed over.
      await page.getByRole('button', { name: /Calendar/ }).click();
      await page.getByRole('button', { name: /15/ }).first().click();
      await settle(page);
      await page.getByRole('spinbutton', { name: /month/ }).click();
      await page.keyboard.press('ArrowUp');
      await page.getByRole('spinbutton', { name: /day/ }).click();
      await page.keyboard.type('20', { delay: 60 });
      await settle(page);
      await page.getByRole('combobox', { name: 'Guest' }).click();
      await page.keyboard.type('gr', { delay: 40 });
      await page.getByRole('option', { name: 'Grace Hopper' }).click();
      await settle(page);
      await page.getByRole('button', { name: /Room/ }).click();
      await page.getByRole('option', { name: 'Suite' }).click();
      await settle(page);
      await page.getByText('Breakfast').click();
      await page.getByRole('button', { name: 'Remove Pet' }).click();
      await settle(page);
      return 13;
    },
  },
  {
    category: 'React design system with its own inputs (search select, multi select, number steppers, segmented control, rating, chip)',
    library: '@mantine/core 9.7 (React 19)',
    page: 'mantine.html',
    ready: async (page) => {
      await page.getByText('Gift wrap').waitFor();
    },
    person: async (page) => {
      await page.getByRole('combobox', { name: 'City' }).click();
      await page.keyboard.type('le', { delay: 40 });
      await page.getByRole('option', { name: 'Leipzig' }).click();
      await settle(page);
      await page.locator('.mantine-MultiSelect-input').click();
      await page.getByRole('option', { name: 'Olives' }).click();
      await page.getByRole('option', { name: 'Basil' }).click();
      await page.getByRole('heading', { name: 'Order' }).click();
      await settle(page);
      // The number input's up chevron, twice.
      const pizzas = (await page.getByLabel('Pizzas').boundingBox())!;
      for (let press = 0; press < 2; press++) {
        await page.mouse.click(pizzas.x + pizzas.width - 10, pizzas.y + pizzas.height / 4);
        await page.waitForTimeout(80);
      }
      await page.getByText('Large').click();
      await page.locator('.mantine-Rating-symbolBody').nth(3).click();
      await page.getByText('Gift wrap').click();
      await settle(page);
      return 11;
    },
  },
  {
    category: 'block editor whose blocks are added by Enter and by its toolbox (Editor.js)',
    library: '@editorjs/editorjs 2.31 with header and list tools',
    page: 'editorjs.html',
    ready: async (page) => {
      await page.getByText('Groceries for the week').waitFor();
      await settle(page, 500);
    },
    person: async (page) => {
      // Clicks past the end of the first block's text, Enter, types a line; then the toolbox's "+", Heading, a title.
      const first = (await page.getByText('Groceries for the week').boundingBox())!;
      await page.mouse.click(first.x + first.width + 40, first.y + first.height / 2);
      await page.keyboard.press('Enter');
      await page.keyboard.type('Milk and eggs', { delay: 30 });
      await settle(page);
      await page.keyboard.press('Enter');
      await settle(page);
      await page.locator('.ce-toolbar__plus').click();
      await settle(page);
      await page.locator('.ce-popover-item', { hasText: 'Heading' }).click();
      await settle(page);
      await page.keyboard.type('Weekend', { delay: 30 });
      await settle(page);
      return 8;
    },
  },
  {
    category: 'range date picker of a fixed month (start and end days, the month changed by its arrow)',
    library: 'react-day-picker 10 (React 19)',
    page: 'day-picker.html',
    ready: async (page) => {
      await page.getByRole('grid').waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: /March 10th, 2026/ }).click();
      await page.getByRole('button', { name: /Go to the Next Month/ }).click();
      await settle(page);
      await page.getByRole('button', { name: /April 3rd, 2026/ }).click();
      await settle(page);
      return 3;
    },
  },
  {
    category: 'carousel swiped by pointer drag, its arrows, bullets and keys (Swiper)',
    library: 'swiper 14.4',
    page: 'swiper.html',
    ready: async (page) => {
      await page.locator('.swiper-slide-active').waitFor();
      await settle(page, 400);
    },
    person: async (page) => {
      // Swiped left by hand to the second slide, the next arrow to the third, the first bullet back, then the right arrow key.
      const box = (await page.locator('.swiper').boundingBox())!;
      await dragTo(page, { x: box.x + box.width - 60, y: box.y + box.height / 2 }, { x: box.x + 60, y: box.y + box.height / 2 }, 12, 600);
      await page.locator('.swiper-button-next').click();
      await settle(page, 500);
      await page.locator('.swiper-pagination-bullet').nth(0).click();
      await settle(page, 500);
      await page.keyboard.press('ArrowRight');
      await settle(page, 500);
      return 4;
    },
  },
  {
    category: 'React design-system form, every popup in a portal (search select, tags, date, cascader, rating, segmented)',
    library: 'antd 6.6 (React 19)',
    page: 'antd.html',
    ready: async (page) => {
      await page.getByText('Packed').waitFor();
    },
    person: async (page) => {
      await page.getByLabel('Traveller').click();
      await page.keyboard.type('Grace Hopper', { delay: 30 });
      await page.getByLabel('City').click();
      await page.keyboard.type('an', { delay: 40 });
      await page.getByTitle('Antwerp').click();
      await settle(page);
      await page.getByLabel('Topics').click();
      await page.getByTitle('Engineering').click();
      await page.getByTitle('Sales').click();
      await page.getByText('Rating').click();
      await settle(page);
      await page.getByLabel('Date').click();
      await page.locator('.ant-picker-dropdown td[title$="-15"]').first().click();
      await settle(page);
      await page.getByLabel('Place').click();
      await page.getByRole('menuitemcheckbox', { name: 'Europe' }).or(page.locator('.ant-cascader-menu-item', { hasText: 'Europe' })).first().click();
      await page.locator('.ant-cascader-menu-item', { hasText: 'Netherlands' }).click();
      await page.locator('.ant-cascader-menu-item', { hasText: 'Leiden' }).click();
      await settle(page);
      await page.locator('.ant-rate-star').nth(3).click();
      await page.getByText('Busy').click();
      await settle(page);
      return 14;
    },
  },
  {
    category: 'masked inputs that reshape what is typed (a phone pattern, a number with separators, a date)',
    library: 'imask 7.6',
    page: 'imask.html',
    ready: async (page) => {
      await page.waitForFunction(() => (document.getElementById('delivery') as HTMLInputElement).value.includes('_'));
    },
    person: async (page) => {
      await page.getByLabel('Phone').click();
      await page.keyboard.type('5551234567', { delay: 30 });
      await page.getByLabel('Amount').click();
      await page.keyboard.type('12500.5', { delay: 30 });
      await page.getByLabel('Delivery date').click();
      await page.keyboard.press('Home');
      await page.keyboard.type('15042031', { delay: 30 });
      await page.getByRole('button', { name: 'Pay' }).click();
      await settle(page);
      return 5;
    },
  },
  {
    category: '@mentions picked from a menu on the body, in a textarea and in a contenteditable',
    library: 'tributejs 5.1',
    page: 'tribute.html',
    ready: async (page) => {
      await page.waitForFunction(() => document.querySelector('.tribute-container') !== null || typeof (window as unknown as { Tribute?: unknown }).Tribute === 'function');
    },
    person: async (page) => {
      await page.getByLabel('Comment').click();
      await page.keyboard.type('Thanks @ma', { delay: 40 });
      await settle(page);
      await page.locator('.tribute-container li', { hasText: 'Maya Lopez' }).click();
      await page.keyboard.type('for the review', { delay: 30 });
      await page.getByLabel('Note').click();
      await page.keyboard.type('Ask @gr', { delay: 40 });
      await settle(page);
      await page.keyboard.press('Enter');
      await page.keyboard.type('about it', { delay: 30 });
      await page.getByRole('heading', { name: 'Comment' }).click();
      await settle(page);
      return 7;
    },
  },
  {
    category: 'virtualized list: rows far down drawn only once scrolled to (wheel and scrollbar)',
    library: 'react-window 2.2',
    page: 'react-window.html',
    ready: async (page) => {
      await page.getByRole('listitem').first().waitFor();
    },
    person: async (page) => {
      const list = page.getByRole('list');
      const box = (await list.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let turn = 0; turn < 6; turn++) {
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(60);
      }
      await settle(page);
      await page.getByRole('listitem').filter({ hasText: /^Person 80Star$/ }).getByRole('button', { name: 'Star' }).click();
      for (let turn = 0; turn < 3; turn++) {
        await page.mouse.wheel(0, -300);
        await page.waitForTimeout(60);
      }
      await settle(page);
      await page.getByRole('listitem').filter({ hasText: /^Person 60Star$/ }).getByRole('button', { name: 'Star' }).click();
      await settle(page);
      return 4;
    },
  },
  {
    category: 'terminal emulator whose keys arrive through a hidden textarea (line editing, history)',
    library: '@xterm/xterm 6.0',
    page: 'xterm.html',
    ready: async (page) => {
      await page.locator('.xterm-rows').waitFor();
      await settle(page);
    },
    person: async (page) => {
      await page.locator('.xterm-screen').click();
      await page.keyboard.type('echo hellp', { delay: 30 });
      await page.keyboard.press('Backspace');
      await page.keyboard.type('o', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('ls -la', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await page.keyboard.type('pwd', { delay: 30 });
      await settle(page);
      return 10;
    },
  },
  {
    category: 'kanban board: a card dragged by hand to another column, another carried there by keys',
    library: '@hello-pangea/dnd 18.0 (React 19)',
    page: 'pangea-dnd.html',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Set up the repo' }).waitFor();
    },
    person: async (page) => {
      // "Build the parser" dragged by hand under "Set up the repo" in Done; then, by keys as the library's docs teach
      // (a press does not focus a card), Tab to "Design the logo", Space lifts it, the left arrow carries it to To do,
      // Space drops it.
      const build = (await page.getByRole('button', { name: 'Build the parser' }).boundingBox())!;
      const setUp = (await page.getByRole('button', { name: 'Set up the repo' }).boundingBox())!;
      await dragTo(page, { x: build.x + 40, y: build.y + build.height / 2 }, { x: setUp.x + 40, y: setUp.y + setUp.height + 20 }, 20, 800);
      const logo = page.getByRole('button', { name: 'Design the logo' });
      let tabs = 0;
      while (!(await logo.evaluate((card) => card === document.activeElement)) && tabs < 8) {
        await page.keyboard.press('Tab');
        tabs++;
      }
      for (const key of ['Space', 'ArrowLeft', 'Space']) {
        await page.keyboard.press(key);
        await settle(page, 400);
      }
      await settle(page, 400);
      return 4 + tabs;
    },
  },
  {
    category: 'Vue design-system form, popups teleported to the body (filtered select, multi select, date, steppers, switch, radio buttons, rating)',
    library: 'element-plus 2.14 (Vue 3.5)',
    page: 'element-plus.html',
    ready: async (page) => {
      await page.locator('.el-rate').waitFor();
      await settle(page);
    },
    person: async (page) => {
      await page.getByPlaceholder('Full name').click();
      await page.keyboard.type('Ada Lovelace', { delay: 20 });
      await page.locator('.el-select', { hasText: 'Pick a city' }).click();
      await page.keyboard.type('Ly', { delay: 60 });
      await settle(page);
      await page.locator('.el-select-dropdown__item:visible', { hasText: 'Lyon' }).click();
      await settle(page);
      await page.locator('.el-select', { hasText: 'Choose activities' }).click();
      await settle(page);
      await page.locator('.el-select-dropdown__item:visible', { hasText: 'Hiking' }).click();
      await page.locator('.el-select-dropdown__item:visible', { hasText: 'Sailing' }).click();
      await page.keyboard.press('Escape');
      await settle(page);
      await page.getByPlaceholder('Pick a day').click();
      await settle(page);
      await page.locator('.el-date-table td.available:visible', { hasText: /^15$/ }).click();
      await settle(page);
      await page.locator('.el-input-number__increase').click();
      await page.locator('.el-input-number__increase').click();
      await page.locator('.el-switch').click();
      await page.getByText('Business').click();
      await page.getByText('Send me offers').click();
      await page.locator('.el-rate__item').nth(3).click();
      await settle(page);
      return 15;
    },
  },
  {
    category: 'tags field drawn over an input (contenteditable tags, suggestions on the body, comma makes a tag, × removes one)',
    library: '@yaireo/tagify 4.38',
    page: 'tagify.html',
    ready: async (page) => {
      await page.locator('tags .tagify__tag', { hasText: 'HTML' }).waitFor();
    },
    person: async (page) => {
      await page.locator('.tagify__input').click();
      await page.keyboard.type('jav', { delay: 60 });
      await settle(page);
      await page.locator('.tagify__dropdown__item', { hasText: /^JavaScript$/ }).click();
      await settle(page);
      await page.keyboard.type('Rust,', { delay: 60 });
      await settle(page);
      await page.locator('tag', { hasText: 'HTML' }).locator('.tagify__tag__removeBtn').click();
      await settle(page);
      await page.getByRole('heading', { name: 'Skills' }).click();
      await settle(page);
      return 6;
    },
  },
  {
    category: 'modal dialogs opened by script (an input with its validator, confirm and cancel, a result dialog)',
    library: 'sweetalert2 11.26',
    page: 'sweetalert2.html',
    ready: async (page) => {
      await page.waitForFunction(() => typeof (window as unknown as { Swal?: unknown }).Swal === 'function');
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'Rename project' }).click();
      await settle(page, 500);
      await page.getByLabel('New name').click();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Artemis', { delay: 30 });
      await page.getByRole('button', { name: 'Rename', exact: true }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Delete project' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Keep it' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Delete project' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Yes, delete it' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'OK' }).click();
      await settle(page, 500);
      return 10;
    },
  },
  {
    category: 'date pickers in a React app: a calendar in a portal, a date typed, a time list',
    library: 'react-datepicker 9.1 (React 19)',
    page: 'react-datepicker.html',
    ready: async (page) => {
      await page.getByLabel('Check in').waitFor();
    },
    person: async (page) => {
      await page.getByLabel('Check in').click();
      await settle(page);
      await page.getByRole('button', { name: 'Next Month' }).click();
      await settle(page);
      await page.getByRole('gridcell', { name: /May 15th/ }).click();
      await settle(page);
      await page.getByLabel('Check out').click();
      await page.keyboard.type('05/20/2031', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByLabel('Meeting').click();
      await settle(page);
      await page.locator('.react-datepicker__time-list-item', { hasText: /^10:30 AM$/ }).click();
      await settle(page);
      return 7;
    },
  },
  {
    category: 'Vue design-system form, menus in an overlay on the body (select, autocomplete with chips, slider, switch, radios)',
    library: 'vuetify 3.13 (Vue 3.5)',
    page: 'vuetify.html',
    ready: async (page) => {
      await page.getByLabel('Full name').waitFor();
      await settle(page);
    },
    person: async (page) => {
      await page.getByLabel('Full name').click();
      await page.keyboard.type('Grace Hopper', { delay: 20 });
      await page.getByRole('combobox').filter({ hasText: 'Team' }).click();
      await settle(page);
      await page.getByRole('option', { name: 'Platform' }).click();
      await settle(page);
      await page.getByLabel('Languages').click();
      await page.keyboard.type('fre', { delay: 60 });
      await settle(page);
      await page.getByRole('option', { name: 'French' }).click();
      await settle(page);
      await page.keyboard.press('Escape');
      await settle(page);
      const track = (await page.locator('.v-slider-track').boundingBox())!;
      await page.mouse.click(track.x + track.width * 0.75, track.y + track.height / 2);
      await settle(page);
      await page.getByLabel('Remote').click();
      await page.getByLabel('I accept the terms').click();
      await page.getByLabel('Phone').click();
      await settle(page);
      return 11;
    },
  },
  {
    category: 'phone field with a searchable country list, colour picker opened from a button',
    library: 'intl-tel-input 29.5, @simonwep/pickr 1.10',
    page: 'intl-tel-input.html',
    ready: async (page) => {
      await page.getByRole('button', { name: /Change country/ }).waitFor();
      await page.getByRole('button', { name: 'toggle color picker dialog' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: /Change country/ }).click();
      await settle(page);
      await page.keyboard.type('germ', { delay: 60 });
      await settle(page);
      await page.getByRole('option', { name: 'Germany (+49)' }).click();
      await settle(page);
      await page.getByRole('textbox', { name: 'Phone' }).click();
      await page.keyboard.type('30 1234567', { delay: 30 });
      await page.getByRole('button', { name: 'toggle color picker dialog' }).click();
      await settle(page);
      await page.getByRole('textbox', { name: 'color input field' }).click();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('#1E90FF', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('button', { name: 'save and close' }).click();
      await settle(page);
      return 10;
    },
  },
  {
    category: 'list reordered by the browser\'s own drag and drop (HTML5 draggable rows, drop edge by pointer)',
    library: '@atlaskit/pragmatic-drag-and-drop 4.0 (React 19)',
    page: 'pragmatic-dnd.html',
    ready: async (page) => {
      await page.getByRole('listitem').filter({ hasText: 'Call the vendor' }).waitFor();
    },
    person: async (page) => {
      // "Fix the login bug" dropped on the lower half of "Review the roadmap"; then "Call the vendor" on the upper
      // half of "Plan the sprint".
      const row = (task: string) => page.getByRole('listitem').filter({ hasText: task });
      const fix = (await row('Fix the login bug').boundingBox())!;
      const review = (await row('Review the roadmap').boundingBox())!;
      await dragTo(page, { x: fix.x + 40, y: fix.y + fix.height / 2 }, { x: review.x + 60, y: review.y + review.height - 6 }, 15, 500);
      const call = (await row('Call the vendor').boundingBox())!;
      const plan = (await row('Plan the sprint').boundingBox())!;
      await dragTo(page, { x: call.x + 40, y: call.y + call.height / 2 }, { x: plan.x + 60, y: plan.y + 6 }, 15, 500);
      return 2;
    },
  },
  {
    category: 'rich text on its own document model (React, contenteditable): typed lines, a bold run and a code block by the page\'s shortcuts',
    library: 'slate 0.146, slate-react (React 19)',
    page: 'slate.html',
    ready: async (page) => {
      await page.getByRole('textbox', { name: 'Notes' }).waitFor();
    },
    person: async (page) => {
      const gestures = await typeTwoLinesAtTheEnd(page, page.getByRole('textbox', { name: 'Notes' }).locator('p').last());
      await page.keyboard.press('Enter');
      await page.keyboard.type('Owner: ', { delay: 30 });
      await page.keyboard.press('Control+b');
      await page.keyboard.type('Ada', { delay: 30 });
      await page.keyboard.press('Control+b');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+`');
      await page.keyboard.type('npm test', { delay: 30 });
      await settle(page);
      return gestures + 6;
    },
  },
  {
    category: 'context menu by right click on a table row, drawn in a portal with a submenu, gone after the pick',
    library: 'react-contexify 6.0 (React 19)',
    page: 'contexify.html',
    ready: async (page) => {
      await page.getByRole('cell', { name: 'budget.xlsx' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('cell', { name: 'budget.xlsx' }).click({ button: 'right' });
      await settle(page);
      await page.getByRole('menuitem', { name: 'Label' }).hover();
      await settle(page);
      await page.getByRole('menuitem', { name: 'Green', exact: true }).click();
      await settle(page);
      await page.getByRole('cell', { name: 'report.pdf' }).click({ button: 'right' });
      await settle(page);
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await settle(page);
      await page.getByRole('cell', { name: 'photo.png' }).click({ button: 'right' });
      await settle(page);
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await settle(page);
      return 7;
    },
  },
  {
    category: 'colour picker of two pointer areas (a saturation square and a hue bar, role=slider divs) and its hex field',
    library: 'react-colorful 5.8 (React 19)',
    page: 'colorful.html',
    ready: async (page) => {
      await page.getByRole('slider', { name: 'Hue' }).waitFor();
    },
    person: async (page) => {
      // A click on the hue bar a third of the way (green), a drag in the square to the upper right, then the arrows.
      const hue = (await page.getByRole('slider', { name: 'Hue' }).boundingBox())!;
      await page.mouse.click(hue.x + hue.width / 3, hue.y + hue.height / 2);
      const square = (await page.getByRole('slider', { name: 'Color' }).boundingBox())!;
      await dragTo(page, { x: square.x + square.width * 0.3, y: square.y + square.height * 0.6 }, { x: square.x + square.width * 0.8, y: square.y + square.height * 0.2 });
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await settle(page);
      return 4;
    },
  },
  {
    category: 'resizable panels: a separator dragged by the pointer, another moved by the arrow keys',
    library: 'react-resizable-panels 4.24 (React 19)',
    page: 'panels.html',
    ready: async (page) => {
      await page.getByRole('separator').first().waitFor();
    },
    person: async (page) => {
      const first = (await page.getByRole('separator').first().boundingBox())!;
      await dragTo(page, { x: first.x + first.width / 2, y: first.y + 100 }, { x: first.x + first.width / 2 + 120, y: first.y + 110 });
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await settle(page);
      return 5;
    },
  },
  {
    category: 'one-time code: one invisible input over six drawn slots, then the form submitted',
    library: 'input-otp 1.5 (React 19)',
    page: 'otp.html',
    // A one-time code is a secret: the recording keeps it out of the flow, as a variable replay asks for.
    variables: { code: '482173' },
    ready: async (page) => {
      await page.getByRole('textbox', { name: 'Verification code' }).waitFor();
    },
    person: async (page) => {
      // A person clicks the drawn slots (the input is painted invisible over them) and types; a mistyped digit is fixed.
      const slots = (await page.locator('.otp').boundingBox())!;
      await page.mouse.click(slots.x + 20, slots.y + slots.height / 2);
      await page.keyboard.type('4829', { delay: 60 });
      await page.keyboard.press('Backspace');
      await page.keyboard.type('173', { delay: 60 });
      await page.getByRole('button', { name: 'Verify' }).click();
      await settle(page);
      return 10;
    },
  },
  {
    category: 'toasts stacked at the corner with an Undo action, gone by themselves after a few seconds',
    library: 'sonner 2.0 (React 19)',
    page: 'sonner.html',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Archive Invoice 1043' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'Archive Invoice 1042' }).click();
      await page.getByRole('button', { name: 'Archive Invoice 1043' }).click();
      await settle(page, 600);
      // Undo on the newest toast only: Invoice 1042 stays archived.
      await page.getByRole('listitem').filter({ hasText: 'Archived Invoice 1043' }).getByRole('button', { name: 'Undo' }).click();
      await settle(page);
      return 3;
    },
  },
  {
    category: 'shared sortable lists moved by the browser\'s own drag and drop, the item moving among the others during the drag',
    library: 'sortablejs 1.15 (native drag and drop, two lists)',
    page: 'sortable-native.html',
    ready: async (page) => {
      await page.locator('#todo li').first().waitFor();
    },
    person: async (page) => {
      const item = (text: string) => page.locator('li', { hasText: text });
      const plan = (await item('Plan the trip').boundingBox())!;
      const write = (await item('Write the report').boundingBox())!;
      await dragTo(page, { x: plan.x + 40, y: plan.y + plan.height / 2 }, { x: write.x + 40, y: write.y + 6 }, 15, 500);
      const call = (await item('Call the bank').boundingBox())!;
      const shop = (await item('Do the shopping').boundingBox())!;
      await dragTo(page, { x: call.x + 40, y: call.y + call.height / 2 }, { x: shop.x + 40, y: shop.y + shop.height + 10 }, 20, 500);
      return 2;
    },
  },
  {
    category: 'a menu\'s submenu in a portal, opened by the pointer resting on its item',
    library: '@radix-ui/react-dropdown-menu 2.2 Sub (React 19)',
    page: 'radix.html',
    ready: async (page) => {
      await page.getByRole('slider', { name: 'Volume' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'View options' }).click();
      await page.getByRole('menuitem', { name: 'More Tools' }).hover();
      await settle(page);
      await page.getByRole('menuitem', { name: 'Developer Tools' }).click();
      await settle(page);
      return 2;
    },
  },
  {
    category: 'menus and a select worked by keys alone (keys on a button, menu items and options, not fields)',
    library: '@radix-ui/react-select 2.4, react-dropdown-menu 2.2 by keys (React 19)',
    page: 'radix.html',
    ready: async (page) => {
      await page.getByRole('slider', { name: 'Volume' }).waitFor();
    },
    person: async (page) => {
      // Tab to the select, Enter opens it, two down, Enter picks; Tab to the menu button, Enter opens it, down to
      // "More Tools", the right arrow opens its submenu, down once, Enter; then the menu again, End, Space checks.
      const keys = ['Tab', 'Enter', 'ArrowDown', 'ArrowDown', 'Enter', 'Tab', 'Enter', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'Enter', 'Enter', 'End', 'Space', 'Tab', 'ArrowRight', 'ArrowRight'];
      for (const key of keys) {
        await page.keyboard.press(key);
        await settle(page, 150);
      }
      await settle(page);
      return keys.length;
    },
  },
  {
    category: 'emoji picker as a custom element (search, category tabs, a grid of menu items, skin tones, all in a shadow root)',
    library: 'emoji-picker-element 1.29',
    page: 'emoji-picker.html',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Add emoji' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'Add emoji' }).click();
      await page.getByRole('combobox', { name: 'Search' }).click();
      await page.keyboard.type('rocket', { delay: 40 });
      await settle(page, 600);
      await page.getByRole('option', { name: /^🚀/ }).click();
      // The search cleared (select all, Backspace) brings the categories back.
      await page.getByRole('combobox', { name: 'Search' }).click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await settle(page, 600);
      await page.getByRole('tab', { name: 'Food and drink' }).click();
      await settle(page, 600);
      await page.getByRole('menuitem', { name: /^🍎/ }).click();
      await page.getByRole('button', { name: /Choose a skin tone/ }).click();
      await settle(page);
      await page.getByRole('option', { name: 'Medium', exact: true }).click();
      await settle(page);
      await page.getByRole('tab', { name: 'People and body' }).click();
      await settle(page, 600);
      await page.getByRole('menuitem', { name: /^👋/ }).click();
      await settle(page);
      return 13;
    },
  },
  {
    category: 'virtualized file tree: renamed by Enter in place, a file dragged into a folder by the browser\'s drag and drop, a folder closed by a click',
    library: 'react-arborist 3.16 (React 19, react-dnd HTML5 backend)',
    page: 'arborist.html',
    ready: async (page) => {
      await page.getByRole('treeitem', { name: /setup\.md/ }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('treeitem', { name: /setup\.md/ }).click();
      await page.keyboard.press('Enter');
      await settle(page);
      await page.keyboard.press('Control+a');
      await page.keyboard.type('install.md', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      const util = (await page.getByRole('treeitem', { name: /util\.ts/ }).boundingBox())!;
      const docs = (await page.getByRole('treeitem', { name: /docs/ }).boundingBox())!;
      await dragTo(page, { x: util.x + 60, y: util.y + util.height / 2 }, { x: docs.x + 60, y: docs.y + docs.height / 2 }, 15, 500);
      await page.getByRole('treeitem', { name: /src/ }).click();
      await page.keyboard.press('ArrowLeft');
      await settle(page);
      return 8;
    },
  },
  {
    category: 'notes moved freely on a board and resized by an edge, snapped to a grid (pointer events, transforms)',
    library: 'interactjs 1.10',
    page: 'interact.html',
    ready: async (page) => {
      await page.locator('#risks').waitFor();
      await page.waitForFunction(() => typeof (window as unknown as { interact?: unknown }).interact === 'function');
    },
    person: async (page) => {
      const ideas = (await page.locator('#ideas').boundingBox())!;
      await dragTo(page, { x: ideas.x + 60, y: ideas.y + 50 }, { x: ideas.x + 60 + 200, y: ideas.y + 50 + 240 }, 20, 400);
      // The bottom-right corner of "Risks", pulled out by 80 × 60.
      const risks = (await page.locator('#risks').boundingBox())!;
      await dragTo(page, { x: risks.x + risks.width - 3, y: risks.y + risks.height - 3 }, { x: risks.x + risks.width + 77, y: risks.y + risks.height + 57 }, 20, 400);
      return 2;
    },
  },
  {
    category: 'a command palette opened by a shortcut on no field (Ctrl+K), two-key and shifted shortcuts on the page',
    library: 'cmdk 1.1, tinykeys 4.0 (React 19)',
    page: 'palette.html',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Home' }).waitFor();
    },
    person: async (page) => {
      await page.keyboard.press('Control+k');
      await settle(page);
      await page.keyboard.type('theme', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.keyboard.press('Control+k');
      await settle(page);
      await page.getByRole('option', { name: 'New file' }).click();
      await settle(page);
      await page.keyboard.press('Shift+?');
      await page.keyboard.press('g');
      await page.keyboard.press('s');
      await settle(page);
      return 8;
    },
  },
  {
    category: 'Vue design system from its UMD build, popups in portals (filtered select, chips, a date in a popup, a slider, a toggle, a rating, option buttons)',
    library: 'quasar 2.27 (Vue 3.5)',
    page: 'quasar.html',
    ready: async (page) => {
      await page.getByRole('slider', { name: 'Nights' }).waitFor();
      await settle(page);
    },
    person: async (page) => {
      await page.getByRole('textbox', { name: 'Guest name' }).click();
      await page.keyboard.type('Ada Lovelace', { delay: 20 });
      await page.getByRole('combobox', { name: 'City' }).click();
      await page.keyboard.type('ly', { delay: 60 });
      await settle(page);
      await page.getByRole('option', { name: 'Lyon' }).click();
      await settle(page);
      await page.getByRole('combobox', { name: 'Extras' }).click();
      await settle(page);
      await page.getByRole('option', { name: 'Parking' }).click();
      await page.getByRole('option', { name: 'Airport transfer' }).click();
      await page.keyboard.press('Escape');
      await settle(page);
      await page.getByRole('button', { name: 'Pick arrival' }).click();
      await settle(page, 600);
      await page.locator('.q-date__calendar-item button', { hasText: /^15$/ }).click();
      await page.getByRole('button', { name: 'Close' }).click();
      await settle(page, 600);
      const slider = (await page.getByRole('slider', { name: 'Nights' }).boundingBox())!;
      await page.mouse.click(slider.x + slider.width * 0.5, slider.y + slider.height / 2);
      await page.getByRole('switch', { name: 'Breakfast' }).click();
      await page.getByRole('radio', { name: 'grade 4' }).click();
      await page.getByRole('button', { name: 'Suite' }).click();
      await settle(page);
      return 15;
    },
  },
  {
    category: 'range date picker drawn in a shadow root beside its field, every day redrawn on each click',
    library: '@easepick/bundle 1.2',
    page: 'easepick.html',
    ready: async (page) => {
      await page.locator('#dates').waitFor();
      await settle(page);
    },
    person: async (page) => {
      await page.locator('#dates').click();
      await settle(page);
      await page.locator('.day:not(.not-available)', { hasText: /^12$/ }).first().click();
      await settle(page);
      await page.locator('.day:not(.not-available)', { hasText: /^18$/ }).first().click();
      await settle(page);
      // The calendar stays open over the form until a click outside it.
      await page.getByRole('heading', { name: 'Trip' }).click();
      await settle(page);
      await page.getByRole('textbox', { name: 'Notes' }).click();
      await page.keyboard.type('Window seat', { delay: 20 });
      return 5;
    },
  },
  {
    category: 'rich text whose input rules turn what is typed into formatting ("# " a heading, "- " a list, "**word**" bold)',
    library: '@tiptap/core 3.35 with its starter kit',
    page: 'tiptap.html',
    ready: async (page) => {
      await page.locator('.tiptap p').waitFor();
    },
    person: async (page) => {
      const line = (await page.locator('.tiptap p').boundingBox())!;
      await page.mouse.click(line.x + line.width - 4, line.y + line.height / 2);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('# Plan', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('- milk', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('eggs', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Buy **fresh** bread', { delay: 30 });
      await settle(page);
      return 11;
    },
  },
  {
    category: 'dock layout: a tab dragged onto the edge of a group splits the layout, onto a tab bar joins that group',
    library: 'dockview-core 8.6',
    page: 'dockview.html',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Terminal' }).waitFor();
      await settle(page);
    },
    person: async (page) => {
      const logs = (await page.getByRole('tab', { name: 'Logs' }).boundingBox())!;
      const top = (await page.getByRole('region', { name: 'Preview' }).boundingBox())!;
      await dragTo(page, { x: logs.x + 20, y: logs.y + logs.height / 2 }, { x: top.x + top.width - 30, y: top.y + top.height / 2 });
      await page.getByRole('tab', { name: 'Editor' }).click();
      await settle(page);
      const terminal = (await page.getByRole('tab', { name: 'Terminal' }).boundingBox())!;
      const editor = (await page.getByRole('tab', { name: 'Editor' }).boundingBox())!;
      await dragTo(page, { x: terminal.x + 20, y: terminal.y + terminal.height / 2 }, { x: editor.x + editor.width + 60, y: editor.y + editor.height / 2 });
      return 3;
    },
  },
  {
    category: 'node editor: a node moved on its canvas, two nodes joined by dragging handle to handle, an edge picked and deleted by a key',
    library: '@xyflow/react 12.12 (React 19)',
    page: 'xyflow.html',
    ready: async (page) => {
      await page.locator('.react-flow__node', { hasText: 'Shipping' }).waitFor();
      await settle(page, 500);
    },
    person: async (page) => {
      const shipping = (await page.locator('.react-flow__node', { hasText: 'Shipping' }).boundingBox())!;
      await dragTo(page, { x: shipping.x + 30, y: shipping.y + 10 }, { x: shipping.x + 120, y: shipping.y - 110 });
      const from = (await page.locator('.react-flow__node', { hasText: 'Payment' }).locator('.react-flow__handle-bottom').boundingBox())!;
      const to = (await page.locator('.react-flow__node', { hasText: 'Shipping' }).locator('.react-flow__handle-top').boundingBox())!;
      await dragTo(page, { x: from.x + 4, y: from.y + 4 }, { x: to.x + 4, y: to.y + 4 });
      // The edge is a vertical line (no width, which Playwright's click calls not visible): a person clicks on it.
      const edge = (await page.locator('.react-flow__edge-path').first().boundingBox())!;
      await page.mouse.click(edge.x + edge.width / 2, edge.y + edge.height / 2);
      await settle(page);
      await page.keyboard.press('Backspace');
      await settle(page);
      return 4;
    },
  },
  {
    category: 'slide deck driven by keys on the page (arrows, space through fragments, Escape for the overview) and its own controls',
    library: 'reveal.js 6.0',
    page: 'reveal.html',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Quarterly review' }).waitFor();
      await settle(page, 500);
    },
    person: async (page) => {
      await page.keyboard.press('ArrowRight');
      await settle(page);
      await page.keyboard.press('Space');
      await settle(page);
      await page.keyboard.press('Space');
      await settle(page);
      await page.keyboard.press('ArrowDown');
      await settle(page);
      await page.getByRole('button', { name: 'above slide' }).click();
      await settle(page);
      await page.keyboard.press('Escape');
      await settle(page, 600);
      return 6;
    },
  },
  {
    category: 'menu in a portal: a submenu opened by resting the pointer on its item, a checkable item, a radio item picked by keys',
    library: '@szhsin/react-menu 4.5 (React 19)',
    page: 'react-menu.html',
    ready: async (page) => {
      await page.getByRole('button', { name: 'File' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'File' }).click();
      await settle(page);
      await page.getByRole('menuitem', { name: 'Open recent' }).hover();
      await settle(page, 500);
      await page.getByRole('menuitem', { name: 'plan.md' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'File' }).click();
      await settle(page);
      await page.getByRole('menuitemcheckbox', { name: 'Word wrap' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'File' }).click();
      await settle(page);
      for (let times = 0; times < 6; times++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await settle(page);
      return 12;
    },
  },
  {
    category: 'code editor whose keys arrive through a hidden textarea, closing brackets and quotes as they are typed',
    library: 'codemirror 5.65 with closebrackets',
    page: 'codemirror5.html',
    ready: async (page) => {
      await page.locator('.CodeMirror-line').first().waitFor();
    },
    person: async (page) => {
      const gestures = await typeTwoLinesAtTheEnd(page, page.locator('.CodeMirror-line').last());
      await page.keyboard.press('Enter');
      // The editor closes the bracket and the quote as they are typed; the person types over them.
      await page.keyboard.type('greet("Ada");', { delay: 30 });
      await settle(page);
      return gestures + 2;
    },
  },
  {
    category: 'shapes on a canvas (nothing but the canvas in the DOM): two dragged, one picked and deleted by a key',
    library: 'konva 10.9',
    page: 'konva.html',
    ready: async (page) => {
      await page.locator('#stage canvas').waitFor();
      await settle(page);
    },
    person: async (page) => {
      const stage = (await page.locator('#stage canvas').boundingBox())!;
      await dragTo(page, { x: stage.x + 100, y: stage.y + 70 }, { x: stage.x + 180, y: stage.y + 250 });
      await dragTo(page, { x: stage.x + 300, y: stage.y + 200 }, { x: stage.x + 100, y: stage.y + 100 });
      await page.mouse.click(stage.x + 450, stage.y + 130);
      await settle(page);
      await page.keyboard.press('Delete');
      await settle(page);
      return 4;
    },
  },
  {
    category: 'Markdown editor whose toolbar formats the word picked or the caret\'s line (bold, heading, list), keys through a hidden textarea',
    library: 'easymde 2.21',
    page: 'easymde.html',
    ready: async (page) => {
      await page.locator('.CodeMirror-line').first().waitFor();
      await settle(page);
    },
    person: async (page) => {
      // A double click on "search" picks the word; Bold wraps it. A click on the second line, Heading makes it one.
      const word = await letterOf(page.locator('.CodeMirror-line span').first(), 'search');
      await page.mouse.dblclick(word.x, word.y);
      await settle(page);
      await page.getByRole('button', { name: 'Bold' }).click();
      await settle(page);
      const second = (await page.locator('.CodeMirror-line', { hasText: 'Fixed the export' }).boundingBox())!;
      await page.mouse.click(second.x + 40, second.y + second.height / 2);
      await settle(page);
      await page.getByRole('button', { name: 'Heading' }).click();
      await settle(page);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Smaller install', { delay: 30 });
      await settle(page);
      await page.getByRole('button', { name: 'Generic List' }).click();
      await settle(page);
      return 7;
    },
  },
  {
    category: 'chart on a canvas whose datasets are hidden and shown by a click on their legend entry (drawn on the same canvas)',
    library: 'chart.js 4.6',
    page: 'chartjs.html',
    ready: async (page) => {
      await page.locator('#sales').waitFor();
      await settle(page, 500);
    },
    person: async (page) => {
      // The legend sits centred above the bars: "North" left of the middle, "South" right of it.
      const canvas = (await page.locator('#sales').boundingBox())!;
      await page.mouse.click(canvas.x + canvas.width / 2 + 40, canvas.y + 16);
      await settle(page, 500);
      return 1;
    },
  },
  {
    category: 'lightbox opened by a thumbnail, its slides moved by arrow keys on the page, closed by Escape',
    library: 'glightbox 3.3',
    page: 'glightbox.html',
    ready: async (page) => {
      await page.getByRole('link', { name: 'Lake' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('link', { name: 'Lake' }).click();
      await settle(page, 500);
      await page.keyboard.press('ArrowRight');
      await settle(page, 500);
      await page.keyboard.press('ArrowRight');
      await settle(page, 500);
      await page.keyboard.press('Escape');
      await settle(page, 500);
      return 4;
    },
  },
  {
    category: 'map: a marker\'s popup opened by a click and closed by its ×, the map zoomed by its + button and by a key on the focused map',
    library: 'leaflet 1.9',
    page: 'leaflet.html',
    ready: async (page) => {
      await page.locator('.leaflet-interactive').first().waitFor();
    },
    person: async (page) => {
      const map = (await page.locator('#map').boundingBox())!;
      // The North depot's marker, at [250, 220] of the plan: 220 across and 150 down from the plan's view at zoom 0.
      await page.mouse.click(map.x + 240, map.y + 150);
      await settle(page, 400);
      await page.getByRole('button', { name: /Close popup/ }).click();
      await settle(page, 400);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await settle(page, 400);
      await page.keyboard.press('Minus');
      await settle(page, 400);
      return 4;
    },
  },
  {
    category: 'a CSS framework\'s components by data attributes: dropdowns (by mouse and by keys), a modal form, an off-canvas panel, a toast, tabs, an accordion, a button group, a switch',
    library: 'bootstrap 5.3',
    page: 'bootstrap.html',
    ready: async (page) => {
      await page.waitForFunction(() => typeof (window as unknown as { bootstrap?: unknown }).bootstrap === 'object');
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'Actions' }).click();
      await settle(page);
      await page.getByRole('link', { name: 'Duplicate' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Sort by' }).focus();
      await page.keyboard.press('ArrowDown');
      await settle(page);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await settle(page, 500);
      await page.getByLabel('Display name').click();
      await page.keyboard.type('Ada', { delay: 30 });
      await page.getByLabel('Send me the newsletter').click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Filters' }).click();
      await settle(page, 500);
      await page.getByLabel('In stock only').click();
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Close' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Notify' }).click();
      await settle(page, 400);
      await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
      await settle(page, 400);
      await page.getByRole('button', { name: 'Pin' }).focus();
      await page.keyboard.press('Enter');
      await settle(page);
      await page.locator('label', { hasText: 'Large' }).click();
      await page.getByText('Published').click();
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Warranty' }).click();
      await settle(page, 500);
      return 19;
    },
  },
  {
    category: 'a React design system on state machines (Zag.js), its lists and menus in portals: select, combobox, menu, dialog with a field, checkbox, switch, slider, number steppers, radios, tabs',
    library: '@chakra-ui/react 3.38 (React 19)',
    page: 'chakra.html',
    ready: async (page) => {
      await page.getByText('Choose a region').waitFor();
    },
    person: async (page) => {
      await page.getByRole('combobox', { name: 'Region' }).click();
      await settle(page);
      await page.getByRole('option', { name: 'Americas' }).click();
      await settle(page);
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.keyboard.type('Du', { delay: 40 });
      await settle(page);
      await page.getByRole('option', { name: 'Dutch' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Project actions' }).click();
      await settle(page);
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'New project' }).click();
      await settle(page, 500);
      await page.getByLabel('Project name').click();
      await page.keyboard.type('Atlas', { delay: 30 });
      await page.getByRole('button', { name: 'Create' }).click();
      await settle(page, 500);
      await page.getByText('I accept the terms').click();
      await page.getByText('Email alerts').click();
      const thumb = (await page.getByRole('slider').boundingBox())!;
      await dragTo(page, { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 }, { x: thumb.x + thumb.width / 2 + 60, y: thumb.y + thumb.height / 2 });
      await page.getByRole('button', { name: 'increment value' }).click();
      await settle(page, 150);
      await page.getByRole('button', { name: 'increment value' }).click();
      await settle(page);
      await page.getByText('Team', { exact: true }).click();
      await page.getByRole('tab', { name: 'Settings' }).click();
      await settle(page);
      return 16;
    },
  },
  {
    category: 'calendars whose events move by pointer drag: an event carried to another day and hour, another resized by its bottom edge',
    library: '@toast-ui/calendar 2.1',
    page: 'toastui-calendar.html',
    ready: async (page) => {
      await page.locator('.toastui-calendar-event-time', { hasText: 'Design review' }).waitFor();
    },
    person: async (page) => {
      const review = (await page.locator('.toastui-calendar-event-time', { hasText: 'Design review' }).boundingBox())!;
      const hour = (await page.locator('.toastui-calendar-column').first().boundingBox())!.height / 10;
      const day = (await page.locator('.toastui-calendar-column').first().boundingBox())!.width;
      const from = { x: review.x + review.width / 2, y: review.y + 20 };
      await dragTo(page, from, { x: from.x + day, y: from.y + 2 * hour }, 20, 500);
      const planning = (await page.locator('.toastui-calendar-event-time', { hasText: 'Planning' }).boundingBox())!;
      const edge = { x: planning.x + planning.width / 2, y: planning.y + planning.height - 3 };
      await dragTo(page, edge, { x: edge.x, y: edge.y + hour }, 20, 500);
      return 2;
    },
  },
  {
    category: 'trees renamed in place (F2), with checkboxes and keys (a jQuery tree)',
    library: 'jquery.fancytree 2.38',
    page: 'fancytree.html',
    ready: async (page) => {
      await page.getByRole('treeitem', { name: 'Documents' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('treeitem', { name: 'Documents' }).getByRole('button').click();
      await settle(page);
      await page.locator('.fancytree-title', { hasText: 'Report.docx' }).click();
      await settle(page);
      await page.keyboard.press('F2');
      await settle(page);
      await page.keyboard.type('Summary.docx', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('treeitem', { name: 'Photos' }).getByRole('checkbox').click();
      await settle(page);
      await page.locator('.fancytree-title', { hasText: 'Notes.txt' }).click();
      await page.keyboard.press('Space');
      await settle(page);
      await page.keyboard.press('ArrowUp');
      await settle(page);
      return 8;
    },
  },
  {
    category: 'mobile-style web components with overlays (an alert, a popover), a toggle, a checkbox, a range, a segment',
    library: '@ionic/core 9.0',
    page: 'ionic.html',
    ready: async (page) => {
      await page.waitForFunction(() => document.querySelector('ion-range')?.classList.contains('hydrated') && document.querySelector('ion-segment')?.classList.contains('hydrated'));
    },
    person: async (page) => {
      await page.locator('#nick').click();
      await page.keyboard.type('Kim', { delay: 30 });
      await page.locator('#theme').click();
      await settle(page, 600);
      await page.locator('ion-alert').getByRole('radio', { name: 'Dark' }).click();
      await page.locator('ion-alert').getByRole('button', { name: 'OK' }).click();
      await settle(page, 600);
      await page.locator('#language').click();
      await settle(page, 600);
      await page.locator('ion-popover').getByRole('radio', { name: 'French' }).click();
      await settle(page, 600);
      await page.locator('#wifi').click();
      await page.locator('#beta').click();
      const knob = (await page.locator('#volume').getByRole('slider').boundingBox())!;
      await dragTo(page, { x: knob.x + knob.width / 2, y: knob.y + knob.height / 2 }, { x: knob.x + knob.width / 2 + 120, y: knob.y + knob.height / 2 });
      await page.locator('ion-segment-button[value=week]').click();
      await settle(page);
      await page.locator('#reset').click();
      await settle(page, 600);
      await page.locator('ion-alert').getByRole('button', { name: 'Reset' }).click();
      await settle(page, 600);
      return 14;
    },
  },
  {
    category: 'a React design system whose lists and menus open in portals, its tree drawn without ARIA roles: a title renamed in place, a select and a multi select filtered by typing (a chip removed by its ×), a menu\'s submenu, a context menu, a tree\'s caret, steppers, a slider by keys, a switch, a checkbox, tabs, a dialog with a field',
    library: '@blueprintjs/core 6.20',
    page: 'blueprint.html',
    ready: async (page) => {
      await page.getByText('Pick a film').waitFor();
    },
    person: async (page) => {
      await page.getByText('Friday screening').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Late show', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByText('Pick a film').click();
      await settle(page, 500);
      await page.keyboard.type('ver', { delay: 40 });
      await settle(page);
      await page.getByRole('option', { name: 'Vertigo' }).click();
      await settle(page, 500);
      await page.getByPlaceholder('Add films…').click();
      await page.keyboard.type('met', { delay: 40 });
      await settle(page);
      await page.getByRole('option', { name: 'Metropolis' }).click();
      await settle(page);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('casa', { delay: 40 });
      await settle(page);
      await page.getByRole('option', { name: 'Casablanca' }).click();
      await settle(page);
      await page.locator('.bp6-tag', { hasText: 'Metropolis' }).getByRole('button').click();
      await settle(page);
      await page.keyboard.press('Escape');
      await settle(page);
      await page.getByRole('button', { name: 'Actions' }).click();
      await settle(page, 500);
      await page.getByRole('menuitem', { name: 'Export' }).hover();
      await settle(page, 500);
      await page.getByRole('menuitem', { name: 'As CSV' }).click();
      await settle(page, 500);
      await page.locator('.bp6-tree-node', { hasText: 'Hall A' }).locator('.bp6-tree-node-caret').first().click();
      await settle(page);
      await page.getByText('Row 2').click();
      await settle(page);
      await page.getByText('Hall B').click({ button: 'right' });
      await settle(page, 500);
      await page.getByRole('menuitem', { name: 'Clean hall' }).click();
      await settle(page, 500);
      const up = page.locator('.bp6-numeric-input .bp6-button-group button').first();
      await up.click();
      await up.click();
      await settle(page);
      await page.getByRole('slider').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await settle(page);
      await page.getByText('Subtitles').click();
      await page.getByText('Intermission').click();
      await page.getByRole('tab', { name: 'Tickets' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Set host' }).click();
      await settle(page, 500);
      await page.getByLabel('Host name').click();
      await page.keyboard.type('Ada', { delay: 30 });
      await page.getByRole('button', { name: 'Save' }).click();
      await settle(page, 500);
      return 35;
    },
  },
  {
    category: 'tree / JSON editor of its own design (Svelte): values edited in place by a double click and by typing on a selected value (the keys go through a hidden input), a boolean toggled, an array item removed from its context menu',
    library: 'vanilla-jsoneditor 3.13',
    page: 'vanilla-jsoneditor.html',
    ready: async (page) => {
      await page.getByText('staging').waitFor();
    },
    person: async (page) => {
      const value = (text: string) => page.locator('.jse-value', { hasText: new RegExp(`^\\s*${text}\\s*$`) });
      await value('staging').dblclick();
      await settle(page);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('production', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await value('2').click();
      await settle(page, 200);
      await page.keyboard.type('3', { delay: 30 });
      await settle(page, 200);
      await page.keyboard.press('Enter');
      await settle(page);
      await page.locator('.jse-boolean-toggle').click();
      await settle(page);
      await page.getByText('eu', { exact: true }).click({ button: 'right' });
      await settle(page, 500);
      await page.getByRole('button', { name: /Remove/ }).first().click();
      await settle(page);
      return 10;
    },
  },
  {
    category: 'colour picker in a popup (vanilla): a swatch among six named alike, the hue slider and the colour area dragged, its value typed, then Save',
    library: '@simonwep/pickr 1.10',
    page: 'pickr.html',
    ready: async (page) => {
      await page.locator('.pcr-button').waitFor();
    },
    person: async (page) => {
      await page.locator('.pcr-button').click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'color swatch' }).nth(3).click();
      await settle(page);
      const hue = (await page.getByRole('slider', { name: 'hue selection slider' }).boundingBox())!;
      await dragTo(page, { x: hue.x + hue.width / 2, y: hue.y + hue.height * 0.6 }, { x: hue.x + hue.width / 2, y: hue.y + hue.height * 0.3 });
      const area = (await page.getByRole('listbox', { name: 'color selection area' }).boundingBox())!;
      await dragTo(page, { x: area.x + area.width * 0.5, y: area.y + area.height * 0.5 }, { x: area.x + area.width * 0.8, y: area.y + area.height * 0.25 });
      await page.getByRole('button', { name: 'Save' }).click().catch(() => page.locator('.pcr-save').click());
      await settle(page, 500);
      await page.locator('.pcr-button').click();
      await settle(page, 500);
      await page.getByRole('textbox', { name: 'color input field' }).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('#1E88E5', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.locator('.pcr-save').click();
      await settle(page, 500);
      return 12;
    },
  },
  {
    category: 'accessible tree in React with rename in place (F2, then Enter in its form), folders opened by a click, the focus moved by arrow keys and an item picked by Enter, a file dragged onto a folder by the browser\'s drag and drop',
    library: 'react-complex-tree 2.6',
    page: 'complex-tree.html',
    ready: async (page) => {
      await page.getByRole('treeitem', { name: 'src' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('treeitem', { name: 'src' }).click();
      await settle(page);
      await page.getByRole('treeitem', { name: 'app.ts' }).click();
      await page.keyboard.press('F2');
      await settle(page);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('main.ts', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('treeitem', { name: 'docs' }).click();
      await settle(page);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await settle(page);
      // The browser's own drag and drop, dropped on the folder's title.
      const from = (await page.getByRole('button', { name: 'util.ts' }).boundingBox())!;
      const to = (await page.getByRole('button', { name: 'docs' }).boundingBox())!;
      await dragTo(page, { x: from.x + 30, y: from.y + from.height / 2 }, { x: from.x + 30, y: to.y + to.height / 2 }, 15, 500);
      return 13;
    },
  },
  {
    category: 'WYSIWYG editor on contenteditable with a toolbar of its own (vanilla): two lines typed, one made bold, the other a heading from a dropdown, a link from a popup form submitted by Enter',
    library: 'jodit 4.15',
    page: 'jodit.html',
    ready: async (page) => {
      await page.locator('.jodit-wysiwyg').waitFor();
    },
    person: async (page) => {
      await boldSecondJoditLine(page);
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowUp');
      await page.locator('.jodit-toolbar-button_paragraph .jodit-toolbar-button__trigger').first().click();
      await settle(page, 400);
      await page.getByRole('button', { name: 'Heading 1' }).click();
      await settle(page);
      await page.locator('[aria-label="Insert link"]').first().click();
      await settle(page, 400);
      await page.getByPlaceholder('http://').click();
      await page.keyboard.type('https://example.com/sale', { delay: 10 });
      await page.keyboard.press('Enter');
      await settle(page);
      return 14;
    },
  },
  {
    category: 'web components of a design system in a form (Lit, shadow DOM): a text field, a date picker whose calendar scrolls in an overlay, a combo box filtered by typing, a checkbox, a button',
    library: '@vaadin/date-picker 25.3 (and its text field, combo box, checkbox, button)',
    page: 'vaadin.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await settle(page);
    },
    person: async (page) => {
      await page.getByLabel('Guest name').click();
      await page.keyboard.type('Ada', { delay: 20 });
      await page.getByLabel('Breakfast').click();
      await page.getByLabel('Check-in').click();
      await settle(page, 800);
      await page.getByRole('gridcell', { name: /^15 April 2026/ }).click();
      await settle(page, 500);
      await page.getByLabel('Room').click();
      await page.keyboard.type('Sui', { delay: 30 });
      await settle(page, 400);
      await page.getByRole('option', { name: 'Suite' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Book' }).click();
      await settle(page);
      return 9;
    },
  },
  {
    category: 'WYSIWYG editor on jQuery (contenteditable, its own toolbar): two lines typed, one made bold, the other a heading from the style dropdown, a bulleted list',
    library: 'summernote 0.9 (lite)',
    page: 'summernote.html',
    ready: async (page) => {
      await page.locator('.note-editable').waitFor();
    },
    person: async (page) => {
      await page.locator('.note-editable').click();
      await page.keyboard.type('Office closed Friday', { delay: 20 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('Back on Monday', { delay: 20 });
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: /Bold/ }).first().click();
      await settle(page);
      await page.keyboard.press('ArrowUp');
      await page.locator('.note-btn.dropdown-toggle').first().click();
      await settle(page);
      await page.locator('.note-dropdown-item', { hasText: 'Header 2' }).first().click();
      await settle(page);
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: /Unordered list/ }).first().click();
      await page.keyboard.type('Use the side door', { delay: 20 });
      await settle(page);
      return 12;
    },
  },
  {
    category: 'WYSIWYG editor with its own document model (contenteditable rendered from a model, toolbar of buttons and a dropdown, a link balloon): two lines typed, one made bold, the other a heading, a link, a numbered list',
    library: 'ckeditor5 48.5',
    page: 'ckeditor.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      await page.locator('.ck-editor__editable').click();
      await page.keyboard.type('Faster search', { delay: 20 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('Saved filters are back', { delay: 20 });
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Bold' }).click();
      await settle(page);
      await page.keyboard.press('ArrowUp');
      await page.getByRole('button', { name: 'Heading' }).click();
      await settle(page, 400);
      await page.getByRole('menuitemradio', { name: 'Heading 2' }).click();
      await settle(page);
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Numbered List' }).click();
      await page.keyboard.type('Read the guide', { delay: 20 });
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Link' }).click();
      await settle(page, 400);
      await page.keyboard.type('example.com/guide', { delay: 10 });
      await page.keyboard.press('Enter');
      await settle(page);
      return 16;
    },
  },
  {
    category: 'React design system (Griffel styles, popovers in portals): a tag picker filtered by typing whose tag is removed by a click, a dropdown, a checkbox, a switch, a spin button\'s arrow, a submenu, a dialog confirmed',
    library: '@fluentui/react-components 9.74 (React 19)',
    page: 'fluent-react.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByLabel('Project name').waitFor();
    },
    person: async (page) => {
      await page.getByLabel('Project name').click();
      await page.keyboard.type('Atlas', { delay: 20 });
      await page.getByRole('combobox', { name: 'Members' }).click();
      await page.keyboard.type('gra', { delay: 30 });
      await settle(page, 400);
      await page.getByRole('option', { name: 'Grace Hopper' }).click();
      await settle(page);
      await page.keyboard.type('lin', { delay: 30 });
      await settle(page, 400);
      await page.getByRole('option', { name: 'Linus Torvalds' }).click();
      await settle(page);
      await page.getByRole('listbox', { name: 'Selected members' }).getByRole('option', { name: 'Grace Hopper' }).click();
      await settle(page);
      await page.getByRole('combobox', { name: 'Role' }).click();
      await settle(page, 400);
      await page.getByRole('option', { name: 'Editor' }).click();
      await settle(page);
      await page.getByText('Notify by email').click();
      await page.getByText('Public link').click();
      await page.getByRole('button', { name: 'Increment value' }).click();
      await page.getByRole('button', { name: 'Increment value' }).click();
      await page.getByRole('button', { name: 'More' }).click();
      await settle(page, 400);
      await page.getByRole('menuitem', { name: 'Export' }).hover();
      await settle(page, 600);
      await page.getByRole('menuitem', { name: 'As CSV' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Share' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await settle(page, 500);
      return 18;
    },
  },
  {
    category: 'date and time fields drawn as sections (contenteditable spinbuttons typed digit by digit, each moving on when full), a calendar opened by its button, a month\'s arrow and a day',
    library: '@mui/x-date-pickers 9.17 (React 19, dayjs)',
    page: 'mui-x-pickers.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByRole('spinbutton', { name: 'Month' }).first().waitFor();
    },
    person: async (page) => {
      await page.getByRole('group', { name: 'Arrival' }).getByRole('spinbutton', { name: 'Month' }).click();
      await page.keyboard.type('04182026', { delay: 40 });
      await settle(page);
      await page.getByRole('group', { name: 'Departure' }).getByRole('button').click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Next month' }).click();
      await settle(page, 500);
      await page.getByRole('gridcell', { name: '22' }).click();
      await settle(page, 500);
      await page.getByRole('group', { name: 'Check-in time' }).getByRole('spinbutton', { name: 'Hours' }).click();
      await page.keyboard.type('0230p', { delay: 40 });
      await settle(page);
      await page.getByRole('group', { name: 'Check-in time' }).getByRole('spinbutton', { name: 'Minutes' }).click();
      await page.keyboard.press('ArrowUp');
      await settle(page);
      return 17;
    },
  },
  {
    category: 'a React suite\'s form (overlays on the body): a multi-select shown as chips picked from its panel, a chip removed by its ×, a dropdown, a table cell edited in place and committed by Enter, a knob turned by a drag, stars of no name',
    library: 'primereact 10.9 (React 19)',
    page: 'primereact.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.locator('.p-multiselect').waitFor();
    },
    person: async (page) => {
      await page.locator('.p-multiselect').click();
      await settle(page, 400);
      await page.getByRole('option', { name: 'Berlin' }).click();
      await page.getByRole('option', { name: 'Lisbon' }).click();
      await page.keyboard.press('Escape');
      await settle(page, 400);
      await page.locator('.p-multiselect-token', { hasText: 'Berlin' }).locator('.p-multiselect-token-icon').click();
      await settle(page);
      await page.locator('.p-dropdown').click();
      await settle(page, 400);
      await page.getByRole('option', { name: 'Business' }).click();
      await settle(page, 400);
      await page.getByRole('cell', { name: '3' }).click();
      await settle(page);
      await page.keyboard.press('Backspace');
      await page.keyboard.type('4', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      const knob = (await page.getByRole('slider').boundingBox())!;
      await dragTo(page, { x: knob.x + 30, y: knob.y + 16 }, { x: knob.x + 84, y: knob.y + 40 });
      await page.locator('.p-rating-item').nth(3).click();
      await settle(page);
      return 14;
    },
  },
  {
    category: 'a calendar whose events are moved by a pointer drag to another day, switched to its week view and an event resized by its edge',
    library: 'react-big-calendar 1.20 (React 19, its drag and drop addon)',
    page: 'big-calendar.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.locator('.rbc-event', { hasText: 'Design review' }).waitFor();
    },
    person: async (page) => {
      const event = (await page.locator('.rbc-event', { hasText: 'Design review' }).boundingBox())!;
      const twelfth = (await page.locator('.rbc-month-row').nth(1).locator('.rbc-day-bg').nth(4).boundingBox())!;
      await dragTo(page, { x: event.x + 20, y: event.y + event.height / 2 }, { x: twelfth.x + 30, y: twelfth.y + 50 });
      await page.getByRole('button', { name: 'Week' }).click();
      await settle(page, 500);
      const party = page.locator('.rbc-event', { hasText: 'Release party' });
      await party.hover();
      const edge = (await party.locator('.rbc-addons-dnd-resize-ns-anchor').last().boundingBox())!;
      await dragTo(page, { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 }, { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 + 40 });
      return 3;
    },
  },
  {
    category: 'a headless combobox with multiple selection (its menu in a portal on the body, emptied when it closes), chips removed by their button, and a select',
    library: 'downshift 9.5 (React 19, useCombobox, useMultipleSelection, useSelect)',
    page: 'downshift.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByRole('combobox', { name: 'Books' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('combobox', { name: 'Books' }).click();
      await page.keyboard.type('mi', { delay: 40 });
      await settle(page);
      await page.getByRole('option', { name: 'Middlemarch' }).click();
      await settle(page);
      await page.keyboard.type('du', { delay: 40 });
      await settle(page);
      await page.getByRole('option', { name: 'Dune' }).click();
      await settle(page);
      await page.getByRole('button', { name: 'Remove Middlemarch' }).click();
      await settle(page);
      await page.getByRole('combobox', { name: 'Shelf' }).click();
      await settle(page);
      await page.getByRole('option', { name: 'Reading', exact: true }).click();
      await settle(page);
      return 10;
    },
  },
  {
    category: 'a WYSIWYG editor over ProseMirror with its toolbar: a line typed and made bold by a selection and the toolbar, a bullet list from the toolbar, a heading from its dropdown, then its Markdown tab',
    library: '@toast-ui/editor 3.2',
    page: 'toastui-editor.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.locator('.toastui-editor-ww-container .ProseMirror').waitFor();
    },
    person: async (page) => {
      await page.locator('.toastui-editor-ww-container .ProseMirror').click();
      await page.keyboard.type('Faster replays', { delay: 30 });
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Bold' }).click();
      await settle(page);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Unordered list' }).click();
      await page.keyboard.type('Steps keep their effect', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('Dates by their field', { delay: 30 });
      await settle(page);
      await page.keyboard.press('Control+Home');
      await page.getByRole('button', { name: 'Headings' }).click();
      await settle(page);
      await page.getByRole('listitem').filter({ hasText: 'Heading 2' }).click();
      await settle(page);
      await page.locator('.toastui-editor-mode-switch .tab-item', { hasText: 'Markdown' }).click();
      await settle(page, 500);
      return 14;
    },
  },
  {
    category: 'a data grid: rows sorted by a column\'s header, a number cell edited in place by a double click, a row\'s checkbox (one per row, all named alike), and a column hidden from its column menu (a menu in a portal)',
    library: '@mui/x-data-grid 9.17 (React 19)',
    page: 'mui-x-grid.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByRole('gridcell', { name: 'Leeks' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('columnheader', { name: 'Price' }).click();
      await settle(page);
      await page.getByRole('row', { name: /Leeks/ }).getByRole('gridcell', { name: '2.4' }).dblclick();
      await settle(page);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2.9', { delay: 40 });
      await page.keyboard.press('Enter');
      await settle(page);
      await page.getByRole('row', { name: /Carrots/ }).getByRole('checkbox').click();
      await settle(page);
      await page.getByRole('columnheader', { name: 'Category' }).hover();
      await page.getByRole('button', { name: 'Category column menu' }).click();
      await settle(page, 400);
      await page.getByRole('menuitem', { name: 'Hide column' }).click();
      await settle(page, 400);
      return 11;
    },
  },
  {
    category: 'a table the app draws with a headless table library, sorted by clicks on its headers (no aria-sort: an arrow beside the title)',
    library: '@tanstack/react-table 8.21 (React 19, its sorting example)',
    page: 'tanstack-table.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByRole('cell', { name: 'Teapot' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('columnheader', { name: 'Price' }).click();
      await settle(page);
      await page.getByRole('columnheader', { name: 'Item' }).click();
      await settle(page);
      await page.getByRole('columnheader', { name: 'Item' }).click();
      await settle(page);
      return 3;
    },
  },
  {
    category: 'an enterprise design system\'s web components (controls in shadow roots, lists in popovers in the top layer): a combo box filtered by typing, a multi combo box\'s picks, a select, a step input\'s icon buttons, a checkbox and a rating\'s stars',
    library: '@ui5/webcomponents 2.26',
    page: 'ui5.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByRole('combobox', { name: 'Country' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('combobox', { name: 'Country' }).click();
      await page.keyboard.type('Ger', { delay: 50 });
      await settle(page, 400);
      await page.getByRole('option', { name: 'Germany' }).click();
      await settle(page, 400);
      await page.getByRole('combobox', { name: 'Languages' }).click();
      await page.keyboard.type('Fr', { delay: 50 });
      await settle(page, 400);
      await page.getByRole('option', { name: 'French' }).click();
      await settle(page, 400);
      await page.getByRole('combobox', { name: 'Room' }).click();
      await settle(page, 400);
      await page.getByRole('option', { name: 'Suite' }).click();
      await settle(page, 400);
      await page.locator('#guests .ui5-step-inc').click();
      await settle(page);
      await page.locator('#guests .ui5-step-inc').click();
      await settle(page);
      await page.getByRole('checkbox', { name: 'Travel insurance' }).click();
      await settle(page);
      await page.locator('#rating li.ui5-rating-indicator-item').nth(3).click();
      await settle(page);
      return 15;
    },
  },
  {
    category: 'a Gantt chart drawn in SVG (no roles): a task\'s bar dragged along the timeline, a bar\'s end dragged by its handle, then its progress by its handle',
    library: 'frappe-gantt 1.2',
    page: 'gantt.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      // The bars grow in as the chart draws (0.5 s): a person waits for them.
      await settle(page, 700);
    },
    person: async (page) => {
      const bar = async (id: string) => (await page.locator(`.bar-wrapper[data-id="${id}"] .bar`).boundingBox())!;
      const design = await bar('design');
      await dragTo(page, { x: design.x + 30, y: design.y + 15 }, { x: design.x + 120, y: design.y + 15 }, 12, 400);
      const launch = await bar('launch');
      await dragTo(page, { x: launch.x + 20, y: launch.y + 15 }, { x: launch.x - 25, y: launch.y + 15 }, 12, 400);
      // A resize opens the task's popup over the rows below it.
      const end = (await page.locator('.bar-wrapper[data-id="build"] .handle.right').boundingBox())!;
      await dragTo(page, { x: end.x + 1.5, y: end.y + 7 }, { x: end.x + 91.5, y: end.y + 7 }, 12, 400);
      // The progress handle (a circle inside the bar, drawn anew where the resize put the progress) pressed at its middle.
      const progress = (await page.locator('.bar-wrapper[data-id="build"] .handle.progress').boundingBox())!;
      await dragTo(page, { x: progress.x + progress.width / 2, y: progress.y + progress.height / 2 }, { x: progress.x + 80, y: progress.y + progress.height / 2 }, 12, 400);
      return 4;
    },
  },
  {
    category: 'a page builder whose canvas is an iframe: a block dragged by the browser\'s own drag and drop from a panel into the page in the iframe, a component there selected by a click and deleted by a key',
    library: 'grapesjs 0.23',
    page: 'grapesjs.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.frameLocator('iframe.gjs-frame').getByText('Our shop opens at nine.').waitFor();
    },
    person: async (page) => {
      const block = (await page.locator('.gjs-block', { hasText: 'Quote' }).boundingBox())!;
      const paragraph = (await page.frameLocator('iframe.gjs-frame').getByText('Our shop opens at nine.').boundingBox())!;
      // Dropped on the lower half of the paragraph: the quote goes after it.
      await dragTo(page, { x: block.x + 30, y: block.y + 20 }, { x: paragraph.x + 60, y: paragraph.y + paragraph.height * 0.8 }, 15, 500);
      await page.frameLocator('iframe.gjs-frame').getByText('Welcome').click();
      await settle(page);
      await page.keyboard.press('Delete');
      await settle(page);
      return 3;
    },
  },
  {
    category: 'a markdown editor that turns what is typed into what it marks (ProseMirror underneath): a heading by "## ", a list by "- ", bold by "**…**", typed after the last line',
    library: '@milkdown/kit 7.22 (commonmark preset)',
    page: 'milkdown.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      await page.getByText('For the weekend.').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('## Fruit', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('- apples', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('**ripe** pears', { delay: 30 });
      await settle(page);
      return 8;
    },
  },
  {
    category: 'a docking layout (panels in stacks of tabs): a tab dragged onto the lower half of another stack to dock under it, a tab clicked to show its panel, a tab closed by its ×',
    library: 'golden-layout 2.6',
    page: 'golden-layout.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      const tab = (await page.locator('.lm_tab', { hasText: 'Calendar' }).boundingBox())!;
      const notes = (await page.locator('.lm_stack').nth(1).locator('.lm_items').boundingBox())!;
      await dragTo(page, { x: tab.x + 20, y: tab.y + 8 }, { x: notes.x + notes.width / 2, y: notes.y + notes.height * 0.85 }, 15, 400);
      await page.locator('.lm_tab', { hasText: 'Tasks' }).click();
      await settle(page);
      await page.locator('.lm_tab', { hasText: 'Inbox' }).locator('.lm_close_tab').click();
      await settle(page);
      return 3;
    },
  },
  {
    category: 'a product tour (dialogs drawn beside the page\'s sections over a modal overlay, each with its own Next, Back or Done): started, stepped on, back, on again and done',
    library: 'shepherd.js 15.3',
    page: 'shepherd.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      const inStep = (title: string, button: string) => page.getByRole('dialog', { name: title }).getByRole('button', { name: button });
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await settle(page, 400);
      await inStep('Projects', 'Next').click();
      await settle(page, 400);
      await inStep('Reports', 'Next').click();
      await settle(page, 400);
      await inStep('Settings', 'Back').click();
      await settle(page, 400);
      await inStep('Reports', 'Next').click();
      await settle(page, 400);
      await inStep('Settings', 'Done').click();
      await settle(page, 400);
      return 6;
    },
  },
  {
    category: 'a carousel (a region of slides with arrows and a tablist of bullets drawn by the library): the next arrow, a bullet, an arrow key on the bullets, and a swipe by mouse',
    library: '@splidejs/splide 4.1',
    page: 'splide.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'Next slide' }).click();
      await settle(page, 400);
      await page.getByRole('tab', { name: 'Go to slide 4' }).click();
      await settle(page, 400);
      await page.keyboard.press('ArrowLeft');
      await settle(page, 400);
      const slide = (await page.getByRole('tabpanel', { name: '3 of 5' }).boundingBox())!;
      // A swipe: fast, let go while moving. Two thirds of a slide's width: half would end where Splide's fling (a
      // slide's width at most) lands between two slides, and which one it picks is chance. Quick even on a busy
      // machine: Splide counts no speed in a swipe that took 200 ms, and snaps back.
      await page.mouse.move(slide.x + 500, slide.y + 100);
      await page.mouse.down();
      for (let move = 1; move <= 4; move++) await page.mouse.move(slide.x + 500 - move * 100, slide.y + 100);
      await page.mouse.up();
      await settle(page, 500);
      return 4;
    },
  },
  {
    category: 'spreadsheet on a plain table (no grid roles; cells by their coordinates): a cell typed over, one edited by a double click, a dropdown cell picked, a checkbox cell, Delete on a cell, the selection moved by an arrow key and typed over',
    library: 'jspreadsheet-ce 5.0',
    page: 'jspreadsheet.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      const cell = (x: number, y: number) => page.locator(`td[data-x="${x}"][data-y="${y}"]`);
      await cell(0, 1).click();
      await page.keyboard.type('Parsnips', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await cell(1, 2).dblclick();
      await settle(page);
      await page.keyboard.press('End');
      await page.keyboard.type('0', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      await cell(2, 3).dblclick();
      await settle(page, 400);
      await page.locator('.jdropdown-item', { hasText: 'Herb' }).click();
      await settle(page);
      await cell(3, 1).locator('input').click();
      await settle(page);
      await cell(0, 0).click();
      await page.keyboard.press('Delete');
      await settle(page);
      await cell(1, 0).click();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.type('95', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page);
      return 17;
    },
  },
  {
    category: 'layout of cards placed by transforms, reordered by a pointer drag (an item dropped on another\'s place takes it)',
    library: 'muuri 0.9',
    page: 'muuri.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      const box = async (text: string) => (await page.locator('.item-content', { hasText: text }).boundingBox())!;
      const errors = await box('Errors');
      const revenue = await box('Revenue');
      await dragTo(page, { x: errors.x + 30, y: errors.y + 30 }, { x: revenue.x + 40, y: revenue.y + 40 }, 20, 800);
      const churn = await box('Churn');
      const signups = await box('Signups');
      await dragTo(page, { x: churn.x + 30, y: churn.y + 30 }, { x: signups.x + 200, y: signups.y + 40 }, 20, 800);
      return 2;
    },
  },
  {
    category: 'web components of a design system in a form (Lit, shadow DOM, form-associated; menus in the top layer): a text field, a select, a checkbox and a switch by their labels, a slider by keys, an input chip removed by its ×, a menu, a dialog confirmed',
    library: '@material/web 2.5',
    page: 'material-web.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await settle(page, 400);
    },
    person: async (page) => {
      await page.getByRole('textbox', { name: 'Trip name' }).click();
      await page.keyboard.type('Lisbon', { delay: 20 });
      await page.getByRole('combobox', { name: 'Transport' }).click();
      await settle(page, 500);
      await page.getByRole('option', { name: 'Plane' }).click();
      await settle(page, 500);
      await page.getByText('Travel insurance').click();
      await page.getByRole('switch').click();
      await page.getByRole('slider').click();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await settle(page);
      await page.getByRole('button', { name: 'Remove Grace' }).click();
      await settle(page, 400);
      await page.getByRole('button', { name: 'More' }).click();
      await settle(page, 500);
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Delete trip' }).click();
      await settle(page, 600);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await settle(page, 600);
      return 14;
    },
  },
  {
    category: 'web components of an enterprise design system in a form (Lit, shadow DOM; a combo box, a dropdown and a multi-select with a count chip, a date picker whose calendar opens beside its field, a number input\'s steppers, a toggle drawn over a hidden switch, a menu floated on the body, a modal confirmed)',
    library: '@carbon/web-components 2.63',
    page: 'carbon.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await settle(page, 400);
    },
    person: async (page) => {
      await page.getByLabel('Full name').click();
      await page.keyboard.type('Ada', { delay: 20 });
      await page.getByRole('combobox', { name: 'Country' }).click();
      await page.keyboard.type('au', { delay: 40 });
      await settle(page, 300);
      await page.getByRole('option', { name: 'Austria' }).click();
      await page.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: 'Team' }).click();
      await settle(page, 300);
      await page.getByText('Choose tools').click();
      await page.getByRole('option', { name: 'Git' }).click();
      await page.getByRole('option', { name: 'Slack' }).click();
      await page.keyboard.press('Escape');
      await settle(page, 300);
      await page.getByLabel('Start date').click();
      await settle(page, 500);
      await page.locator('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)', { hasText: /^15$/ }).click();
      await settle(page, 300);
      await page.getByRole('button', { name: 'increase number input' }).click();
      await page.locator('cds-checkbox#terms label').click();
      await page.locator('cds-toggle .cds--toggle__switch').click();
      await page.getByRole('button', { name: 'Row actions' }).click();
      await settle(page, 400);
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await settle(page, 300);
      await page.getByRole('button', { name: 'Place order' }).click();
      await settle(page, 600);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await settle(page, 600);
      return 18;
    },
  },
  {
    category: 'block editor on a contenteditable with its own document model (a slash menu in a portal filtered by typing, markdown shortcuts, a block added by the + its side menu shows on hover, a word made bold from the floating toolbar)',
    library: '@blocknote/mantine 0.51 (React 19, Mantine 9)',
    page: 'blocknote.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByText('Agenda').waitFor();
      await settle(page, 300);
    },
    person: async (page) => {
      await page.getByText('Agenda').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('/head', { delay: 40 });
      await settle(page, 400);
      await page.getByRole('option', { name: /^Heading 2 / }).click();
      await settle(page, 300);
      await page.keyboard.type('Launch plan', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('- Book venue', { delay: 30 });
      await page.keyboard.press('Enter');
      await page.keyboard.type('Send invites', { delay: 30 });
      await settle(page, 300);
      // A block added under the first by the + its side menu shows while the pointer rests on that block.
      await page.getByText('Agenda').hover();
      await settle(page, 300);
      await page.getByRole('button', { name: 'Add block' }).click();
      await settle(page, 400);
      await page.getByRole('option', { name: /^Quote / }).click();
      await settle(page, 300);
      await page.keyboard.type('Draft', { delay: 30 });
      await page.getByText('venue').dblclick();
      await settle(page, 400);
      await page.getByRole('button', { name: /^Bold/ }).click();
      await settle(page, 300);
      return 18;
    },
  },
  {
    category: 'web components of a design system whose overlays open in the top layer (Lit, shadow DOM; a picker, a combo box filtered by typing, a number field\'s stepper drawn with no role, a slider dragged, a checkbox and a switch by their text, tabs, an action menu, a modal dialog from an overlay trigger)',
    library: '@spectrum-web-components/bundle 1.12',
    page: 'spectrum.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await settle(page, 500);
    },
    person: async (page) => {
      await page.getByLabel('Full name').click();
      await page.keyboard.type('Grace', { delay: 20 });
      await page.getByRole('button', { name: /Choose a plan/ }).click();
      await settle(page, 500);
      await page.getByRole('option', { name: 'Team' }).click();
      await settle(page, 400);
      await page.getByRole('combobox', { name: 'City' }).click();
      await page.keyboard.type('ly', { delay: 40 });
      await settle(page, 400);
      await page.getByRole('option', { name: 'Lyon' }).click();
      await settle(page, 300);
      await page.locator('#seats .step-up').click();
      const thumb = (await page.getByRole('slider', { name: 'Volume' }).boundingBox())!;
      await dragTo(page, { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 }, { x: thumb.x + thumb.width / 2 + 100, y: thumb.y + thumb.height / 2 }, 10);
      await page.getByText('Remember me').click();
      await page.getByText('Alerts').click();
      await page.getByRole('tab', { name: 'Billing' }).click();
      await settle(page, 300);
      await page.getByRole('button', { name: 'More' }).click();
      await settle(page, 500);
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Delete profile' }).click();
      await settle(page, 600);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await settle(page, 600);
      return 18;
    },
  },
  {
    category: 'headless tree of buttons (React): a folder expanded by a click, a file renamed in place by F2 (the item drawn anew as an input), a file dragged onto a folder by the browser\'s drag and drop',
    library: '@headless-tree/react 1.7 (React 19)',
    page: 'headless-tree.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByRole('treeitem', { name: 'README.md' }).waitFor();
    },
    person: async (page) => {
      await page.getByRole('treeitem', { name: 'src' }).click();
      await settle(page, 200);
      await page.getByRole('treeitem', { name: 'index.ts' }).click();
      await page.keyboard.press('F2');
      await settle(page, 200);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('main.ts', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page, 300);
      const file = (await page.getByRole('treeitem', { name: 'README.md' }).boundingBox())!;
      const folder = (await page.getByRole('treeitem', { name: 'docs' }).boundingBox())!;
      await dragTo(page, { x: file.x + 30, y: file.y + file.height / 2 }, { x: folder.x + 40, y: folder.y + folder.height / 2 }, 12, 400);
      return 7;
    },
  },
  {
    category: 'code editor of a transparent textarea laid over the highlighted code (React): the caret put past the end of a line by a click, Enter (which the editor indents) and a line typed, a word selected by a double click and typed over',
    library: 'react-simple-code-editor 0.14 (React 19, Prism 1.30)',
    page: 'simple-code-editor.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.locator('#code').waitFor();
    },
    person: async (page) => {
      // Where the highlighted code under the textarea draws a text: what the person sees and points at.
      const drawn = (text: string) => page.locator('pre').evaluate((pre, wanted) => {
        const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.nodeValue!.indexOf(wanted);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + wanted.length);
          const box = range.getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width, height: box.height };
        }
        throw new Error(`no ${wanted}`);
      }, text);
      // Past the end of the second line, where the person clicks after its semicolon.
      const semicolon = await drawn(';');
      await page.mouse.click(semicolon.x + 60, semicolon.y + semicolon.height / 2);
      await page.keyboard.press('Enter');
      await page.keyboard.type('// sum', { delay: 30 });
      await settle(page, 200);
      const word = await drawn('add');
      await page.mouse.dblclick(word.x + word.width / 2, word.y + word.height / 2);
      await page.keyboard.type('sum', { delay: 30 });
      await settle(page, 300);
      return 5;
    },
  },
  {
    category: 'week calendar of tables with events placed over them (an event dragged to another day and hour, another resized by its bottom edge, a third deleted by the × it draws while the pointer rests on it)',
    library: '@daypilot/daypilot-lite-javascript 5.10',
    page: 'daypilot.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByText('Standup').waitFor();
    },
    person: async (page) => {
      // An hour is 30 pixels; a day's column is as wide as the event.
      const standup = (await page.getByText('Standup').boundingBox())!;
      await dragTo(page, { x: standup.x + 40, y: standup.y + 20 }, { x: standup.x + standup.width * 2 + 40, y: standup.y + 80 }, 15, 400);
      const review = (await page.locator('.calendar_default_event', { hasText: 'Design review' }).boundingBox())!;
      await dragTo(page, { x: review.x + review.width / 2, y: review.y + review.height - 2 }, { x: review.x + review.width / 2, y: review.y + review.height + 58 }, 12, 400);
      await page.getByText('Retro').hover();
      await settle(page, 300);
      await page.locator('.calendar_default_event', { hasText: 'Retro' }).locator('.calendar_default_event_delete').click();
      await settle(page, 400);
      return 4;
    },
  },
  {
    category: 'JSON tree whose rows show their edit, remove and add icons only while the pointer rests on them (React): a number edited in place and confirmed by its check icon, a key removed, a key added to a nested object',
    library: '@microlink/react-json-view 1.31 (React 19)',
    page: 'react-json-view.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
      await page.getByText('fontSize').waitFor();
    },
    person: async (page) => {
      const row = (key: string) => page.locator('.variable-row', { hasText: key });
      await row('fontSize').hover();
      await settle(page, 200);
      await row('fontSize').locator('.click-to-edit-icon').click();
      await settle(page, 200);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('16', { delay: 30 });
      await page.locator('.edit-check:not(.detected)').click();
      await settle(page, 300);
      await row('theme').hover();
      await settle(page, 200);
      await row('theme').locator('.click-to-remove-icon').click();
      await settle(page, 300);
      const plugins = page.locator('.object-key-val', { hasText: 'plugins' }).last();
      await plugins.locator('.object-key').first().hover();
      await settle(page, 200);
      await plugins.locator('.click-to-add-icon').first().click();
      await settle(page, 300);
      await page.keyboard.type('autosave', { delay: 30 });
      await page.keyboard.press('Enter');
      await settle(page, 300);
      return 9;
    },
  },
  {
    category: 'menu of buttons in a popover drawn on the body (a tooltip library\'s interactive box, role=tooltip), opened by a click on one of several same-named buttons; a tooltip on hover',
    library: 'tippy.js 6.3',
    page: 'tippy.html',
    ready: async (page) => {
      await page.locator('body[data-ready=yes]').waitFor();
    },
    person: async (page) => {
      await page.getByRole('button', { name: 'About the total' }).hover();
      await settle(page, 500);
      await page.getByRole('listitem').filter({ hasText: 'Churn by region' }).getByRole('button', { name: 'Actions' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Duplicate' }).click();
      await settle(page, 500);
      await page.getByRole('listitem').filter({ hasText: 'Quarterly sales' }).getByRole('button', { name: 'Actions' }).click();
      await settle(page, 500);
      await page.getByRole('button', { name: 'Delete' }).click();
      await settle(page, 500);
      return 4;
    },
  },
];

/** The dashboard card "Errors" dragged by hand to the empty cells under "Sales" (cards found by `card`). */
async function moveErrorsUnderSales(page: Page, card: string): Promise<number> {
  const from = (await page.locator(card, { hasText: 'Errors' }).boundingBox())!;
  const under = (await page.locator(card, { hasText: 'Sales' }).boundingBox())!;
  await dragTo(page, { x: from.x + 30, y: from.y + 30 }, { x: under.x + 30, y: under.y + under.height + 50 }, 20, 500);
  return 1;
}

/** A person adds two lines of code at the end: clicks past the end of the last line, Enter, a line, Enter, a line. */
async function typeTwoLinesAtTheEnd(page: Page, lastLine: Locator): Promise<number> {
  const line = (await lastLine.boundingBox())!;
  await page.mouse.click(line.x + 300, line.y + line.height / 2);
  await page.keyboard.press('Enter');
  await page.keyboard.type('const answer = greet();', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('console.log(answer);', { delay: 30 });
  await settle(page);
  return 5;
}
