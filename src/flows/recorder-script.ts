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
  readonly kind: 'click' | 'doubleClick' | 'rightClick' | 'fill' | 'select' | 'check' | 'uncheck' | 'press' | 'scroll';
  readonly mark: string;
  readonly value?: string;
  /** Every option chosen in a multiple select. */
  readonly values?: readonly string[];
  readonly secret?: boolean;
  readonly field?: string;
  /** What the element was at the start of the gesture. */
  readonly fingerprint: PageFingerprint;
  /** Selectors computed then, each finding this element alone (none for elements in shadow roots). */
  readonly selectors: readonly string[];
  /** A pattern for a name that holds a count (see selectorsInPage). */
  readonly namePattern?: string;
  /** The page itself (a scroll of the document), which has no element to name. */
  readonly page?: boolean;
}

export function installRecorder(
  binding: string, markAttribute: string, token: string,
  describe: (element: Element) => PageFingerprint,
  selectorsFor: (element: Element, fingerprint: PageFingerprint, describe: (element: Element) => PageFingerprint) => { selectors: string[]; namePattern?: string },
): void {
  const win = window as unknown as Record<string, unknown>;
  // The binding is taken and removed from the page before any script of the page runs: the page cannot call it.
  // Each event carries a token only this script knows, so a page that got hold of the binding still records nothing.
  const raw = win[binding] as ((event: unknown) => Promise<void>) | undefined;
  delete win[binding];
  const installed = Symbol.for(`rehearse.recorder.${token}`);
  if (!raw || (win as unknown as Record<symbol, unknown>)[installed]) return;
  // Under that name: a way for the recorder, when it stops, to send the clicks still held back (see below).
  Object.defineProperty(win, installed, { value: () => flushHeld(), enumerable: false });
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
  const described = new WeakMap<Element, { fingerprint: PageFingerprint; selectors: string[]; namePattern?: string }>();
  const describeNow = (element: Element) => {
    const fingerprint = describe(element);
    const description = { fingerprint, ...selectorsFor(element, fingerprint, describe) };
    described.set(element, description);
    return description;
  };
  const descriptionOf = (element: Element) => described.get(element) ?? describeNow(element);
  // A click is held back for the length of a double click, unless it may leave the page (a link, a submit button):
  // two clicks that make a double click are recorded as one doubleClick. Anything else the person does first sends
  // the clicks held back, so steps keep their order.
  const DOUBLE_CLICK_MS = 400;
  const heldClicks = new Map<Element, number>();
  const flushHeld = (except?: Element) => {
    for (const [element, timer] of [...heldClicks]) {
      if (element === except || !heldClicks.has(element)) continue;
      window.clearTimeout(timer);
      heldClicks.delete(element);
      send('click', element);
    }
  };
  const send = (kind: RecordedEvent['kind'], element: Element, extra: Partial<RecordedEvent> = {}): void => {
    if (kind !== 'click' || !heldClicks.has(element)) flushHeld(kind === 'doubleClick' ? element : undefined);
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
    flushHeld(target);
    describeNow(target);
    const control = controlOfLabel(target);
    if (control) describeNow(control);
  }, true);
  document.addEventListener('focusin', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (target && !described.has(target)) describeNow(target);
  }, true);
  const mayNavigate = (element: Element) => !!element.closest('a[href], button[type=submit], input[type=submit], form button:not([type])');
  document.addEventListener('click', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target || isTextField(target) || isToggle(target) || target instanceof HTMLSelectElement || target instanceof HTMLOptionElement) return;
    const control = controlOfLabel(target);
    if (control && (isToggle(control) || isTextField(control))) return;
    if (event.detail >= 2) return;
    if (mayNavigate(target)) {
      send('click', target);
      return;
    }
    descriptionOf(target);
    heldClicks.set(target, window.setTimeout(() => {
      heldClicks.delete(target);
      send('click', target);
    }, DOUBLE_CLICK_MS));
  }, true);
  document.addEventListener('contextmenu', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (target) send('rightClick', target);
  }, true);
  // Scrolling a person does (the wheel, the keyboard, a touch), recorded where it stops: the page or a container at
  // that many pixels. Scrolling the page does by itself (an element brought into view) is not a step.
  const SCROLL_SETTLE_MS = 250;
  let personScrolledAt = 0;
  const personScrolls = (event: Event) => {
    if (event.isTrusted) personScrolledAt = Date.now();
  };
  for (const type of ['wheel', 'touchmove']) document.addEventListener(type, personScrolls, { capture: true, passive: true });
  document.addEventListener('keydown', (event) => {
    if (['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', ' ', 'Home', 'End'].includes(event.key)) personScrolls(event);
  }, true);
  const scrolling = new Map<Element, number>();
  document.addEventListener('scroll', (event) => {
    if (!event.isTrusted || Date.now() - personScrolledAt > 600) return;
    const scroller = event.target instanceof Element ? event.target : document.scrollingElement ?? document.documentElement;
    window.clearTimeout(scrolling.get(scroller));
    scrolling.set(scroller, window.setTimeout(() => {
      scrolling.delete(scroller);
      const top = String(Math.round(scroller.scrollTop));
      if (scroller === document.scrollingElement || scroller === document.documentElement) {
        flushHeld();
        void raw({ kind: 'scroll', mark: '', value: top, fingerprint: { role: 'generic', name: '' }, selectors: ['css=html'], page: true, token });
      } else {
        send('scroll', scroller, { value: top });
      }
    }, SCROLL_SETTLE_MS));
  }, true);
  document.addEventListener('dblclick', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    const held = heldClicks.get(target);
    if (held !== undefined) {
      window.clearTimeout(held);
      heldClicks.delete(target);
    }
    send('doubleClick', target);
  }, true);
  document.addEventListener('change', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    if (target instanceof HTMLSelectElement) {
      const chosen = [...target.selectedOptions].map((option) => option.label);
      send('select', target, target.multiple ? { values: chosen } : { value: chosen[0] ?? target.value });
    }
    else if (isToggle(target)) send((target as HTMLInputElement).checked ? 'check' : 'uncheck', target);
    else if (isTextField(target)) flushFill(target);
  }, true);
  // Keys that do something beyond typing: Enter, Escape, Tab, arrows and the like outside text fields, and any key
  // with Control, Alt or Meta; written as Playwright names them (`Shift+Tab`, `Control+a`).
  const COMMAND_KEYS = new Set(['Enter', 'Escape', 'Tab']);
  const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Delete', 'Backspace', ' ']);
  document.addEventListener('keydown', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target || event.repeat || ['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
    const chord = event.ctrlKey || event.altKey || event.metaKey;
    const field = isTextField(target);
    // Keys that move within a select or press a button or toggle are recorded by what they did (change, click).
    const movesWithin = target instanceof HTMLSelectElement || (event.key === ' ' && (target instanceof HTMLButtonElement || isToggle(target)));
    const recorded = COMMAND_KEYS.has(event.key) || chord || (!field && NAVIGATION_KEYS.has(event.key) && !movesWithin);
    if (!recorded) return;
    if (field) flushFill(target);
    const key = event.key === ' ' ? 'Space' : event.key;
    const name = `${event.ctrlKey ? 'Control+' : ''}${event.altKey ? 'Alt+' : ''}${event.metaKey ? 'Meta+' : ''}${event.shiftKey && (key.length > 1 || chord) ? 'Shift+' : ''}${key}`;
    send('press', target, { value: name });
  }, true);
}
