/** What browsers and password managers treat as secret: autocomplete tokens for passwords, one-time codes and cards. */
const SECRET_AUTOCOMPLETE = new Set(['current-password', 'new-password', 'one-time-code', 'cc-number', 'cc-csc']);

/**
 * Whether what is typed into this element must become a secret variable, never a value in a flow file, a log or a view:
 * a password input, or a field whose autocomplete names a password, a one-time code or a card number.
 */
export function isSecretField(tag: string, attrs: Readonly<Record<string, string>>): boolean {
  if (tag !== 'input' && tag !== 'textarea') return false;
  if (attrs.type?.toLowerCase() === 'password') return true;
  return (attrs.autocomplete ?? '').toLowerCase().split(/\s+/).some((token) => SECRET_AUTOCOMPLETE.has(token));
}
