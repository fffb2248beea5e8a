import { composedParent, focusedBeside } from './element-at-point';
import { surelyVisible } from './sole-target';
import { isHtmlElement, isTag } from './node-kinds';

/**
 * Runs in the page, on an element the engine found alone: what Playwright's fill, selectOption, check and uncheck do in the
 * page before their keys or click (the same checks, the same focus and selection), in one call. Anything Playwright
 * would refuse, retarget or wait for is answered `declined`: the engine then asks Playwright, which explains.
 */

export type FillPlan =
  /** Focused with its text selected: the value is inserted as one piece of text (Delete when empty), as Playwright does. */
  | { readonly ready: true }
  | { readonly ready: false; readonly why: string };

/** Input types Playwright fills by typing into them; the others (dates, colours, ranges) it sets, and are left to it. */
const TYPED_INPUTS = new Set(['', 'email', 'number', 'password', 'search', 'tel', 'text', 'url']);

export function prepareFill(element: Element, value: string, landedKey: string): FillPlan {
  if (!element.isConnected || !element.matches(':defined')) return declined('not attached or not defined');
  if (!surelyVisible(element)) return declined('not visible');
  if (disabled(element) || element.matches(':read-only, [aria-readonly="true"]')) return declined('not editable');
  if (isTag(element, 'input')) {
    const type = element.type.toLowerCase();
    if (!TYPED_INPUTS.has(type)) return declined(`an input of type ${type}`);
    if (type === 'number' && Number.isNaN(Number(value.trim()))) return declined('not a number');
    element.select();
    element.focus();
  } else if (isTag(element, 'textarea')) {
    element.selectionStart = 0;
    element.selectionEnd = element.value.length;
    element.focus();
  } else if (isHtmlElement(element) && element.isContentEditable) {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    element.focus();
  } else {
    return declined('not a field');
  }
  // The keys go where the focus is: to this field, or to the editing host it is part of.
  const focused = focusedBeside(element);
  if (focused !== element && !(focused && element.isContentEditable && focused.contains(element))) return declined('did not take the focus');
  keepLanded(landedKey);
  return { ready: true };
}

/** How long the engine waits for inserted text to land before it goes on regardless (the page may have moved the focus). */
const LANDED_MS = 1000;

/**
 * A promise, kept on the window under `key`, that settles once the text the engine inserts next has landed: its `input`
 * event, or the turn after a `beforeinput` (which the page may cancel). DevTools answers the insertion before the page
 * has run it, and the engine's next look at the page must see the value.
 */
function keepLanded(key: string): void {
  const landed = new Promise<void>((resolve) => {
    const done = () => {
      removeEventListener('input', done, true);
      removeEventListener('beforeinput', later, true);
      clearTimeout(timer);
      resolve();
    };
    const later = () => setTimeout(done, 0);
    const timer = setTimeout(done, LANDED_MS);
    addEventListener('input', done, true);
    addEventListener('beforeinput', later, true);
  });
  Object.defineProperty(window, Symbol.for(key), { value: landed, configurable: true, writable: true });
}

/**
 * Playwright's selectOption on a `<select>`: each value picks the first option (each option, for a multiple select)
 * whose value or label it is; once all are found, those and only those are selected, then `input` and `change` fire.
 * Options not there (yet), a disabled one, or anything but a showing, enabled select: declined, for Playwright to wait.
 */
export function selectInPage(element: Element, values: readonly string[]): FillPlan {
  if (!(isTag(element, 'select')) || !element.isConnected) return declined('not a select');
  if (!surelyVisible(element) || disabled(element)) return declined('not visible or not enabled');
  let remaining = [...values];
  const chosen: HTMLOptionElement[] = [];
  for (const option of element.options) {
    const matches = (value: string) => value === option.value || value === option.label;
    if (!remaining.some(matches)) continue;
    if (option.disabled) return declined('an option is not enabled');
    chosen.push(option);
    remaining = element.multiple ? remaining.filter((value) => !matches(value)) : [];
    if (!element.multiple) break;
  }
  if (remaining.length) return declined('options not found');
  element.value = undefined as unknown as string;
  for (const option of chosen) option.selected = true;
  element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
  return { ready: true };
}

/** The value Playwright's inputValue reads (an input, a textarea, a select); undefined for anything else. */
export function valueInPage(element: Element): string | undefined {
  return isTag(element, 'input') || isTag(element, 'textarea') || isTag(element, 'select') ? element.value : undefined;
}

const ARIA_CHECKABLE = new Set(['checkbox', 'menuitemcheckbox', 'option', 'radio', 'switch', 'menuitemradio', 'treeitem']);

/** Checked or not, as Playwright reads it for check and uncheck; undefined for mixed, or what is not checkable. */
export function checkedState(element: Element): boolean | undefined {
  if (!element.isConnected) return undefined;
  if (isTag(element, 'input') && (element.type === 'checkbox' || element.type === 'radio')) return element.indeterminate ? undefined : element.checked;
  const role = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (!role || !ARIA_CHECKABLE.has(role)) return undefined;
  const checked = element.getAttribute('aria-checked');
  return checked === 'true' ? true : checked === 'mixed' ? undefined : false;
}

function disabled(element: Element): boolean {
  if (element.matches(':disabled')) return true;
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (current.getAttribute('aria-disabled') === 'true' || current.hasAttribute('inert')) return true;
  }
  return false;
}

function declined(why: string): FillPlan {
  return { ready: false, why };
}
