/**
 * Runs in every frame while recording: reports what the user does to the element it is done to. The element is marked
 * with a temporary attribute at pointerdown, before a click can navigate away, so the engine can find it in a snapshot.
 */
export const MARK_ATTRIBUTE = 'data-rehearse-recording';

export interface RecordedEvent {
  readonly kind: 'target' | 'click' | 'fill' | 'select' | 'check' | 'uncheck' | 'press';
  readonly mark: string;
  readonly value?: string;
  readonly secret?: boolean;
  readonly field?: string;
}

export function installRecorder(binding: string, markAttribute: string, token: string): void {
  const win = window as unknown as Record<string, unknown>;
  // The binding is taken and removed from the page before any script of the page runs: the page cannot call it.
  // Each event carries a token only this script knows, so a page that got hold of the binding still records nothing.
  const raw = win[binding] as ((event: unknown) => Promise<void>) | undefined;
  delete win[binding];
  const installed = Symbol.for(`rehearse.recorder.${token}`);
  if (!raw || (win as unknown as Record<symbol, unknown>)[installed]) return;
  Object.defineProperty(win, installed, { value: true, enumerable: false });
  const send = (event: Record<string, unknown>) => raw({ ...event, token });
  let counter = 0;
  const markOf = (element: Element): string => {
    let mark = element.getAttribute(markAttribute);
    if (!mark) {
      mark = `${Date.now().toString(36)}-${counter++}`;
      element.setAttribute(markAttribute, mark);
    }
    return mark;
  };
  const isTextField = (element: Element) =>
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color'].includes(element.type));
  const isToggle = (element: Element) => element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
  const controlOfLabel = (element: Element) => (element.closest('label') as HTMLLabelElement | null)?.control ?? null;
  const pendingFill = new Map<Element, string>();
  const flushFill = (element: Element) => {
    const value = (element as HTMLInputElement).value;
    if (pendingFill.get(element) === value) return;
    pendingFill.set(element, value);
    void send({ kind: 'fill', mark: markOf(element), value, secret: element instanceof HTMLInputElement && element.type === 'password', field: (element as HTMLInputElement).name || element.id || '' });
  };
  document.addEventListener('pointerdown', (event) => {
    // Only what a person does: events a page script dispatches are not trusted, and not recorded.
    if (!event.isTrusted) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target) void send({ kind: 'target', mark: markOf(target) });
  }, true);
  document.addEventListener('click', (event) => {
    // Only what a person does: events a page script dispatches are not trusted, and not recorded.
    if (!event.isTrusted) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || isTextField(target) || isToggle(target) || target instanceof HTMLSelectElement || target instanceof HTMLOptionElement) return;
    const control = controlOfLabel(target);
    if (control && (isToggle(control) || isTextField(control))) return;
    void send({ kind: 'click', mark: markOf(target) });
  }, true);
  document.addEventListener('input', (event) => {
    // Only what a person does: events a page script dispatches are not trusted, and not recorded.
    if (!event.isTrusted) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && isTextField(target)) markOf(target);
  }, true);
  document.addEventListener('change', (event) => {
    // Only what a person does: events a page script dispatches are not trusted, and not recorded.
    if (!event.isTrusted) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target instanceof HTMLSelectElement) void send({ kind: 'select', mark: markOf(target), value: target.selectedOptions[0]?.label ?? target.value });
    else if (isToggle(target)) void send({ kind: (target as HTMLInputElement).checked ? 'check' : 'uncheck', mark: markOf(target) });
    else if (isTextField(target)) flushFill(target);
  }, true);
  document.addEventListener('keydown', (event) => {
    // Only what a person does: events a page script dispatches are not trusted, and not recorded.
    if (!event.isTrusted) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !['Enter', 'Escape', 'Tab'].includes(event.key)) return;
    if (isTextField(target)) flushFill(target);
    if (event.key !== 'Tab') void send({ kind: 'press', mark: markOf(target), value: event.key });
  }, true);
}
