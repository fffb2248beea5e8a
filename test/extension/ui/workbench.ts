import type { FrameLocator, Locator, Page } from 'playwright-core';

/**
 * Driving the VS Code workbench as a person does. Every wait is bounded; state is polled, never slept on. What the
 * workbench shows in a moment on a quiet machine can take seconds on a loaded one (quick open searches the folder):
 * the bounds are set for that.
 */
export const SHOWS_MS = 30_000;

export async function runCommand(page: Page, title: string): Promise<void> {
  // Commands appear once the extension host has registered the contributions: try a few times.
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    // F1 can go to something that keeps it, and a modal editor (settings.json) makes the palette inert until it is
    // left: then leave it and try again.
    if (!(await reaches(input, 3_000))) continue;
    if (!(await input.fill(`>${title}`, { timeout: 3_000 }).then(() => true, () => false))) {
      await leaveModalEditor(page);
      continue;
    }
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    if (await row.isVisible().catch(() => false)) {
      // The row can go from under the pointer as the list re-renders or the palette closes: try again, not wait 30 s.
      if (!(await row.click({ timeout: 3_000 }).then(() => true, () => false))) continue;
      // A click can land while the list re-renders and run nothing: the palette then still shows what was typed. A
      // command that asks something next shows its own prompt in the same widget, with other text. A loaded machine
      // takes seconds to close the palette: trying again too soon would run the command twice.
      for (const end = Date.now() + 6_000; Date.now() < end; await page.waitForTimeout(100)) {
        if (!(await input.isVisible()) || (await input.inputValue().catch(() => '')) !== `>${title}`) return;
      }
      continue;
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1_000);
  }
  throw new Error(`command "${title}" is not in the command palette`);
}

/**
 * Types into the open input box and accepts. `prompt` (text the box shows) makes sure it is the expected box, not the
 * previous one still closing: the workbench reuses the same widget for consecutive prompts.
 */
export async function answerInput(page: Page, text: string, prompt?: string | RegExp): Promise<void> {
  if (prompt) await page.locator('.quick-input-widget', { hasText: prompt }).waitFor({ state: 'visible', timeout: SHOWS_MS });
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: SHOWS_MS });
  // A fill that cannot happen (CI saw one time out once, cause unknown) says what the workbench showed meanwhile.
  await input.fill(text, { timeout: SHOWS_MS }).catch(async (error: Error) => {
    const widget = (await page.locator('.quick-input-widget').innerText({ timeout: 1_000 }).catch(() => '?')).replace(/\s+/g, ' ');
    const inert = await input.evaluate((field) => ({ inert: !!field.closest('[inert]'), disabled: (field as HTMLInputElement).disabled, readOnly: (field as HTMLInputElement).readOnly })).catch(() => '?');
    throw new Error(`${error.message.split('\n')[0]}; the prompt showed "${widget}", its field ${JSON.stringify(inert)}; ${await workbenchShows(page)}`);
  });
  await page.keyboard.press('Enter');
}

/** Picks a quick pick row by its text. */
export async function pickItem(page: Page, text: string): Promise<void> {
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
  await row.waitFor({ state: 'visible', timeout: SHOWS_MS });
  await row.click();
}

/** The content of the (single) visible webview. */
export function webview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
}

/** Waits for `locator` to show; if it does not, the error also says what is shown instead (`instead`). */
export async function waitOrSay(locator: Locator, instead: () => Promise<string> | string, timeout = SHOWS_MS): Promise<void> {
  await locator.waitFor({ timeout }).catch(async (error: Error) => {
    throw new Error(`${error.message.split('\n')[0]}; ${await instead()}`);
  });
}

/** Whether `locator` reaches `state` within `timeout`: for a try that is made again, not a failure. */
async function reaches(locator: Locator, timeout: number, state: 'visible' | 'hidden' = 'visible'): Promise<boolean> {
  return locator.waitFor({ state, timeout }).then(() => true, () => false);
}

/**
 * The editor tabs (with what makes one count as shown: active, visible, in a modal part), the quick input and the
 * loaded webviews, for a failure message.
 */
export async function workbenchShows(page: Page): Promise<string> {
  const tabs = await page.locator('.tabs-container .tab').evaluateAll((elements) => elements.map((tab) => {
    const box = tab.getBoundingClientRect();
    const flags = [tab.classList.contains('active') ? 'active' : 'inactive', box.width && box.height ? 'visible' : 'hidden'];
    if (tab.closest('.modal-editor-part')) flags.push('in the modal part');
    return `${tab.textContent ?? ''} (${flags.join(', ')})`;
  }));
  // A tab that is there but not shown sits in a part that is hidden, or squeezed to nothing: say which parts show.
  const parts = await page.locator('.part.editor, .part.panel, .part.sidebar, .part.auxiliarybar, .modal-editor-part').evaluateAll((elements) => elements.map((part) => {
    const box = part.getBoundingClientRect();
    return `${[...part.classList].filter((name) => name !== 'part').join('.')} ${Math.round(box.width)}×${Math.round(box.height)}`;
  }));
  const input = page.locator('.quick-input-widget input');
  const quick = (await input.isVisible().catch(() => false)) ? `quick input shows "${await input.inputValue().catch(() => '?')}"` : 'no quick input';
  return `editor tabs: ${JSON.stringify(tabs)}; parts: ${parts.join(', ')}; ${quick}; webviews loaded: ${await page.locator('iframe.webview.ready').count()}`;
}

/** The inspector's status line, for a failure message. */
export async function inspectorSays(view: FrameLocator): Promise<string> {
  return `the inspector says "${await view.locator('#status').textContent().catch(() => '?')}"`;
}

export function notification(page: Page, text: string | RegExp): Locator {
  return page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
}

/**
 * Opens a workspace file with Quick Open, as a person does, and waits until its tab is the active one. Enter opens the
 * selected row, once that row is the file: until Quick Open has applied the typed name, its list still shows the
 * recently opened editors (the inspector first), and a row of those, or one being redrawn, is not what was asked for.
 * A try that opens nothing is made again (bounded).
 */
export async function openFile(page: Page, name: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  const selected = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first();
  const tab = page.locator('.tabs-container .tab.active', { hasText: name }).filter({ visible: true }).first();
  const tries: string[] = [];
  let opened = false;
  for (let attempt = 0; attempt < 3 && !opened; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    if (!(await reaches(input, SHOWS_MS))) { tries.push('Quick Open did not show'); continue; }
    // Quick Open may close under the keys as the workbench settles (it went inert, then hidden, once in CI): try again.
    if (!(await input.fill(name, { timeout: SHOWS_MS }).then(() => true, () => false))) { tries.push('Quick Open closed before the name was typed'); continue; }
    if (!(await reaches(selected, SHOWS_MS))) { tries.push(`no selected row named ${name}`); continue; }
    await page.keyboard.press('Enter');
    opened = await reaches(tab, 10_000);
    if (!opened) tries.push(`Enter opened no active tab (${await workbenchShows(page)})`);
  }
  // Once seen, the tab is not asked for again: the workbench redraws its tabs (a preview tab made permanent) and a
  // second look can fall in that moment.
  if (!opened) await waitOrSay(tab, async () => `tries: ${tries.join(' | ')}; now ${await workbenchShows(page)}`, 1_000);
  await page.locator('.editor-instance .monaco-editor').first().waitFor({ timeout: SHOWS_MS });
}

/**
 * Closes every editor and waits until none shows, the settings editor's modal part included: the command only starts
 * the closing, and a panel opened "beside" an editor still closing lands in a group that goes with it.
 */
export async function closeAllEditors(page: Page): Promise<void> {
  const open = page.locator('.modal-editor-part, .tabs-container .tab').filter({ visible: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    await runCommand(page, 'View: Close All Editors');
    if (await reaches(open.first(), SHOWS_MS, 'hidden')) return;
    await leaveModalEditor(page);
  }
  throw new Error(`still open after Close All Editors three times: ${(await open.allTextContents()).join(', ')}`);
}

/** The settings editor can open as a modal over the workbench, which is inert while it shows: Escape leaves it. */
export async function leaveModalEditor(page: Page): Promise<void> {
  const modal = page.locator('.modal-editor-part');
  for (let attempt = 0; attempt < 5 && (await modal.isVisible().catch(() => false)); attempt++) {
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden', timeout: 1_000 }).catch(() => undefined);
  }
}

/** The content of the webview whose page has `selector` (several webviews may be open: inspector, agent, browser). */
export async function webviewWith(page: Page, selector: string, timeout = SHOWS_MS): Promise<FrameLocator> {
  for (const end = Date.now() + timeout; Date.now() < end; await page.waitForTimeout(200)) {
    const count = await page.locator('iframe.webview.ready').count();
    for (let index = 0; index < count; index++) {
      const content = page.frameLocator('iframe.webview.ready').nth(index).frameLocator('#active-frame');
      if (await content.locator(selector).count().catch(() => 0)) return content;
    }
  }
  throw new Error(`no webview shows ${selector} after ${timeout} ms (${await workbenchShows(page)})`);
}
