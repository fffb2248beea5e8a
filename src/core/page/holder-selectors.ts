import { isGeneratedId } from '../snapshot/generated-ids';

/**
 * Class names and attribute names that say a state of the moment (`is-active`, `data-selected`, a calendar day's `start`
 * and `end` of the range the pointer is over), not what it is.
 */
export const STATE_WORD = /^(is-|has-)|^(start|end|today|in-range)$|active|selected|focus|hover|open|checked|disabled|current|expanded|visible|hidden|empty|filled|dirty|pristine|touched|invalid|editing|dragging|loading|state|index|pressed|highlight/i;

/** How many levels up a holder that names the element is looked for: a pick list's option around its text. */
const HOLDER_LEVELS = 3;
const LONGEST_VALUE = 60;

const quote = (text: string) => JSON.stringify(text);

/** Whether a class names what the element is: not made up by a framework, not a state of the moment, not a style's hash. */
export const isOwnClass = (name: string): boolean => !isGeneratedId(name) && !STATE_WORD.test(name) && name.length <= 40;

/** The element as its tag and the first class of its own that says what it is (`div.ce-popover-item__title`). */
export function ownPart(element: Element): string {
  const named = [...element.classList].find(isOwnClass);
  return `${CSS.escape(element.localName)}${named ? `.${CSS.escape(named)}` : ''}`;
}

/** The attributes that name a holder lastingly: a title, a label, a test id, a data attribute that names an item. */
function namingAttributes(holder: Element): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const { name, value } of holder.attributes) {
    if (!value || value.length > LONGEST_VALUE || /^(true|false|\d+)$/.test(value) || isGeneratedId(value)) continue;
    const naming = ['title', 'aria-label', 'name'].includes(name) || (name.startsWith('data-') && !STATE_WORD.test(name) && !/^data-(v-|reactid|rac$|react-)/.test(name));
    if (naming) found.push({ name, value });
  }
  // A title or label a person reads first, then the test ids, then the rest.
  return found.sort((a, b) => rank(a.name) - rank(b.name));
}
const rank = (name: string) => (name === 'title' || name === 'aria-label' ? 0 : name.startsWith('data-test') || name === 'data-cy' || name === 'data-qa' ? 1 : 2);

/**
 * An element found by a data attribute that names it (`div[data-item-name="header"]`), or, with nothing lasting of its
 * own (the text of an option in a list a library draws, `div` with a class every option shares), through the element
 * just around it that has (`div[title="Engineering"]`,
 * `div[data-item-name="header"]`), when that holder is the page's only one and the element the only one of its kind
 * in it: `css=div[title="Engineering"] div.ant-select-item-option-content`. Instead of a path through the page's
 * layout, which the next release moves. Runs in the page.
 */
export function holderSelectors(element: Element, only: (css: string) => boolean): string[] {
  const own = ownPart(element);
  // The element itself first (an item named by `data-item-name`), then what holds it.
  for (let holder: Element | null = element, level = 0; holder && level <= HOLDER_LEVELS && holder !== element.ownerDocument.body; holder = holder.parentElement, level++) {
    for (const { name, value } of namingAttributes(holder)) {
      const holderCss = `${CSS.escape(holder.localName)}[${name}=${quote(value)}]`;
      if (element.ownerDocument.querySelectorAll(holderCss).length !== 1) continue;
      const css = holder === element ? holderCss : `${holderCss} ${own}`;
      if (only(css)) return [`css=${css}`];
    }
  }
  return [];
}
