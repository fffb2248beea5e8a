import type { RecordMode } from '../../schema/record-modes';
import { isSecretElement } from '../snapshot/secret-fields';
import { innermostAt } from './element-at-point';
import { editableRoot, isToggle, valueOf } from './fields';
import { gestureTarget } from './gesture-target';
import { HOOKS_KEY } from './keys';
import type { RecorderOverlay } from './record-toolbar';
import { controlOfLabel, type Recording } from './recording';
import { isElementNode, isHtmlElement, isTag } from './node-kinds';

/** An element's text as an expect step holds it: on one line, and not a page's worth. */
const MAX_ASSERTED_TEXT = 500;

const PRESS_TYPES = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'];

/**
 * The toolbar's modes, installed before every other unit so that its listeners run first: a press on the toolbar is
 * the toolbar's alone (neither the page nor the recorder hears it, and the page's field keeps the focus), and in an
 * assert mode a click on the page writes an expect step about the element clicked instead of doing anything there.
 * After an assertion, recording goes on. `flushTyping` writes the field being typed into, before the assertion. The
 * mode is the engine's: a change here is sent to it, and it sets the mode in every frame (and from VS Code) through
 * `setMode`.
 */
export function recordAsserts(r: Recording, overlay: RecorderOverlay, flushTyping: () => void): { setMode(mode: RecordMode): void } {
  let mode: RecordMode = 'record';
  const closedRoots = (window as unknown as Record<symbol, { closedRoots?: WeakMap<Element, ShadowRoot> } | undefined>)[Symbol.for(HOOKS_KEY)]?.closedRoots;
  const setMode = (next: RecordMode) => {
    mode = next;
    overlay.showMode(next);
  };
  const choose = (next: RecordMode) => {
    setMode(next);
    r.raw({ kind: 'mode', mode: next, token: r.token });
  };
  // A checkbox's state as the person saw it when they pressed: the click itself toggles it for a moment.
  const checkedAtPress = new WeakMap<Element, boolean>();
  const aimedAt = (event: MouseEvent): Element | null => {
    const first = event.composedPath()[0];
    const innermost = innermostAt(isElementNode(first) ? first : null, event.clientX, event.clientY, closedRoots);
    if (mode === 'value') {
      // A field's value: the field itself (a design system's inner input), the field of a label, the root of rich text.
      if (!innermost) return null;
      return editableRoot(controlOfLabel(innermost) ?? innermost.closest('input, textarea, select') ?? innermost);
    }
    // What the person means, as a click of theirs is recorded (a slot's tab, an icon's button); inside a closed root,
    // whose inside the event's path does not show, the element under the pointer.
    const meant = gestureTarget(event.composedPath());
    return meant && !closedRoots?.has(meant) ? meant : innermost;
  };
  const assertOn = (element: Element) => {
    const asserted = mode;
    if (asserted === 'record') return;
    choose('record');
    // What was typed before comes first (the press that would have written it was the toolbar's, not the page's).
    flushTyping();
    if (asserted === 'text') {
      const text = (isHtmlElement(element) ? element.innerText : element.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) return r.send('assert', element, { assert: asserted, problem: 'it shows no text; assert that it is visible, or pick an element with text' });
      return r.send('assert', element, { assert: asserted, value: text.length > MAX_ASSERTED_TEXT ? text.slice(0, MAX_ASSERTED_TEXT).replace(/\s\S*$/, '') : text });
    }
    if (asserted === 'value') {
      if (isToggle(element)) return r.send('assert', element, { assert: asserted, checked: checkedAtPress.get(element) ?? (element as HTMLInputElement).checked });
      const isField = isTag(element, 'input') || isTag(element, 'textarea') || isTag(element, 'select') || (isHtmlElement(element) && element.isContentEditable);
      if (!isField) return r.send('assert', element, { assert: asserted, problem: 'it is not a field and has no value; assert its text instead' });
      if (isSecretElement(element)) {
        return r.send('assert', element, { assert: asserted, problem: 'its value is a secret, which a flow never holds' });
      }
      return r.send('assert', element, { assert: asserted, value: valueOf(element) });
    }
    return r.send('assert', element, { assert: asserted });
  };
  for (const type of PRESS_TYPES) {
    window.addEventListener(type, (event) => {
      if (overlay.owns(event)) {
        event.stopImmediatePropagation();
        // The toolbar never takes the focus from the page (a field being typed into stays so).
        if (type === 'pointerdown' || type === 'mousedown') event.preventDefault();
        const chosen = event.isTrusted && type === 'click' ? overlay.pressAt((event as MouseEvent).clientX, (event as MouseEvent).clientY) : undefined;
        if (chosen) choose(chosen);
        return;
      }
      if (mode === 'record' || !event.isTrusted) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const element = aimedAt(event as MouseEvent);
      if (element && type === 'pointerdown' && isToggle(element)) checkedAtPress.set(element, (element as HTMLInputElement).checked);
      if (element && type === 'click') assertOn(element);
    }, true);
  }
  // Keys and focus on the toolbar are not the page's, nor a step.
  for (const type of ['keydown', 'keyup', 'keypress', 'focusin', 'focusout']) {
    window.addEventListener(type, (event) => {
      if (overlay.owns(event)) event.stopImmediatePropagation();
    }, true);
  }
  window.addEventListener('mousemove', (event) => overlay.outline(mode === 'record' || overlay.owns(event) ? null : aimedAt(event)), true);
  window.addEventListener('keydown', (event) => {
    if (mode !== 'record' && event.isTrusted && event.key === 'Escape') {
      event.preventDefault();
      event.stopImmediatePropagation();
      choose('record');
    }
  }, true);
  return { setMode };
}
