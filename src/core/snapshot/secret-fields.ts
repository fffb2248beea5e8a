/**
 * Whether what is typed into this element must become a secret variable, never a value in a flow file, a log or a view:
 * a password input, or a field whose autocomplete names a password, a one-time code or a card number (what browsers
 * and password managers treat as secret). Runs in Node (the snapshot) and in the page (built into the recorder).
 */
export function isSecretField(tag: string, attrs: Readonly<Record<string, string | undefined>>): boolean {
  if (tag !== 'input' && tag !== 'textarea') return false;
  if (attrs.type?.toLowerCase() === 'password') return true;
  const secretTokens = ['current-password', 'new-password', 'one-time-code', 'cc-number', 'cc-csc'];
  return (attrs.autocomplete ?? '').toLowerCase().split(/\s+/).some((token) => secretTokens.includes(token));
}
