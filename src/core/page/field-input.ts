import { surelyVisible } from './sole-target';

/**
 * Runs in the page, on an element the engine found alone: what Playwright's fill, check and uncheck do in the
 * page before their keys or click (the same checks, the same focus and selection), in one call. Anything Playwright
 * would refuse, retarget or wait for is answered `declined`: the engine then asks Playwright, which explains.
 */

export type FillPlan =
  /** Focused with its text selected: the value is inserted as one piece of text (Delete when empty), as Playwright does. */
  | { readonly ready: true }
  | { readonly ready: false; readonly why: string };

/** Input types Playwright fills by typing into them; the others (dates, colours, ranges) it sets, and are left to it. */
const TYPED_INPUTS = new Set(['', 'email', 'number', 'password', 'search', 'tel', 'text', 'url']);

export function prepareFill(element: Element, value: string): FillPlan {
  if (!element.isConnected || !element.matches(':defined')) return declined('not attached or not defined');
  if (!surelyVisible(element)) return declined('not visible');
  if (disabledOrReadOnly(element)) return declined('not editable');
  if (element instanceof HTMLInputElement) {
    const type = element.type.toLowerCase();
    if (!TYPED_INPUTS.has(type)) return declined(`an input of type ${type}`);
    if (type === 'number' && Number.isNaN(Number(value.trim()))) return declined('not a number');
    element.select();
    element.focus();
  } else if (element instanceof HTMLTextAreaElement) {
    element.selectionStart = 0;
    element.selectionEnd = element.value.length;
    element.focus();
  } else if (element instanceof HTMLElement && element.isContentEditable) {
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
  const focused = deepActiveElement();
  return focused === element || (!!focused && (element as HTMLElement).isContentEditable && focused.contains(element)) ? { ready: true } : declined('did not take the focus');
}

function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const ARIA_CHECKABLE = new Set(['checkbox', 'menuitemcheckbox', 'option', 'radio', 'switch', 'menuitemradio', 'treeitem']);

/** Checked or not, as Playwright reads it for check and uncheck; undefined for mixed, or what is not checkable. */
export function checkedState(element: Element): boolean | undefined {
  if (!element.isConnected) return undefined;
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) return element.indeterminate ? undefined : element.checked;
  const role = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (!role || !ARIA_CHECKABLE.has(role)) return undefined;
  const checked = element.getAttribute('aria-checked');
  return checked === 'true' ? true : checked === 'mixed' ? undefined : false;
}

function disabledOrReadOnly(element: Element): boolean {
  if (element.matches(':disabled, :read-only, [aria-readonly="true"]')) return true;
  for (let current: Element | null = element; current; current = current.parentElement ?? ((current.getRootNode() as ShadowRoot).host ?? null)) {
    if (current.getAttribute('aria-disabled') === 'true' || current.hasAttribute('inert')) return true;
  }
  return false;
}

function declined(why: string): FillPlan {
  return { ready: false, why };
}
