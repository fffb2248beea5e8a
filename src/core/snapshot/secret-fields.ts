/**
 * Whether what is typed into this element must become a secret variable, never a value in a flow file, a log or a view:
 * a password input, or a field whose autocomplete names a password, a one-time code or a card number (what browsers
 * and password managers treat as secret). Runs in Node (the snapshot) and in the page (built into the recorder).
 */
export function isSecretField(tag: string, attrs: Readonly<Record<string, string | undefined>>): boolean {
  if (tag !== 'input' && tag !== 'textarea') return false;
  if (attrs.type?.toLowerCase() === 'password') return true;
  // A combobox's search field says "new-password" only to keep the browser's autofill away (Ant Design's selects do):
  // what is typed there is a search, not a secret.
  const searches = attrs.role === 'combobox' || (attrs['aria-autocomplete'] ?? 'none') !== 'none';
  const secretTokens = ['current-password', 'new-password', 'one-time-code', 'cc-number', 'cc-csc'].filter((token) => !searches || token !== 'new-password');
  return (attrs.autocomplete ?? '').toLowerCase().split(/\s+/).some((token) => secretTokens.includes(token));
}

/** The same of an element in the page (the recorder's view of a field). */
export function isSecretElement(element: Element): boolean {
  const attribute = (name: string) => element.getAttribute(name) ?? undefined;
  return isSecretField(element.localName, { type: attribute('type'), autocomplete: attribute('autocomplete'), role: attribute('role'), 'aria-autocomplete': attribute('aria-autocomplete') });
}
