import { isSecretField } from '../snapshot/secret-fields';
import { describeInPage, type PageFingerprint } from './describe-in-page';
import { RECORDING_MARK } from './keys';
import { selectorsInPage } from './selectors-in-page';

/**
 * Runs in every frame while recording: reports what a person does, and to which element. The element is described
 * (role, name, anchor, selectors) at the start of the gesture, in the capture phase of pointerdown / keydown / focusin,
 * before the page reacts: a button that hides, renames itself or removes its row is recorded as it was when the
 * person aimed at it. The element is also marked with a temporary attribute, so the engine can name it with its own
 * snapshot when it is still there (elements in shadow roots and frames).
 * Listeners are on the window, not the document: a tab opened by window.open keeps the window of its first, empty
 * document (where this script ran) for the page it then loads, and scripts for new documents do not run again.
 */
export interface RecordedEvent {
  readonly kind: 'click' | 'doubleClick' | 'rightClick' | 'fill' | 'select' | 'check' | 'uncheck' | 'press' | 'scroll' | 'focus' | 'blur' | 'drag' | 'upload' | 'dialog';
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
  /** Where on the element a click landed, for elements where that matters (a canvas, an image map). */
  readonly position?: readonly [number, number];
  /** How far a container was scrolled across, when it was. */
  readonly scrollLeft?: string;
  /** Where a dragged element was dropped. */
  readonly destination?: { readonly fingerprint: PageFingerprint; readonly selectors: readonly string[] };
  /** The names of the files chosen in a file input. */
  readonly files?: readonly string[];
  /** How the person answered a confirm or prompt the gesture opened. */
  readonly dialog?: { readonly accept: boolean; readonly promptText?: string };
  /** The frame's address when the gesture was made. */
  readonly url?: string;
}

export function installRecorder(binding: string, token: string): void {
  const markAttribute = RECORDING_MARK;
  const describe = describeInPage;
  const selectorsFor = selectorsInPage;
  const isSecret = isSecretField;
  const win = window as unknown as Record<string, unknown>;
  // The binding is taken and removed from the page before any script of the page runs: the page cannot call it.
  // Each event carries a token only this script knows, so a page that got hold of the binding still records nothing.
  const binding_ = win[binding] as ((event: unknown) => Promise<void>) | undefined;
  delete win[binding];
  /** While the recorder stops, events are handed back with its call (a binding call could arrive after it). */
  let handedBack: unknown[] | undefined;
  const raw = (event: unknown) => (handedBack ? handedBack.push(event) : binding_?.(event));
  const installed = Symbol.for(`rehearse.recorder.${token}`);
  if (!binding_ || (win as unknown as Record<symbol, unknown>)[installed]) return;
  // Under that name: a way for the recorder, when it stops, to take the clicks still held back (see below).
  Object.defineProperty(win, installed, {
    value: () => {
      handedBack = [];
      flushHeld();
      const events = handedBack;
      handedBack = undefined;
      return events;
    },
    enumerable: false,
  });
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
  const described = new WeakMap<Element, { fingerprint: PageFingerprint; selectors: string[]; namePattern?: string; url: string }>();
  const describeNow = (element: Element) => {
    const fingerprint = describe(element);
    // The address too: a click on a link changes it before the step is sent.
    const description = { fingerprint, ...selectorsFor(element, fingerprint, describe), url: location.href };
    described.set(element, description);
    return description;
  };
  const descriptionOf = (element: Element) => described.get(element) ?? describeNow(element);
  // A click is held back for the length of a double click (two clicks that make one are recorded as one doubleClick),
  // or, when it may leave the page (a link, a submit button), until the page's own handlers have run: either way a
  // confirm() the click opens is answered before the step is sent, and the step carries the answer. Anything else the
  // person does first, or the page unloading, sends the clicks held back, so steps keep their order.
  const DOUBLE_CLICK_MS = 400;
  const heldClicks = new Map<Element, { timer: number; extra: { -readonly [K in keyof RecordedEvent]?: RecordedEvent[K] } }>();
  const flushHeld = (except?: Element, only?: Element) => {
    for (const [element, held] of [...heldClicks]) {
      if (element === except || !heldClicks.has(element)) continue;
      if (only && element !== only) continue;
      window.clearTimeout(held.timer);
      heldClicks.delete(element);
      send('click', element, held.extra);
    }
  };
  // "Once the page's handlers have run" is a message to ourselves: unlike a timer, it is not slowed down when the click
  // opened a tab and this page went to the background.
  const afterHandlers = new MessageChannel();
  afterHandlers.port1.onmessage = () => {
    for (const [element, held] of heldClicks) if (held.timer === 0) flushHeld(undefined, element);
  };
  const hold = (element: Element, ms: number, extra: Partial<RecordedEvent>) => {
    if (heldClicks.has(element)) flushHeld();
    descriptionOf(element);
    heldClicks.set(element, { extra: { ...extra }, timer: ms ? window.setTimeout(() => flushHeld(), ms) : 0 });
    if (!ms) afterHandlers.port2.postMessage(0);
  };
  // A page leaving, hidden behind a tab it opened, or losing the focus sends what it holds: the next gesture may be elsewhere.
  for (const type of ['pagehide', 'beforeunload', 'blur']) {
    window.addEventListener(type, (event) => {
      if (event.target === window || type !== 'blur') flushHeld();
    }, true);
  }
  window.addEventListener('visibilitychange', () => {
    if (document.hidden) flushHeld();
  });
  /** The element a field had focus without any step about it (clicked into and left as it was): a focus step. */
  let untouched: { element: Element; value: string } | undefined;
  const send = (kind: RecordedEvent['kind'], element: Element, extra: Partial<RecordedEvent> = {}): void => {
    if (kind !== 'click' || !heldClicks.has(element)) flushHeld(kind === 'doubleClick' ? element : undefined);
    if (untouched?.element === element) untouched = undefined;
    void raw({ kind, mark: markOf(element), ...descriptionOf(element), ...extra, token });
    // The next gesture is described afresh; a field keeps its description while it is being typed into.
    if (kind !== 'fill') described.delete(element);
  };
  const isTextField = (element: Element) =>
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color'].includes(element.type))
    || (element instanceof HTMLElement && element.isContentEditable);
  /** Inputs recorded by the value they end with (fill), or the files chosen (upload), never by the clicks on them. */
  const isSetByValue = (element: Element) => element instanceof HTMLInputElement && ['range', 'color', 'file'].includes(element.type);
  /** Elements where the place of a click matters to the page: the step keeps it. */
  const isPositional = (element: Element) => element instanceof HTMLCanvasElement || (element instanceof HTMLImageElement && (element.isMap || !!element.useMap));
  const positionIn = (element: Element, event: MouseEvent): Partial<RecordedEvent> => {
    if (!isPositional(element)) return {};
    const box = element.getBoundingClientRect();
    // Playwright places a click from the padding box's corner: inside the border.
    return { position: [Math.max(0, Math.round(event.clientX - box.left - element.clientLeft)), Math.max(0, Math.round(event.clientY - box.top - element.clientTop))] };
  };
  const isToggle = (element: Element) => element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
  const controlOfLabel = (element: Element) => element.closest('label')?.control ?? null;
  /** The element a gesture is about: a label stands for its control. */
  const subject = (event: Event): Element | null => {
    const target = event.composedPath()[0];
    return target instanceof Element ? target : null;
  };
  const pendingFill = new Map<Element, string>();
  const valueOf = (element: Element) => (element instanceof HTMLElement && element.isContentEditable ? element.innerText : (element as HTMLInputElement).value);
  // What the fields hold when recording starts is where the page is (Record at Cursor replays up to there), not a step.
  for (const field of document.querySelectorAll('input, textarea, [contenteditable]')) if (isTextField(field)) pendingFill.set(field, valueOf(field));
  const flushFill = (element: Element) => {
    const value = valueOf(element);
    if (pendingFill.get(element) === value) return;
    pendingFill.set(element, value);
    const secret = isSecret(element.localName, { type: element.getAttribute('type') ?? undefined, autocomplete: element.getAttribute('autocomplete') ?? undefined });
    // A secret's value never leaves the page: the step gets a secret variable instead.
    send('fill', element, { value: secret ? '' : value, secret, field: (element as HTMLInputElement).name || element.id || '' });
  };
  // Only what a person does: events a page script dispatches are not trusted, and not recorded.
  /** The element of the gesture under way: a dialog it opens is its answer. */
  let gestureElement: Element | null = null;
  let pressedOn: Element | null = null;
  /** When the person last pressed a button or a key: focus that follows is theirs (autofocus is not). */
  let personInputAt = 0;
  window.addEventListener('pointerdown', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    gestureElement = pressedOn = target;
    backgroundClick = null;
    personInputAt = Date.now();
    flushHeld(target);
    describeNow(target);
    const control = controlOfLabel(target);
    if (control) describeNow(control);
  }, true);
  window.addEventListener('focusin', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    if (!described.has(target)) describeNow(target);
    if ((isTextField(target) || target instanceof HTMLSelectElement) && Date.now() - personInputAt < 1000) untouched = { element: target, value: valueOf(target) };
  }, true);
  /** A click on the page's background (no role, no pointer cursor) is what makes a field lose focus, not a step. */
  const isBackground = (element: Element) => ['generic', 'none', 'paragraph', 'main', 'region', 'section', 'article', 'heading', 'list', 'form', 'group'].includes(describe(element).role)
    && getComputedStyle(element).cursor !== 'pointer' && !(element instanceof HTMLLabelElement);
  /** The click that made a field lose focus (recorded as its blur), not a step of its own. */
  let backgroundClick: Element | null = null;
  window.addEventListener('focusout', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    if (untouched?.element === target) {
      // Typed into, it is a fill; left as it was, a focus step replays what the page did on focus.
      if (valueOf(target) !== untouched.value && isTextField(target)) flushFill(target);
      else send('focus', target);
      untouched = undefined;
    }
    // Left for the page's background: a blur step, not a click on nothing.
    const leftFor = event instanceof FocusEvent ? event.relatedTarget : null;
    if (!leftFor && pressedOn && pressedOn !== target && Date.now() - personInputAt < 1000 && isBackground(pressedOn) && (isTextField(target) || target instanceof HTMLSelectElement)) {
      backgroundClick = pressedOn;
      send('blur', target);
    }
  }, true);
  const mayNavigate = (element: Element) => !!element.closest('a[href], button[type=submit], input[type=submit], form button:not([type])');
  window.addEventListener('click', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target || isTextField(target) || isToggle(target) || isSetByValue(target) || target instanceof HTMLSelectElement || target instanceof HTMLOptionElement) return;
    const control = controlOfLabel(target);
    if (control && (isToggle(control) || isTextField(control) || isSetByValue(control))) return;
    if (target === backgroundClick) backgroundClick = null;
    else if (event.detail < 2) hold(target, mayNavigate(target) ? 0 : DOUBLE_CLICK_MS, positionIn(target, event));
  }, true);
  window.addEventListener('contextmenu', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (target) send('rightClick', target, positionIn(target, event));
  }, true);
  // Dialogs: the answer the person gave belongs to the gesture that opened the dialog.
  const answered = (answer: { accept: boolean; promptText?: string }) => {
    const held = gestureElement ? heldClicks.get(gestureElement) : undefined;
    if (held) held.extra.dialog = answer;
    else if (gestureElement) void raw({ kind: 'dialog', mark: markOf(gestureElement), fingerprint: describe(gestureElement), selectors: [], dialog: answer, token });
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
  // Drag and drop (HTML5): one step, from the element picked up to where it was dropped.
  let dragged: Element | null = null;
  window.addEventListener('dragstart', (event) => {
    dragged = event.isTrusted ? subject(event) : null;
    if (dragged) describeNow(dragged);
  }, true);
  window.addEventListener('drop', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target || !dragged) return;
    const fingerprint = describe(target);
    markOf(target);
    send('drag', dragged, { destination: { fingerprint, selectors: selectorsFor(target, fingerprint, describe).selectors } });
    dragged = null;
  }, true);
  // Scrolling a person does (the wheel, the keyboard, a touch), recorded where it stops: the page or a container at
  // that many pixels. Scrolling the page does by itself (an element brought into view) is not a step.
  const SCROLL_SETTLE_MS = 250;
  const GESTURE_SCROLLS_WITHIN_MS = 600;
  let personScrolledAt = 0;
  // Where the scrollers around a key the person pressed stood when it came. A scroll the page did just before (a focus
  // that brought a field into view) fires its event a frame later, inside the key's window: it ends where the key found
  // it, so it is not the person's. Only keys: the wheel and touch scroll before their event reaches the page.
  const beforeKey = new Map<Element, { top: number; left: number }>();
  const personScrolls = (event: Event) => {
    if (!event.isTrusted) return;
    if (event.type !== 'keydown') beforeKey.clear();
    else if (Date.now() - personScrolledAt > GESTURE_SCROLLS_WITHIN_MS) {
      beforeKey.clear();
      const page = document.scrollingElement ?? document.documentElement;
      for (let node = event.target instanceof Element ? event.target : null; node; node = node.parentElement) beforeKey.set(node, { top: node.scrollTop, left: node.scrollLeft });
      beforeKey.set(page, { top: page.scrollTop, left: page.scrollLeft });
    }
    personScrolledAt = Date.now();
  };
  for (const type of ['wheel', 'touchmove']) window.addEventListener(type, personScrolls, { capture: true, passive: true });
  window.addEventListener('keydown', (event) => {
    if (['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', ' ', 'Home', 'End'].includes(event.key)) personScrolls(event);
  }, true);
  const scrolling = new Map<Element, number>();
  window.addEventListener('scroll', (event) => {
    if (!event.isTrusted || Date.now() - personScrolledAt > GESTURE_SCROLLS_WITHIN_MS) return;
    const scroller = event.target instanceof Element ? event.target : document.scrollingElement ?? document.documentElement;
    window.clearTimeout(scrolling.get(scroller));
    scrolling.set(scroller, window.setTimeout(() => {
      scrolling.delete(scroller);
      const found = beforeKey.get(scroller);
      if (found && found.top === scroller.scrollTop && found.left === scroller.scrollLeft) return;
      const top = String(Math.round(scroller.scrollTop));
      const across = Math.round(scroller.scrollLeft) ? { scrollLeft: String(Math.round(scroller.scrollLeft)) } : {};
      if (scroller === document.scrollingElement || scroller === document.documentElement) {
        flushHeld();
        void raw({ kind: 'scroll', mark: '', value: top, ...across, fingerprint: { role: 'generic', name: '' }, selectors: ['css=html'], page: true, url: location.href, token });
      } else {
        send('scroll', scroller, { value: top, ...across });
      }
    }, SCROLL_SETTLE_MS));
  }, true);
  window.addEventListener('dblclick', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    const held = heldClicks.get(target);
    if (held !== undefined) {
      window.clearTimeout(held.timer);
      heldClicks.delete(target);
    }
    send('doubleClick', target, { ...positionIn(target, event), ...(held?.extra.dialog ? { dialog: held.extra.dialog } : {}) });
  }, true);
  window.addEventListener('change', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    if (target instanceof HTMLSelectElement) {
      const chosen = [...target.selectedOptions].map((option) => option.label);
      send('select', target, target.multiple ? { values: chosen } : { value: chosen[0] ?? target.value });
    }
    else if (isToggle(target)) send((target as HTMLInputElement).checked ? 'check' : 'uncheck', target);
    else if (target instanceof HTMLInputElement && target.type === 'file') send('upload', target, { files: [...(target.files ?? [])].map((file) => file.name) });
    else if (isSetByValue(target)) send('fill', target, { value: (target as HTMLInputElement).value });
    else if (isTextField(target)) flushFill(target);
  }, true);
  // Keys that do something beyond typing: Enter, Escape, Tab, arrows and the like outside text fields, and any key
  // with Control, Alt or Meta; written as Playwright names them (`Shift+Tab`, `Control+a`).
  const COMMAND_KEYS = new Set(['Enter', 'Escape', 'Tab']);
  const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Delete', 'Backspace', ' ']);
  window.addEventListener('keydown', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (target) {
      gestureElement = target;
      personInputAt = Date.now();
    }
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
