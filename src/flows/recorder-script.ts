import type { PageFingerprint } from '../core/page/describe-in-page';

/**
 * Runs in every frame while recording: reports what a person does, and to which element. The element is described
 * (role, name, anchor, selectors) at the start of the gesture, in the capture phase of pointerdown / keydown / focusin,
 * before the page reacts: a button that hides, renames itself or removes its row is recorded as it was when the
 * person aimed at it. The element is also marked with a temporary attribute, so the engine can name it with its own
 * snapshot when it is still there (elements in shadow roots and frames).
 */
export const MARK_ATTRIBUTE = 'data-rehearse-recording';

export interface RecordedEvent {
  readonly kind: 'click' | 'fill' | 'select' | 'check' | 'uncheck' | 'press';
  readonly mark: string;
  readonly value?: string;
  readonly secret?: boolean;
  readonly field?: string;
  /** What the element was at the start of the gesture. */
  readonly fingerprint: PageFingerprint;
  /** Selectors computed then, each finding this element alone (none for elements in shadow roots). */
  readonly selectors: readonly string[];
}

export function installRecorder(
  binding: string, markAttribute: string, token: string,
  describe: (element: Element) => PageFingerprint,
  selectorsFor: (element: Element, fingerprint: PageFingerprint, describe: (element: Element) => PageFingerprint) => string[],
): void {
  const win = window as unknown as Record<string, unknown>;
  // The binding is taken and removed from the page before any script of the page runs: the page cannot call it.
  // Each event carries a token only this script knows, so a page that got hold of the binding still records nothing.
  const raw = win[binding] as ((event: unknown) => Promise<void>) | undefined;
  delete win[binding];
  const installed = Symbol.for(`rehearse.recorder.${token}`);
  if (!raw || (win as unknown as Record<symbol, unknown>)[installed]) return;
  Object.defineProperty(win, installed, { value: true, enumerable: false });
  let counter = 0;
  const markOf = (element: Element): string => {
    let mark = element.getAttribute(markAttribute);
    if (!mark) {
      mark = `${Date.now().toString(36)}-${counter++}`;
      element.setAttribute(markAttribute, mark);
    }
    return mark;
  };
  /** Descriptions taken at the start of a gesture, per element, until the gesture is reported. */
  const described = new WeakMap<Element, { fingerprint: PageFingerprint; selectors: string[] }>();
  const describeNow = (element: Element) => {
    const fingerprint = describe(element);
    const description = { fingerprint, selectors: selectorsFor(element, fingerprint, describe) };
    described.set(element, description);
    return description;
  };
  const descriptionOf = (element: Element) => described.get(element) ?? describeNow(element);
  const send = (kind: RecordedEvent['kind'], element: Element, extra: Partial<RecordedEvent> = {}) => {
    void raw({ kind, mark: markOf(element), ...descriptionOf(element), ...extra, token });
    // The next gesture is described afresh; a field keeps its description while it is being typed into.
    if (kind !== 'fill') described.delete(element);
  };
  const isTextField = (element: Element) =>
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color'].includes(element.type))
    || (element instanceof HTMLElement && element.isContentEditable);
  const isToggle = (element: Element) => element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
  const controlOfLabel = (element: Element) => (element.closest('label') as HTMLLabelElement | null)?.control ?? null;
  /** The element a gesture is about: a label stands for its control. */
  const subject = (event: Event): Element | null => {
    const target = event.composedPath()[0];
    return target instanceof Element ? target : null;
  };
  const pendingFill = new Map<Element, string>();
  const valueOf = (element: Element) => (element instanceof HTMLElement && element.isContentEditable ? element.innerText : (element as HTMLInputElement).value);
  const flushFill = (element: Element) => {
    const value = valueOf(element);
    if (pendingFill.get(element) === value) return;
    pendingFill.set(element, value);
    send('fill', element, { value, secret: element instanceof HTMLInputElement && element.type === 'password', field: (element as HTMLInputElement).name || element.id || '' });
  };
  // Only what a person does: events a page script dispatches are not trusted, and not recorded.
  document.addEventListener('pointerdown', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    describeNow(target);
    const control = controlOfLabel(target);
    if (control) describeNow(control);
  }, true);
  document.addEventListener('focusin', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (target && !described.has(target)) describeNow(target);
  }, true);
  document.addEventListener('click', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target || isTextField(target) || isToggle(target) || target instanceof HTMLSelectElement || target instanceof HTMLOptionElement) return;
    const control = controlOfLabel(target);
    if (control && (isToggle(control) || isTextField(control))) return;
    send('click', target);
  }, true);
  document.addEventListener('change', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    if (target instanceof HTMLSelectElement) send('select', target, { value: target.selectedOptions[0]?.label ?? target.value });
    else if (isToggle(target)) send((target as HTMLInputElement).checked ? 'check' : 'uncheck', target);
    else if (isTextField(target)) flushFill(target);
  }, true);
  document.addEventListener('keydown', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target || !['Enter', 'Escape', 'Tab'].includes(event.key)) return;
    if (isTextField(target)) flushFill(target);
    if (event.key !== 'Tab') send('press', target, { value: event.key });
  }, true);
}
