import type { Page } from 'playwright-core';

const TAB_WAIT_MS = 5000;
/** Pages that opened, or clicked something that opens, another window since their last action began (see noteWindowOpen). */
const windowOpens = new WeakSet<Page>();

/** The page hooks' binding: a page called window.open, or a click went to a link or form that opens another window. */
export function noteWindowOpen(page: Page): void {
  windowOpens.add(page);
}

/**
 * A click on a link that opens another tab (`target="_blank"` or a named window), or whose handler calls window.open,
 * returns before the tab exists; the next step must act in that tab, as the person did. Returns the tab the action
 * opened, after it has loaded its document, or undefined when the action opens none.
 */
export async function withNewTab(page: Page, method: string, act: () => Promise<void>): Promise<Page | undefined> {
  if (!/click|press/i.test(method)) {
    await act();
    return undefined;
  }
  // A listener, not page.waitForEvent: Playwright's server keeps each such wait's record until the client says it
  // ended, which it cannot once the page has closed, so a session ended within the wait (a replay's last click) left
  // one behind for the life of the process.
  let popped: Page | undefined;
  let arrived = () => undefined as void;
  const onPopup = (tab: Page) => {
    popped ??= tab;
    arrived();
  };
  page.on('popup', onPopup);
  try {
    windowOpens.delete(page);
    await act();
    // The page hooks say through a binding, which arrives before the action's own answer, when the action opened a tab
    // from script or clicked a link to another window: only then is the tab waited for.
    if (!windowOpens.delete(page)) return undefined;
    if (!popped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, TAB_WAIT_MS);
        arrived = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    page.off('popup', onPopup);
  }
  await popped?.waitForLoadState('domcontentloaded').catch(() => undefined);
  return popped;
}
