import { isSecretField } from '../snapshot/secret-fields';
import { describeInPage, type PageFingerprint } from './describe-in-page';
import { editableRoot, isSetByValue, isTextField, isToggle, positionIn, valueOf } from './fields';
import type { RecordedEvent } from './recorded-event';
import { listenInsideShadowRoots } from './shadow-listeners';
import { orderOf, stateOf, type ElementState } from './element-state';
import { effectOutbox } from './effect-outbox';
import { customControlAround, gestureTarget } from './gesture-target';
import { RECORDING_MARK } from './keys';
import { DRAG_DISTANCE, dropCandidates, dropPlace } from './pointer-drag';
import { isPositional as isPlaceSelector } from './positional-path';
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
      flushOutbox();
      const events = handedBack;
      handedBack = undefined;
      return events;
    },
    enumerable: false,
  });
  let counter = 0;
  const documentId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  // The engine names an element by this mark only where the page could not (in a frame, in a shadow root); elsewhere
  // nothing is written into the page, whose content an editor may save. The engine removes each mark once it has named it.
  const markOf = (element: Element, selectors: readonly string[]): string => {
    if (selectors.length && window.top === window) return '';
    // A mark of its own for each step, beside those of earlier steps on the same element not yet named: the engine
    // takes each off once it has named its element.
    const mark = `${Date.now().toString(36)}-${counter++}`;
    element.setAttribute(markAttribute, `${element.getAttribute(markAttribute) ?? ''} ${mark}`.trim());
    return mark;
  };
  /** Descriptions taken at the start of a gesture, per element, until the gesture is reported. */
  const described = new WeakMap<Element, { fingerprint: PageFingerprint; selectors: string[]; namePattern?: string; url: string }>();
  /** The element's state at the start of its gesture: what the gesture changed is its effect. */
  const statesBefore = new WeakMap<Element, ElementState>();
  const describeNow = (element: Element) => {
    const fingerprint = describe(element);
    // The address too: a click on a link changes it before the step is sent.
    const description = { fingerprint, ...selectorsFor(element, fingerprint, describe), url: location.href };
    described.set(element, description);
    statesBefore.set(element, stateOf(element));
    return description;
  };
  const descriptionOf = (element: Element) => described.get(element) ?? describeNow(element);
  // Steps wait until the page has reacted to them (or the next gesture starts), so that what each changed is read.
  const { post, flush: flushOutbox } = effectOutbox((payload) => void raw({ ...payload, document: documentId }), (element) => statesBefore.get(element));
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
      if (event.target === window || type !== 'blur') {
        flushHeld();
        flushOutbox();
      }
    }, true);
  }
  window.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      flushHeld();
      flushOutbox();
    }
  });
  /** The element a field had focus without any step about it (clicked into and left as it was): a focus step. */
  let untouched: { element: Element; value: string } | undefined;
  /** Whether the gesture under way (since the last pointerdown) has become a step, and whether a click came of it. */
  let gestureSent = false;
  let clickSeen = false;
  const send = (kind: RecordedEvent['kind'], element: Element, extra: Partial<RecordedEvent> = {}, order?: string[]): void => {
    if (kind !== 'click' || !heldClicks.has(element)) flushHeld(kind === 'doubleClick' ? element : undefined);
    if (untouched?.element === element) untouched = undefined;
    gestureSent = true;
    const description = descriptionOf(element);
    post({ kind, mark: markOf(element, description.selectors), ...description, ...extra, token }, element, order);
    // The next gesture is described afresh; a field keeps its description while it is being typed into.
    if (kind !== 'fill') described.delete(element);
  };
  const controlOfLabel = (element: Element) => element.closest('label')?.control ?? null;
  /** The element a gesture is about (a contenteditable region by its root). */
  const subject = (event: Event): Element | null => {
    const target = event.composedPath()[0];
    return target instanceof Element ? editableRoot(target) : null;
  };
  /** The element a pointer gesture is about, as a person means it (an icon's button, a slot's tab). */
  const pointed = (event: Event): Element | null => {
    const target = gestureTarget(event.composedPath());
    return target ? editableRoot(target) : null;
  };
  const pendingFill = new Map<Element, string>();
  // What the fields hold when recording starts is where the page is (Record at Cursor replays up to there), not a step.
  for (const field of document.querySelectorAll('input, textarea, [contenteditable]')) if (isTextField(field)) pendingFill.set(field, valueOf(field));
  // Fields the person typed into since their value was last written: a value the page's script set (a combobox that
  // clears its filter after a pick) is where the page went, not the person's typing, and replaying it would undo a pick.
  const typedInto = new WeakSet<Element>();
  window.addEventListener('input', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (target) typedInto.add(target);
  }, true);
  const flushFill = (element: Element) => {
    const value = valueOf(element);
    if (pendingFill.get(element) === value) return;
    pendingFill.set(element, value);
    if (!typedInto.has(element)) return;
    typedInto.delete(element);
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
  /** The text field the person is in, whose typing is written when they leave it or start another gesture. */
  let typingIn: Element | null = null;
  /** What the last gesture pressed, and whether it was Tab: focus that follows either is the person's. */
  let tabbedAt = 0;
  let downAt: { x: number; y: number; element: Element; order: string[]; places: ReturnType<typeof dropCandidates> } | null = null;
  let mouseDragging = false;
  let mutations = 0;
  /** How many changes the page had made when the person last pressed: what it changes after is the press's doing. */
  let mutationsAtPress = 0;
  /** And when they first pressed a key after that: what the page changes from then on is their typing's doing. */
  let mutationsAtKey: number | null = null;
  // What the page changed: a field that styles itself or its form group on focus changed nothing a person acts on.
  new MutationObserver((records) => {
    for (const record of records) {
      const styling = record.type === 'attributes' && pressedOn && record.target instanceof Element && record.target.contains(pressedOn);
      if (!styling) mutations++;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.addEventListener('pointerdown', (event) => {
    const target = event.isTrusted ? pointed(event) : null;
    if (!target) return;
    // What was typed comes before what the person does next (a double click on a word of it, a button), whatever the
    // next gesture waits for.
    if (typingIn) flushFill(typingIn);
    flushOutbox();
    gestureElement = pressedOn = target;
    gestureSent = false;
    clickSeen = false;
    mutationsAtPress = mutations;
    mutationsAtKey = null;
    backgroundClick = null;
    personInputAt = Date.now();
    flushHeld(target);
    describeNow(target);
    const control = controlOfLabel(target);
    if (control) describeNow(control);
    // A press that could start a drag of the element itself: not in a field (selecting text), not on a native slider
    // (recorded by its value), not on a scrollbar (the scroll is recorded where it stops).
    const box = target.getBoundingClientRect();
    const scrolls = target.scrollHeight > target.clientHeight || target.scrollWidth > target.clientWidth;
    const onScrollbar = scrolls && (event.clientX - box.left - target.clientLeft > target.clientWidth || event.clientY - box.top - target.clientTop > target.clientHeight);
    const draggable = event.button === 0 && !isTextField(target) && !isSetByValue(target) && !onScrollbar;
    downAt = draggable ? { x: event.clientX, y: event.clientY, element: target, order: orderOf(target), places: [] } : null;
    mouseDragging = false;
  }, true);
  window.addEventListener('keydown', (event) => {
    if (event.isTrusted && mutationsAtKey === null) mutationsAtKey = mutations;
  }, true);
  window.addEventListener('focusin', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    if (!described.has(target)) describeNow(target);
    if (isTextField(target)) {
      typingIn = target;
      // A field a widget made while open (an in-place editor) starts from what it holds: that is not typing.
      if (!pendingFill.has(target)) pendingFill.set(target, valueOf(target));
    }
    // Focus the page's own script moves (a picker giving its input the focus back) is not the person's.
    const byPerson = Date.now() - tabbedAt < 1000 || (pressedOn !== null && Date.now() - personInputAt < 1000 && (pressedOn === target || target.contains(pressedOn) || pressedOn.contains(target) || controlOfLabel(pressedOn) === target));
    if ((isTextField(target) || target instanceof HTMLSelectElement) && byPerson) untouched = { element: target, value: valueOf(target) };
  }, true);
  /** A click on the page's background (no role, no pointer cursor) is what makes a field lose focus, not a step. */
  const isBackground = (element: Element) => ['generic', 'none', 'paragraph', 'main', 'region', 'section', 'article', 'heading', 'list', 'form', 'group'].includes(describe(element).role)
    && getComputedStyle(element).cursor !== 'pointer' && !(element instanceof HTMLLabelElement);
  /** The click that made a field lose focus (recorded as its blur), not a step of its own. */
  let backgroundClick: Element | null = null;
  window.addEventListener('focusout', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    if (typingIn === target) typingIn = null;
    // Typed into, it is a fill (whoever gave it the focus); left as it was after the person focused it, a focus step
    // replays what the page did on focus.
    if (isTextField(target) && pendingFill.has(target) && valueOf(target) !== pendingFill.get(target)) flushFill(target);
    else if (untouched?.element === target) send('focus', target);
    if (untouched?.element === target) untouched = undefined;
    // Left for the page's background: a blur step, not a click on nothing.
    const leftFor = event instanceof FocusEvent ? event.relatedTarget : null;
    if (!leftFor && pressedOn && pressedOn !== target && Date.now() - personInputAt < 1000 && isBackground(pressedOn) && (isTextField(target) || target instanceof HTMLSelectElement)) {
      backgroundClick = pressedOn;
      // Described as it is now: typed into, an in-place editor's row shows the new value.
      describeNow(target);
      send('blur', target);
    }
  }, true);
  const mayNavigate = (element: Element) => !!element.closest('a[href], button[type=submit], input[type=submit], form button:not([type])');
  /** The last click and when: a label forwards the click it got to its control, which is not a second gesture. */
  let lastClick: { element: Element; at: number } | null = null;
  window.addEventListener('click', (event) => {
    if (event.isTrusted) clickSeen = true;
    let target = event.isTrusted ? pointed(event) : null;
    if (target && lastClick?.element === target && event.timeStamp - lastClick.at < 30 && event.detail <= 1) return;
    if (target) lastClick = { element: target, at: event.timeStamp };
    // A popup that opened under the pointer at pointerdown sends the click to what both share (the body): the person
    // clicked what they pressed.
    if (target && pressedOn && pressedOn !== target && pressedOn.isConnected && target.contains(pressedOn)) target = pressedOn;
    if (!target) return;
    if (isTextField(target) && !gestureSent) {
      // Clicking into a field is not a step, unless it did something (a combobox that opens its list): then it is.
      const field = target;
      const before = mutationsAtPress;
      window.setTimeout(() => {
        // Text typed at once into a rich text field changes the page too: that is the typing, not the click.
        const changedByClick = (mutationsAtKey ?? mutations) !== before;
        if (!gestureSent && changedByClick && pressedOn === field) send('click', field);
      }, 60);
      return;
    }
    if (isTextField(target) || isToggle(target) || isSetByValue(target) || target instanceof HTMLSelectElement || target instanceof HTMLOptionElement) return;
    const control = controlOfLabel(target);
    if (control && (isToggle(control) || isTextField(control) || isSetByValue(control))) return;
    if (suppressClickOn && (suppressClickOn === target || suppressClickOn.contains(target) || target.contains(suppressClickOn))) suppressClickOn = null;
    else if (target === backgroundClick) backgroundClick = null;
    else if (event.detail < 2) hold(target, mayNavigate(target) ? 0 : DOUBLE_CLICK_MS, positionIn(target, event));
  }, true);
  window.addEventListener('contextmenu', (event) => {
    const target = event.isTrusted ? pointed(event) : null;
    if (target) send('rightClick', target, positionIn(target, event));
  }, true);
  // Dialogs: the answer the person gave belongs to the gesture that opened the dialog.
  const answered = (answer: { accept: boolean; promptText?: string }) => {
    const held = gestureElement ? heldClicks.get(gestureElement) : undefined;
    if (held) held.extra.dialog = answer;
    else if (gestureElement) post({ kind: 'dialog', mark: '', fingerprint: describe(gestureElement), selectors: [], dialog: answer, token });
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
    mouseDragging = false;
    downAt = null;
    dragged = event.isTrusted ? subject(event) : null;
    if (dragged) describeNow(dragged);
  }, true);
  window.addEventListener('drop', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target || !dragged) return;
    const fingerprint = describe(target);
    send('drag', dragged, { destination: { fingerprint, selectors: selectorsFor(target, fingerprint, describe).selectors } });
    dragged = null;
  }, true);
  // Drags made of mouse events: pressed, moved past the drag distance, released, with no HTML5 drag in between (which
  // cancels the pointer: its own dragstart and drop record it).
  window.addEventListener('pointercancel', () => {
    mouseDragging = false;
    downAt = null;
  }, true);
  window.addEventListener('pointermove', (event) => {
    if (!event.isTrusted || !downAt || mouseDragging || dragged || !(event.buttons & 1)) return;
    if (Math.hypot(event.clientX - downAt.x, event.clientY - downAt.y) < DRAG_DISTANCE) return;
    mouseDragging = true;
    // Where everything around stood before anything moved: the drop place is read against that.
    downAt.places = dropCandidates(downAt.element);
  }, true);
  // An option a list removes as it is pressed gets no click (the button went up over something else): the press was
  // the person's choice, recorded on the element as it was described when pressed.
  window.addEventListener('pointerup', (event) => {
    const pressed = pressedOn;
    if (!event.isTrusted || !pressed || mouseDragging || isTextField(pressed)) return;
    window.setTimeout(() => {
      if (!gestureSent && !clickSeen && pressedOn === pressed && !pressed.isConnected) send('click', pressed);
    }, 50);
  }, true);
  window.addEventListener('pointerup', (event) => {
    const start = downAt;
    const wasDragging = mouseDragging;
    mouseDragging = false;
    if (!event.isTrusted || !start || !wasDragging || dragged) return;
    // Text selected by the drag (in a page that lets it be selected) was a selection, not a move, nor a click.
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim()) {
      suppressClickOn = start.element;
      return;
    }
    const place = dropPlace(start.places, event.clientX, event.clientY);
    if (!place) {
      void raw({ kind: 'drag', mark: '', fingerprint: describe(start.element), selectors: [], problem: 'the place it was dropped could not be told', token });
      return;
    }
    const fingerprint = describe(place.element);
    // The click that ends a drag is part of it.
    suppressClickOn = start.element;
    // Replay drops on the page as it was before the drag: a place taken now (the list has moved) would be another.
    const selectors = [...selectorsFor(place.element, fingerprint, describe).selectors.filter((selector) => !isPlaceSelector(selector)), place.path];
    send('drag', start.element, { destination: { fingerprint, selectors, offset: place.offset } }, start.order);
  }, true);
  let suppressClickOn: Element | null = null;
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
  const onScroll = (event: Event) => {
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
        post({ kind: 'scroll', mark: '', value: top, ...across, fingerprint: { role: 'generic', name: '' }, selectors: ['css=html'], page: true, url: location.href, token });
      } else {
        send('scroll', scroller, { value: top, ...across });
      }
    }, SCROLL_SETTLE_MS));
  };
  window.addEventListener('scroll', onScroll, true);
  window.addEventListener('dblclick', (event) => {
    const target = event.isTrusted ? pointed(event) : null;
    if (!target) return;
    const held = heldClicks.get(target);
    if (held !== undefined) {
      window.clearTimeout(held.timer);
      heldClicks.delete(target);
    }
    send('doubleClick', target, { ...positionIn(target, event), ...(held?.extra.dialog ? { dialog: held.extra.dialog } : {}) });
  }, true);
  const onChange = (event: Event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (!target) return;
    // A toggle inside a custom control the person clicked: the click on the control is the step.
    const around = customControlAround(target);
    if (around && (around === pressedOn || around === gestureElement)) return;
    if (target instanceof HTMLSelectElement) {
      const chosen = [...target.selectedOptions].map((option) => option.label);
      send('select', target, target.multiple ? { values: chosen } : { value: chosen[0] ?? target.value });
    }
    else if (isToggle(target)) send((target as HTMLInputElement).checked ? 'check' : 'uncheck', target);
    else if (target instanceof HTMLInputElement && target.type === 'file') send('upload', target, { files: [...(target.files ?? [])].map((file) => file.name) });
    else if (isSetByValue(target)) send('fill', target, { value: (target as HTMLInputElement).value });
    else if (isTextField(target)) flushFill(target);
  };
  window.addEventListener('change', onChange, true);
  // change and scroll do not leave a shadow root (they are not composed): heard inside each one too.
  listenInsideShadowRoots({ change: onChange, scroll: onScroll });
  // Keys that do something beyond typing: Enter, Escape, Tab, arrows and the like outside text fields, and any key
  // with Control, Alt or Meta; written as Playwright names them (`Shift+Tab`, `Control+a`).
  const COMMAND_KEYS = new Set(['Enter', 'Escape', 'Tab']);
  const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Delete', 'Backspace', ' ']);
  window.addEventListener('keydown', (event) => {
    const target = event.isTrusted ? subject(event) : null;
    if (target) {
      gestureElement = target;
      personInputAt = Date.now();
      if (event.key === 'Tab') tabbedAt = Date.now();
    }
    if (!target || event.repeat || ['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
    const chord = event.ctrlKey || event.altKey || event.metaKey;
    const field = isTextField(target);
    // Selecting all, copying, cutting and pasting in a field are part of typing: the value it ends with is the fill.
    if (field && (event.ctrlKey || event.metaKey) && !event.altKey && ['a', 'c', 'x', 'v', 'z', 'y'].includes(event.key.toLowerCase())) return;
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
