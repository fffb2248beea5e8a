import type { Locator, Page } from 'playwright-core';
import { hasVariableReference, type Action } from '../../schema';
import type { Fingerprint } from '../snapshot/snapshot';
import { verifyPicks } from '../observe';
import type { PageSnapshot } from '../snapshot/snapshot';
import { locatorFor } from './locate';

export interface PlannedAction {
  readonly action: Action;
  /** Undefined for page-level actions (press a key). */
  readonly fingerprint?: Fingerprint;
}

type AriaRole = Parameters<Page['getByRole']>[0];

type Intent =
  | { readonly kind: 'element'; readonly method: string; readonly target: string; readonly roles: readonly AriaRole[]; readonly args: readonly string[] }
  | { readonly kind: 'key'; readonly key: string };

const CLICKABLE: AriaRole[] = ['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'checkbox', 'radio', 'switch'];
const TEXT_FIELDS: AriaRole[] = ['textbox', 'searchbox', 'combobox', 'spinbutton'];
const CHOICES: AriaRole[] = ['combobox', 'listbox'];
const CHECKABLE: AriaRole[] = ['checkbox', 'radio', 'switch', 'menuitemcheckbox'];
const ROLE_WORDS: Readonly<Record<string, AriaRole>> = { button: 'button', link: 'link', tab: 'tab', checkbox: 'checkbox', 'radio button': 'radio', radio: 'radio', 'menu item': 'menuitem', option: 'option', switch: 'switch' };
const KEYS: Readonly<Record<string, string>> = {
  enter: 'Enter', return: 'Enter', tab: 'Tab', escape: 'Escape', esc: 'Escape', space: 'Space', backspace: 'Backspace', delete: 'Delete',
  'arrow up': 'ArrowUp', 'arrow down': 'ArrowDown', 'arrow left': 'ArrowLeft', 'arrow right': 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown',
  left: 'ArrowLeft', right: 'ArrowRight', 'page up': 'PageUp', 'page down': 'PageDown', home: 'Home', end: 'End',
};

const unquote = (text: string) => text.trim().replace(/^(["'“‘])([\s\S]*)(["'”’])$/, '$2').trim();

/** Reads the plain instructions the planner understands; anything else is left to the model. */
export function parseInstruction(instruction: string): Intent | undefined {
  const text = instruction.trim().replace(/[.!]+$/, '');
  let match = /^press(?: the)? ([a-z ]+?)(?: key)?$/i.exec(text);
  if (match && KEYS[match[1]!.toLowerCase()]) return { kind: 'key', key: KEYS[match[1]!.toLowerCase()]! };
  match = /^(?:fill(?: in| out)?|set)(?: the)? (.+?) (?:with|to|as) (.+)$/i.exec(text);
  if (match) return { kind: 'element', method: 'fill', target: unquote(match[1]!), roles: TEXT_FIELDS, args: [unquote(match[2]!)] };
  match = /^(type|enter|input|write) (.+?) (?:in|into)(?: the)? (.+?)(?: field| box| input)?$/i.exec(text);
  if (match) return { kind: 'element', method: match[1]!.toLowerCase() === 'type' ? 'type' : 'fill', target: unquote(match[3]!), roles: TEXT_FIELDS, args: [unquote(match[2]!)] };
  match = /^(?:select|choose|pick) (.+?) (?:in|from|for|as)(?: the)? (.+?)(?: dropdown| list| menu| select| field)?$/i.exec(text);
  if (match) return { kind: 'element', method: 'selectOption', target: unquote(match[2]!), roles: CHOICES, args: [unquote(match[1]!)] };
  match = /^(check|tick|uncheck|untick)(?: the)? (.+?)(?: checkbox| box| option| switch)?$/i.exec(text);
  if (match) return { kind: 'element', method: /^(un)/i.test(match[1]!) ? 'uncheck' : 'check', target: unquote(match[2]!), roles: CHECKABLE, args: [] };
  match = /^hover(?: over)?(?: the)? (.+)$/i.exec(text);
  if (match) return { kind: 'element', method: 'hover', target: unquote(match[1]!), roles: CLICKABLE, args: [] };
  match = /^(?:click|tap|press|hit)(?: on)?(?: the)? (.+?)(?: (button|link|tab|checkbox|radio button|radio|menu item|option|switch))?$/i.exec(text);
  if (match) {
    const roleWord = match[2]?.toLowerCase();
    return { kind: 'element', method: 'click', target: unquote(match[1]!), roles: roleWord ? [ROLE_WORDS[roleWord]!] : CLICKABLE, args: [] };
  }
  return undefined;
}

function exactName(name: string): RegExp {
  return new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s:*]*$`, 'i');
}

/**
 * Plans a plain instruction ("click Sign in", "fill Email with ada@example.com") with no model: from the page's snapshot
 * (the one the model would see, so one capture serves both), exactly one element of a fitting role with exactly that
 * name, checked on the live page as observe checks its picks. Anything less certain is left to the model.
 */
export async function planLocally(page: Page, instruction: string, snapshotOf: () => Promise<PageSnapshot>): Promise<PlannedAction | undefined> {
  const intent = parseInstruction(instruction);
  if (!intent) return undefined;
  if (intent.kind === 'key') return { action: { selector: '', description: `Press ${intent.key}`, method: 'press', arguments: [intent.key] } };
  if (!intent.target || hasVariableReference(intent.target)) return undefined;
  const snapshot = await snapshotOf();
  const name = exactName(intent.target);
  const roles = new Set<string>(intent.roles);
  const fitting = [...snapshot.elements.values()].filter((element) => !element.excluded && roles.has(element.role) && name.test(element.name));
  if (fitting.length !== 1) return undefined;
  const [element] = fitting;
  const description = `${element!.role} "${element!.name}"`;
  const [verified] = await verifyPicks(page, snapshot, [{ element: element!, output: { selector: element!.selector, description, method: intent.method, arguments: [...intent.args] } }]);
  if (!verified) return undefined;
  const selector = verified.output.selector;
  if (intent.method === 'selectOption' && !(await hasOption(locatorFor(page, selector), intent.args[0]!))) return undefined;
  return { action: { selector, description, method: intent.method, arguments: [...intent.args] }, fingerprint: verified.element.fingerprint };
}

async function hasOption(select: Locator, wanted: string): Promise<boolean> {
  return select.evaluate((element, label) => {
    if (!(element instanceof HTMLSelectElement)) return false;
    const lower = label.trim().toLowerCase();
    return Array.from(element.options).some((option) => option.label.trim().toLowerCase() === lower || option.value.toLowerCase() === lower);
  }, wanted).catch(() => false);
}
