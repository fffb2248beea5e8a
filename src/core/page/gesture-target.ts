/**
 * The element a pointer gesture is about, as a person means it: the innermost element in the event's composed path that
 * a person acts on (a button, a link, a control, an element with an interactive role), not the icon, `path`, `slot` or
 * styling wrapper the pointer happened to be over. Shadow roots are crossed: a click on the glyph inside a design
 * system's button is a click on that button. Runs in the page, built into the recorder's script.
 */
const ACTED_ON_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem',
  'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'gridcell', 'columnheader', 'rowheader',
]);
/** How far up from what the pointer touched a meaningful element is looked for (an icon in a label in a button). */
const MOST_LEVELS = 8;

export function isActedOn(element: Element): boolean {
  const role = element.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase();
  if (role) return ACTED_ON_ROLES.has(role);
  switch (element.localName) {
    case 'a': return element.hasAttribute('href');
    case 'input': return (element as HTMLInputElement).type !== 'hidden';
    case 'button': case 'select': case 'textarea': case 'summary': case 'option': case 'label': return true;
    default: return (element as HTMLElement).isContentEditable && !(element.parentElement?.isContentEditable ?? false);
  }
}

export function gestureTarget(path: readonly EventTarget[]): Element | null {
  const elements = path.filter((node): node is Element => node instanceof Element);
  const first = elements.find((element) => element.localName !== 'slot') ?? null;
  for (const element of elements.slice(0, MOST_LEVELS)) {
    if (element.localName === 'body' || element.localName === 'html') break;
    if (isActedOn(element)) return element;
  }
  return first;
}
