import { editableRoot, isKeyboardEditor, isCustomToggle, isSetByValue, isTextField, isToggle, positionIn } from './fields';
import { gestureTarget } from './gesture-target';
import { RECORDING_MARK } from './keys';
import { controlOfLabel, type Described, type Recording } from './recording';
import { isElementNode, isTag } from './node-kinds';

/** A click is held back this long: two clicks that make one are recorded as one doubleClick. */
const DOUBLE_CLICK_MS = 400;

/** The element a pointer gesture is about, as a person means it (an icon's button, a slot's tab). */
export const pointedBy = (event: Event): Element | null => {
  const target = gestureTarget(event.composedPath());
  return target ? editableRoot(target) : null;
};

/**
 * A label forwards a click in it to its control; when the click was on a widget of its own drawn in a shadow tree in the
 * label (a calendar beside its field), the field's click that follows is the label's doing, not the person's. Read from
 * the click's path as it is dispatched: the widget may redraw the element clicked before the label forwards it.
 */
function widgetLabelControl(event: Event, clicked: Element): Element | null {
  const label = event.composedPath().find((node): node is HTMLLabelElement => isTag(node, 'label'));
  return label && label !== clicked && clicked.getRootNode() !== label.getRootNode() ? label.control : null;
}

/** How soon after its key the click a key makes comes (at once, in its default action; a loaded page takes longer). */
const KEY_CLICK_MS = 1000;

const mayNavigate = (element: Element) => !!element.closest('a[href], button[type=submit], input[type=submit], form button:not([type])');

/**
 * Pointer gestures: a press starts a gesture (and describes its element before the page reacts), a click becomes a
 * click step (held back for a double click, or until the page's handlers ran when it may leave the page), a right
 * click and a double click theirs. Clicking into a text field is no step unless the click itself changed the page.
 */
export function recordPointer(r: Recording, flushFill: (element: Element) => void, pressed: (element: Element, described: Described) => void): void {
  const gesture = r.gesture;
  // What the page changed: a field that styles itself or its form group on focus changed nothing a person acts on.
  new MutationObserver((records) => {
    for (const record of records) {
      const styling = record.type === 'attributes' && gesture.pressedOn && isElementNode(record.target) && record.target.contains(gesture.pressedOn);
      // The recorder's own marks, put on and taken off as steps are named, are not the page's doing.
      if (!styling && record.attributeName !== RECORDING_MARK) gesture.mutations++;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  /** A submit button the browser clicked for an Enter in a field of its form. */
  const submittedBy = (button: Element) => {
    const form = (button as HTMLButtonElement | HTMLInputElement).form;
    const focused = document.activeElement;
    return (isTag(button, 'button') || isTag(button, 'input')) && ['submit', 'image'].includes(button.type)
      && !!form && !!focused && focused !== button && isTextField(focused) && (focused as HTMLInputElement).form === form;
  };
  window.addEventListener('pointerdown', (event) => {
    // The press's moment, before describing its element (tens of ms on a large page) and sending what came before.
    const pressedAt = performance.now();
    const target = event.isTrusted ? pointedBy(event) : null;
    if (!target) return;
    // What was typed comes before what the person does next (a double click on a word of it, a button), whatever the
    // next gesture waits for.
    if (gesture.typingIn) flushFill(gesture.typingIn);
    // Clicks still held belong to the gesture before this one: sent now, they do not count as this one's step. What
    // each did is read now too, before this gesture's handlers change the page (a list it opened, taken away by a pick).
    // A second press on what the click held for a double click is the same gesture as the first: the element as that
    // press found it (a tree node the first press selected shows buttons it did not show before). (A pointerdown's
    // detail is always 0 in Chromium: the held click tells.)
    const again = r.heldClicks.has(target) && r.isDescribed(target);
    r.flushHeld(target);
    r.flushOutbox();
    pressed(target, again ? r.descriptionOf(target) : r.describeNow(target));
    gesture.element = gesture.pressedOn = target;
    gesture.pressButton = event.button;
    gesture.sent = false;
    gesture.accounted = false;
    gesture.clickSeen = false;
    gesture.mutationsAtPress = gesture.mutations;
    gesture.mutationsAtKey = null;
    gesture.pressedSince = pressedAt;
    gesture.keySince = null;
    gesture.backgroundClick = null;
    gesture.personInputAt = gesture.pressedAt = Date.now();
    const control = controlOfLabel(target);
    if (control) r.describeNow(control);
    toggleAtPress = control && (isToggle(control) || isCustomToggle(control)) ? { control: control as HTMLInputElement, checked: (control as HTMLInputElement).checked } : null;
  }, true);
  window.addEventListener('keydown', (event) => {
    if (!event.isTrusted || gesture.mutationsAtKey !== null) return;
    gesture.mutationsAtKey = gesture.mutations;
    gesture.keySince = performance.now();
  }, true);
  /** The checkbox or radio whose label was pressed, and its state then. */
  let toggleAtPress: { control: HTMLInputElement; checked: boolean } | null = null;
  /** The last click and when: a label forwards the click it got to its control, which is not a second gesture. */
  let lastClick: { element: Element; at: number; forwardsTo: Element | null } | null = null;
  window.addEventListener('click', (event) => {
    if (event.isTrusted) gesture.clickSeen = true;
    let target = event.isTrusted ? pointedBy(event) : null;
    // The click a recorded key made (Enter on a button: no press, no pointer): the key's step replays it.
    const keyed = gesture.keyPressedOn;
    if (target && keyed && event.detail === 0 && gesture.pressedAt < gesture.personInputAt && event.timeStamp - keyed.at < KEY_CLICK_MS && (keyed.element === target || keyed.element.contains(target) || target.contains(keyed.element))) return;
    if (target && lastClick && event.timeStamp - lastClick.at < 30 && event.detail <= 1 && (lastClick.element === target || lastClick.forwardsTo === target)) return;
    // Enter in a form's field clicks its submit button (implicit submission): the key's step is the gesture.
    if (target && event.detail === 0 && gesture.pressedAt < gesture.personInputAt && submittedBy(target)) return;
    // A label forwards it to its control: a design system's checkbox (a custom element) hears it as a click of its own.
    if (target) lastClick = { element: target, at: event.timeStamp, forwardsTo: widgetLabelControl(event, target) ?? (isTag(target, 'label') ? target.control : null) };
    // A popup that opened under the pointer at pointerdown sends the click to what both share (the body): the person
    // clicked what they pressed.
    const pressedOn = gesture.pressedOn;
    if (target && pressedOn && pressedOn !== target && pressedOn.isConnected && target.contains(pressedOn)) target = pressedOn;
    if (!target) return;
    if (isKeyboardEditor(target) && !gesture.sent) {
      // In a code editor the click places the caret where the keys after it go: a step, with its place.
      if (event.detail < 2) r.hold(target, DOUBLE_CLICK_MS, positionIn(target, event));
      return;
    }
    if (isTextField(target) && !gesture.sent) {
      // Clicking into a field is not a step, unless it did something (a combobox that opens its list): then it is.
      const field = target;
      const before = gesture.mutationsAtPress;
      // Decided a moment later, or as the next key or press begins, whichever comes first: a key pressed at once (an
      // arrow on a date's segment) is a step after this one, with its own effect.
      const decide = () => {
        window.clearTimeout(timer);
        if (gesture.pendingFieldClick === decide) gesture.pendingFieldClick = null;
        // Text typed at once into a rich text field changes the page too: that is the typing, not the click. What the
        // page keeps changing by itself (a clock) is not the click's doing.
        const changedByClick = (gesture.mutationsAtKey ?? gesture.mutations) !== before && r.changedSince(gesture.pressedSince, gesture.keySince ?? Infinity);
        if (!gesture.sent && changedByClick && gesture.pressedOn === field) r.send('click', field);
      };
      const timer = window.setTimeout(decide, 60);
      gesture.pendingFieldClick = decide;
      return;
    }
    if (isTextField(target) || isToggle(target) || isSetByValue(target) || isTag(target, 'select') || isTag(target, 'option')) return;
    const control = controlOfLabel(target);
    if (control && (isToggle(control) || isCustomToggle(control))) {
      // The control's change is the step. A library that toggles it from the label's press itself (React Aria's
      // switch) sends no trusted change: the state it came to, once the page's handlers have run, is.
      const pressedToggle = toggleAtPress?.control === control ? toggleAtPress : null;
      if (pressedToggle) {
        window.setTimeout(() => {
          const checked = pressedToggle.control.checked;
          if (!gesture.sent && gesture.pressedOn === target && pressedToggle.control.isConnected && checked !== pressedToggle.checked) r.send(checked ? 'check' : 'uncheck', pressedToggle.control);
        }, 0);
      }
      return;
    }
    if (control && (isTextField(control) || isSetByValue(control))) return;
    const suppressed = gesture.suppressClickOn;
    if (suppressed && (suppressed === target || suppressed.contains(target) || target.contains(suppressed))) gesture.suppressClickOn = null;
    else if (target === gesture.backgroundClick) {
      gesture.backgroundClick = null;
      // Not the background after all if the page answers the click itself at once (a calendar's "next" arrow made of
      // an <a> with no href redraws the calendar): the blur is written, and then this click.
      // What the page changes by itself meanwhile (a clock) is not the click's answer.
      const before = gesture.mutations;
      const at = performance.now();
      const position = positionIn(target, event);
      const clicked = target;
      window.setTimeout(() => {
        if (r.actedSince(before, at)) r.send('click', clicked, position);
      }, 0);
    }
    else if (event.detail < 2) r.hold(target, mayNavigate(target) ? 0 : DOUBLE_CLICK_MS, positionIn(target, event));
  }, true);
  window.addEventListener('contextmenu', (event) => {
    const target = event.isTrusted ? pointedBy(event) : null;
    if (target) r.send('rightClick', target, positionIn(target, event));
  }, true);
  // An option a list removes as it is pressed gets no click (the primary button went up over something else): the press was
  // the person's choice, recorded on the element as it was described when pressed.
  // The second press of a double click on an element the page redraws as it is pressed (an editor selecting the word
  // under it) gets no click and no dblclick either: with the click held back before it, it is one doubleClick.
  let pressCount = 0;
  window.addEventListener('mousedown', (event) => {
    if (!event.isTrusted) return;
    pressCount = event.detail;
    // A second press on a click held for a double click that the browser counts as a first (too slow, or input that
    // says so) begins a click of its own: the held one is sent now, and what it did read before this one acts (a
    // header clicked twice to sort one way, then the other).
    const target = pointedBy(event);
    if (event.detail < 2 && target && r.heldClicks.has(target)) {
      r.flushHeld(undefined, target);
      r.flushOutbox();
    }
  }, true);
  window.addEventListener('pointerup', (event) => {
    const pressed = gesture.pressedOn;
    if (!event.isTrusted || event.button !== 0 || !pressed || gesture.mouseDragging || isTextField(pressed)) return;
    const second = pressCount === 2;
    window.setTimeout(() => {
      if (gesture.sent || gesture.clickSeen || gesture.pressedOn !== pressed || pressed.isConnected) return;
      const held = r.heldClicks.get(pressed);
      // Its click came, and waits to be sent (the next press came within these 50 ms, and began a gesture anew).
      if (held && !second) return;
      if (!held) {
        r.send('click', pressed);
        return;
      }
      window.clearTimeout(held.timer);
      r.heldClicks.delete(pressed);
      r.send('doubleClick', pressed, held.extra);
    }, 50);
  }, true);
  window.addEventListener('dblclick', (event) => {
    const target = event.isTrusted ? pointedBy(event) : null;
    if (!target) return;
    const held = r.heldClicks.get(target);
    if (held !== undefined) {
      window.clearTimeout(held.timer);
      r.heldClicks.delete(target);
    }
    r.send('doubleClick', target, { ...positionIn(target, event), ...(held?.extra.dialog ? { dialog: held.extra.dialog } : {}) });
  }, true);
}
