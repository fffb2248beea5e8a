import type { Frame, Locator } from 'playwright-core';
import { isSecretField } from './snapshot/secret-fields';

/** What Playwright's matcher answers (see matchAriaSnapshot). */
interface AriaMatch {
  matches: boolean;
  received?: { value?: { raw?: string } | string; ariaSnapshot?: string };
  errorMessage?: string;
}
interface AriaMatcher {
  _expect(expression: 'to.match.aria', options: { expectedValue: string; isNot: false; timeout: number }): Promise<AriaMatch>;
}

export type AriaSnapshotMatch =
  | { readonly matches: boolean; readonly actual: string | undefined }
  | { readonly invalid: string };

/**
 * Matches a region (or the page's main frame) against an ARIA snapshot template with the matcher @playwright/test's
 * `toMatchAriaSnapshot` runs, so that an `aria` expectation holds in Rehearse exactly when its exported spec's does:
 * partial matching, regex names, attributes and `/children` modes are Playwright's, not a copy of them. The matcher is
 * a method Playwright's own test runner calls on the client (`_expect`); playwright-core's version is pinned, and the
 * aria tests fail if that method changes.
 */
export async function matchAriaSnapshot(target: Locator | Frame, template: string, timeoutMs: number): Promise<AriaSnapshotMatch> {
  const matcher = target as unknown as Partial<AriaMatcher>;
  if (typeof matcher._expect !== 'function') throw new Error('this version of Playwright cannot match ARIA snapshots (its matcher is missing)');
  const result = await matcher._expect('to.match.aria', { expectedValue: template, isNot: false, timeout: timeoutMs });
  if (result.matches) return { matches: true, actual: undefined };
  const error = result.errorMessage?.replace(/^Error: /, '');
  // A template that is not valid YAML, or not a snapshot, is the flow's mistake: no page makes it hold.
  if (error && !/element\(s\) not found|strict mode violation|resolved to \d+ elements|timeout/i.test(error)) return { invalid: error.trim() };
  const value = result.received?.value;
  const actual = typeof value === 'object' ? value.raw : value;
  if (actual !== undefined) return { matches: false, actual: contentsOf(actual, template) };
  return { matches: false, actual: error ? (/strict mode|resolved to/i.test(error) ? error.split('\n')[0] : 'absent') : undefined };
}

/**
 * The region's snapshot as its template is written: a template of the region's contents (the usual kind, as Add
 * Expect and the recorder write it) is compared with the contents, not with the region's own line above them, so the
 * lines that still hold line up in a diff.
 */
function contentsOf(actual: string, template: string): string {
  const lines = actual.split('\n');
  const root = /^- ([a-z]+)\b/.exec(lines[0] ?? '');
  if (!root || lines.slice(1).some((line) => !line.startsWith('  ')) || template.trimStart().startsWith(`- ${root[1]}`)) return actual;
  return lines.slice(1).map((line) => line.slice(2)).join('\n');
}

/**
 * A region's ARIA snapshot as a flow may hold it. Playwright's snapshot shows each field's value, a password's too:
 * the value of every secret field in the region (a password, a one-time code, a card number) is taken off its line,
 * and a snapshot that still shows one anywhere (the page echoing it) is refused rather than written.
 */
export async function ariaSnapshotForFlow(region: Locator): Promise<{ aria: string } | { refused: string }> {
  const aria = await region.ariaSnapshot({ timeout: 3000 });
  const fields = await region.evaluate((root) => {
    const found: { tag: string; type: string; autocomplete: string; value: string }[] = [];
    const visit = (node: Element | ShadowRoot, depth: number) => {
      if (depth > 64) return;
      for (const element of node.querySelectorAll('input, textarea')) {
        const field = element as HTMLInputElement;
        if (field.value) found.push({ tag: field.localName, type: field.getAttribute('type') ?? '', autocomplete: field.getAttribute('autocomplete') ?? '', value: field.value });
      }
      for (const element of node.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot, depth + 1);
    };
    if (root.matches('input, textarea')) visit(root.parentElement ?? root, 0);
    else visit(root, 0);
    return found;
  }, undefined, { timeout: 3000 });
  const secrets = fields.filter((field) => isSecretField(field.tag, { type: field.type, autocomplete: field.autocomplete })).map((field) => field.value);
  if (!secrets.length) return { aria };
  const unquoted = (value: string) => (value.startsWith('"') ? (JSON.parse(value) as string) : value);
  // A field's value is on its line (`- textbox "Password": …`), or under it (`- text: …`) when it has a placeholder.
  const lines = aria.split('\n').flatMap((line) => {
    const valued = /^(\s*- textbox(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]*\])*): (.+)$/.exec(line);
    if (valued && secrets.includes(unquoted(valued[2]!))) return [valued[1]!];
    const shown = /^\s*- text: (.+)$/.exec(line);
    return shown && secrets.includes(unquoted(shown[1]!)) ? [] : [line];
  });
  const kept = lines.join('\n');
  if (secrets.some((secret) => kept.includes(secret))) return { refused: 'the region shows a secret value (a password, a code), which a flow never holds' };
  return { aria: kept };
}
