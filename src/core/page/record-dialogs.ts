import { describeInPage } from './describe-in-page';
import type { Recording } from './recording';

/** Dialogs: the answer the person gave to a confirm() or prompt() belongs to the gesture that opened it. */
export function recordDialogs(r: Recording): void {
  const answered = (answer: { accept: boolean; promptText?: string }) => {
    const opener = r.gesture.element;
    const held = opener ? r.heldClicks.get(opener) : undefined;
    if (held) held.extra.dialog = answer;
    else if (opener) r.post({ kind: 'dialog', mark: '', fingerprint: describeInPage(opener), selectors: [], dialog: answer, token: r.token });
  };
  const nativeConfirm = window.confirm;
  const nativePrompt = window.prompt;
  window.confirm = function confirm(message?: string) {
    const accept = nativeConfirm.call(window, message);
    answered({ accept });
    return accept;
  };
  window.prompt = function prompt(message?: string, defaultValue?: string) {
    const text = nativePrompt.call(window, message, defaultValue);
    answered(text === null ? { accept: false } : { accept: true, promptText: text });
    return text;
  };
}
