/**
 * What a gesture changed about its element, read in the page before and after: checked, selected, expanded, pressed,
 * and for a dragged element the order of the list it sits in. Replay checks the same facts after it performs the step,
 * so a click that did nothing fails instead of passing. Runs in the page, built into the recorder's script.
 */
export interface ElementState {
  checked?: boolean | undefined;
  selected?: boolean | undefined;
  expanded?: boolean | undefined;
  pressed?: boolean | undefined;
}

const aria = (element: Element, name: string): boolean | undefined => {
  const value = element.getAttribute(name);
  return value === 'true' ? true : value === 'false' ? false : undefined;
};

export function stateOf(element: Element): ElementState {
  const state: ElementState = {};
  const control = element as Partial<HTMLInputElement>;
  const checked = typeof control.checked === 'boolean' && (element.localName !== 'input' || ['checkbox', 'radio'].includes(control.type ?? ''))
    ? control.checked : aria(element, 'aria-checked');
  if (checked !== undefined) state.checked = checked;
  const selected = element instanceof HTMLOptionElement ? element.selected : aria(element, 'aria-selected');
  if (selected !== undefined) state.selected = selected;
  const expanded = aria(element, 'aria-expanded');
  if (expanded !== undefined) state.expanded = expanded;
  const pressed = aria(element, 'aria-pressed');
  if (pressed !== undefined) state.pressed = pressed;
  return state;
}

/** The facts of `after` that differ from `before`: what the gesture did. */
export function changedState(before: ElementState, after: ElementState): ElementState | undefined {
  const changed: ElementState = {};
  for (const key of ['checked', 'selected', 'expanded', 'pressed'] as const) {
    if (after[key] !== undefined && after[key] !== before[key]) changed[key] = after[key];
  }
  return Object.keys(changed).length ? changed : undefined;
}

/** The items of the list an element sits in, by their text: what a drag that reorders a list changes. */
export function orderOf(element: Element): string[] {
  const parent = element.parentElement;
  if (!parent) return [];
  return [...parent.children]
    .filter((child) => (child as HTMLElement).offsetParent !== null || getComputedStyle(child).position === 'fixed')
    .slice(0, 50)
    .map((child) => ((child as HTMLElement).innerText ?? child.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60));
}

export interface EffectFacts extends ElementState {
  order?: readonly string[] | undefined;
}

/** Whether an element shows the effect a recorded gesture had, and what it shows instead. */
export function effectHolds(element: Element, effect: EffectFacts): { holds: boolean; actual: string } {
  const state = stateOf(element);
  const missing: string[] = [];
  for (const key of ['checked', 'selected', 'expanded', 'pressed'] as const) {
    if (effect[key] !== undefined && state[key] !== effect[key]) missing.push(state[key] === undefined ? `without ${key}` : `${state[key] ? '' : 'not '}${key}`);
  }
  if (effect.order) {
    const order = orderOf(element);
    if (order.join('\n') !== effect.order.join('\n')) missing.push(`in the order ${order.map((item) => JSON.stringify(item)).join(', ')}`);
  }
  return { holds: missing.length === 0, actual: missing.join(', ') };
}
