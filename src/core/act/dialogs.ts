import type { Dialog, Page } from 'playwright-core';
import type { DialogAnswer } from '../../schema';

export type { DialogAnswer };

/** How long after an action its dialog may still open (a confirm from a timer or a fetch's answer). */
const DIALOG_GRACE_MS = 5_000;
const pending = new WeakMap<Page, () => void>();

/**
 * Answers the next dialog the page opens as a person did when it was recorded. The answer holds for one dialog, until
 * the next action sets another, or for a few seconds; a dialog nobody answers is dismissed by Playwright, as before.
 */
export function answerDialogs(page: Page, answer: DialogAnswer): void {
  pending.get(page)?.();
  const handler = (dialog: Dialog) => {
    stop();
    const answered = answer.accept ? dialog.accept(dialog.type() === 'prompt' ? answer.promptText ?? dialog.defaultValue() : undefined) : dialog.dismiss();
    answered.catch(() => undefined);
  };
  const timer = setTimeout(() => stop(), DIALOG_GRACE_MS);
  timer.unref?.();
  const stop = () => {
    clearTimeout(timer);
    page.off('dialog', handler);
    if (pending.get(page) === stop) pending.delete(page);
  };
  pending.set(page, stop);
  page.on('dialog', handler);
}
