import { describeInPage, roleOf } from './describe-in-page';
import { deepActiveElement } from './element-at-point';
import { RECORDER_HOST } from './keys';
import type { OPENED_ROLES as SCHEMA_ROLES } from '../../schema/effect';
import { isElementNode } from './node-kinds';

type OpenedRole = (typeof SCHEMA_ROLES)[number];

/**
 * What a gesture opened elsewhere on the page (a dialog, a menu in a portal, a list of suggestions, a rename box a key
 * brought up): the effect of a step whose own element did not change. The recorder keeps it as `effect.opened`, and
 * replay checks that such an element shows after the step, so a release where the key or the click no longer opens
 * it fails at that step instead of passing. Runs in the page.
 */

/** The roles an opening may have, first the likeliest to be what the gesture was for, with the elements of each role. */
const OPENED_ROLES: Readonly<Record<OpenedRole, string>> = {
  alertdialog: '[role=alertdialog]',
  dialog: 'dialog, [role=dialog]',
  menu: '[role=menu]',
  listbox: '[role=listbox], datalist',
  tree: '[role=tree]',
  grid: '[role=grid]',
  // A field counts only when it has the focus: the box a key opened to type in (F2's rename).
  textbox: 'input, textarea, [contenteditable=""], [contenteditable=true], [role=textbox]',
};
/** A click opens an overlay; a field appearing is a key's doing (F2's rename box) more surely than a click's. */
const OPENED_BY_CLICK: readonly OpenedRole[] = ['alertdialog', 'dialog', 'menu', 'listbox', 'tree', 'grid'];
const OVERLAYS = OPENED_BY_CLICK.map((role) => OPENED_ROLES[role]).join(', ');
const ATTRIBUTES = ['open', 'hidden', 'style', 'class', 'aria-hidden'];
/** Changes remembered: a gesture's reading comes within a few seconds. */
const REMEMBERED_MS = 10_000;
const MOST_REMEMBERED = 2000;
/** Names longer than this are a content's, not a widget's. */
const LONGEST_NAME = 80;

export interface Opened {
  readonly role: OpenedRole;
  readonly name?: string | undefined;
  /** How many of that role and name showed afterwards, when more than one: another already open does not stand for it. */
  readonly count?: number | undefined;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The elements of `role` under `root`, and `root` itself, into open shadow roots. */
function elementsOfRole(root: Element | Document, role: OpenedRole): Element[] {
  const selector = OPENED_ROLES[role];
  const found: Element[] = isElementNode(root) && root.matches(selector) ? [root] : [];
  const scopes: (Element | Document | ShadowRoot)[] = [root];
  for (let index = 0; index < scopes.length && index < 200; index++) {
    const scope = scopes[index]!;
    found.push(...scope.querySelectorAll(selector));
    if (isElementNode(scope) && scope.shadowRoot) scopes.push(scope.shadowRoot);
    for (const host of scope.querySelectorAll('*')) if (host.shadowRoot) scopes.push(host.shadowRoot);
  }
  return found.filter((element) => roleOf(element) === role);
}

/** An overlay's name, unless it counts or ends cut short (`3 results`, `Edit order 1500`): the content's of the moment. */
function namedFor(element: Element): string | undefined {
  const name = describeInPage(element, false).name.replace(/\s+/g, ' ').trim();
  return name && name.length <= LONGEST_NAME && !name.endsWith('…') && !/\d/.test(name) ? name : undefined;
}

/** Whether an element shows: on the page, visible, with a box. */
export const shows = (element: Element) => element.isConnected && element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0;

/** Watches which elements are added or shown (attributes that hide or open), and says which opened since a time. */
export function watchOpenings() {
  const touched: { element: Element; at: number }[] = [];
  new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      if (record.type === 'attributes' && isElementNode(record.target)) touched.push({ element: record.target, at });
      for (const node of record.addedNodes) if (isElementNode(node)) touched.push({ element: node, at });
    }
    const stale = touched.findIndex((entry) => entry.at > at - REMEMBERED_MS);
    touched.splice(0, Math.max(stale < 0 ? touched.length : stale, touched.length - MOST_REMEMBERED));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ATTRIBUTES });

  /**
   * What a gesture that began at `since` opened before `until` (the next gesture's start; performance.now times) and
   * still shows: the likeliest, or none. What the next gesture opened (typing that filters a menu anew) is not its.
   */
  const openedSince = (since: number, until: number, byKey: boolean, gestureOn: Element): Opened | undefined => {
    const roots = [...new Set(touched.filter((entry) => entry.at >= since && entry.at <= until).map((entry) => entry.element))]
      .filter((element) => element.isConnected && !element.closest(RECORDER_HOST));
    // A gesture made inside a list or menu that was open (an option picked) did not open it, even if it was drawn anew;
    // nor one that showed already as the gesture began (a list kept for screen readers beside the options drawn).
    // Another of its kind beside it is another matter.
    const inside = enclosing.get(gestureOn) ?? new Set();
    const before = showingAtGesture.get(gestureOn);
    // A field is another matter: Enter in a block editor's paragraph opens the next one, focused, beside it.
    for (const role of byKey ? (Object.keys(OPENED_ROLES) as OpenedRole[]) : OPENED_BY_CLICK) {
      // The gesture's own element, or one around it, is not what it opened (a field a click focused in place).
      const opened = roots.flatMap((root) => elementsOfRole(root, role)).find((element) => shows(element) && !before?.some((shown) => shown.element === element) && !element.contains(gestureOn) && (role !== 'textbox' || element === deepActiveElement()));
      if (!opened) continue;
      const name = namedFor(opened);
      const found: Opened = { role, ...(name ? { name } : {}) };
      const count = showing(found, document).length;
      // Made inside one of its kind (a cascader's next column, a submenu): only if more of them show than did as the
      // gesture began, counted, which a click that opened nothing does not show.
      if (role !== 'textbox' && inside.has(role)) {
        // Unless the one it was made in went as this one came: a tour's or a wizard's Next closes its step's dialog
        // and opens the next one, which a release whose Next ends the tour does not show.
        const replaced = (before ?? []).some((shown) => shown.as?.role === role && shown.element.contains(gestureOn) && !shows(shown.element));
        if (replaced) return count > 1 ? { ...found, count } : found;
        const had = (before ?? []).filter((shown) => shown.as?.role === role).length;
        if (elementsOfRole(document, role).filter(shows).length <= had) continue;
        return { ...found, count };
      }
      return count > 1 ? { ...found, count } : found;
    }
    return undefined;
  };
  /**
   * What a gesture on `gestureOn` closed: an overlay that showed as it began and shows no more (a dialog its Close or
   * Escape hid, a menu Escape closed), named; none when another of that role and name still shows.
   */
  const closedSince = (gestureOn: Element, aroundOnly = false): Opened | undefined => {
    const before = (showingAtGesture.get(gestureOn) ?? []).filter((shown) => !aroundOnly || shown.element.contains(gestureOn));
    // The one the gesture was made in first: the dialog whose Close was clicked.
    before.sort((a, b) => Number(b.element.contains(gestureOn)) - Number(a.element.contains(gestureOn)));
    for (const { element, as: closed } of before) {
      if (shows(element) || !closed) continue;
      if (!showing(closed, document).length) return closed;
    }
    return undefined;
  };
  /** An overlay as it showed: its role and name then (a closed dialog may lose its role with its content: Bootstrap's). */
  const asShown = (element: Element): Opened | undefined => {
    const role = (Object.keys(OPENED_ROLES) as OpenedRole[]).find((candidate) => candidate === roleOf(element));
    if (!role || role === 'textbox') return undefined;
    const name = namedFor(element);
    return { role, ...(name ? { name } : {}) };
  };
  /** The roles around an element as a gesture on it begins (read then: a pick may take it off the page at once). */
  const enclosing = new WeakMap<Element, Set<OpenedRole>>();
  /** The overlays that showed as a gesture on an element began (light DOM only: a cheap read at each press). */
  const showingAtGesture = new WeakMap<Element, { element: Element; as: Opened | undefined }[]>();
  const gestureBegins = (element: Element) => {
    showingAtGesture.set(element, [...document.querySelectorAll(OVERLAYS)].filter(shows).map((overlay) => ({ element: overlay, as: asShown(overlay) })));
    const roles = new Set<OpenedRole>();
    for (let node: Element | null = element; node; node = node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host ?? null)) {
      const role = roleOf(node);
      if (Object.hasOwn(OPENED_ROLES, role)) roles.add(role as OpenedRole);
    }
    enclosing.set(element, roles);
  };
  return { openedSince, closedSince, gestureBegins };
}

/** How many elements of that role (and name, as a person reads it) show in this document; replay's check. */
export function openedShowing(opened: Opened, document: Document, gestureOn?: Element): number {
  return showing(opened, document, gestureOn).length;
}

/** The elements of that role (and name, as a person reads it) that show in this document. */
function showing(opened: Opened, document: Document, gestureOn?: Element): Element[] {
  if (!Object.hasOwn(OPENED_ROLES, opened.role)) return [];
  // A field opened is the one with the focus (a rename box): another field on the page is not it, nor the one the
  // gesture was made in (Enter that opened no next paragraph).
  const candidates = opened.role === 'textbox' ? [deepActiveElement()].filter((element): element is Element => element !== null && roleOf(element) === 'textbox' && !(gestureOn && element.contains(gestureOn))) : elementsOfRole(document, opened.role);
  return candidates.filter((element) => shows(element) && (opened.name === undefined || clean(describeInPage(element, false).name) === clean(opened.name)));
}

/** `dialog "Rename"`, `menu`: as describeEffect says it (page code imports no schema). */
export const describeOpened = (opened: Opened) => `${opened.role}${opened.name !== undefined ? ` ${JSON.stringify(opened.name)}` : ''}`;
