import { isSecretElement } from '../snapshot/secret-fields';
import { holdsText, isInputProxy } from './fields';
import { RECORDER_HOST } from './keys';
import { seen, shownHolder } from './seen-text';
import { isElementNode, isTextNode } from './node-kinds';
import { openRoots } from './find-sole';

/**
 * Where a person sees a text on the page: its text nodes (open shadow trees too), the labels of elements that show no
 * text, the values of fields. Runs in the page.
 */

/** Text as a person reads it: its spacing aside. */
export const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text nodes read from one added element: a page drawn anew is not one gesture's effect. */
const MOST_PER_ELEMENT = 200;

/** Fields whose values are read at each press: a form's, not a spreadsheet's thousands. */
const MOST_FIELDS = 500;

/**
 * The text nodes under a node, at most `most`, those drawn in the open shadow trees in it too (a design system's chip
 * shows its label there); not a style sheet's or a script's.
 */
function textsUnder(root: Node, most: number): Text[] {
  const found: Text[] = [];
  const walk = (from: Node) => {
    const walker = (from.ownerDocument ?? document).createTreeWalker(from, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node: Node | null = walker.currentNode; node && found.length < most; node = walker.nextNode()) {
      if (isTextNode(node)) {
        if (!node.parentElement?.closest('style, script, template, noscript')) found.push(node);
      } else if (isElementNode(node) && node.shadowRoot) walk(node.shadowRoot);
    }
  };
  walk(root);
  return found;
}

export const textNodesOf = (node: Node): Text[] => textsUnder(node, MOST_PER_ELEMENT);

/** Elements read from one added or removed element for their labels: a diagram drawn anew is not one gesture's effect. */
const MOST_LABELLED_PER_ELEMENT = 50;

/** The label of an element that shows no text of its own (an edge of a diagram, a marker): what a person is told of it. */
export function labelOf(element: Element): string | undefined {
  const label = element.getAttribute('aria-label');
  return label && !(element.textContent ?? '').trim() ? spaced(label) : undefined;
}

/** The elements in `node` (itself included) named by a label alone. */
export function labelledIn(node: Node): Element[] {
  if (!(isElementNode(node))) return [];
  const found = node.hasAttribute('aria-label') ? [node] : [];
  for (const element of node.querySelectorAll('[aria-label]')) {
    if (found.length >= MOST_LABELLED_PER_ELEMENT) break;
    found.push(element);
  }
  return found.filter((element) => labelOf(element) !== undefined);
}

/**
 * The text fields a person sees, whose value a click may set (a combobox's field takes the option picked), those in
 * shadow trees too (a design system's date field): never a secret's, never a code editor's hidden keyboard, never the
 * recorder's own.
 */
export function shownFields(document: Document, roots: readonly (Document | ShadowRoot)[] = openRoots(document)): (HTMLInputElement | HTMLTextAreaElement)[] {
  const fields: (HTMLInputElement | HTMLTextAreaElement)[] = [];
  for (const root of roots) {
    for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (fields.length >= MOST_FIELDS) return fields;
      if (!holdsText(field) || isInputProxy(field) || field.closest(RECORDER_HOST) || isSecretElement(field)) continue;
      if (field.checkVisibility({ visibilityProperty: true, opacityProperty: true })) fields.push(field);
    }
  }
  return fields;
}

/** How many text nodes and field values a person sees in this document that read `text` (spacing aside). */
export function placesShowing(text: string, document: Document): number {
  const wanted = spaced(text);
  let count = shownFields(document).filter((field) => spaced(field.value) === wanted).length;
  for (const node of textsUnder(document.body ?? document.documentElement, Infinity)) {
    const value = node.nodeValue ?? '';
    if (value.length >= wanted.length && spaced(value) === wanted && seen(node)) count++;
  }
  for (const element of document.querySelectorAll('[aria-label]')) if (labelOf(element) === wanted && shownHolder(element)) count++;
  return count;
}

/** How deep into frames within frames `placesShowingWithFrames` reads. */
const MOST_FRAME_LEVELS = 3;

/**
 * As placesShowing, in this document and in those of the frames it holds that the page may read (same origin): a
 * block dragged from a page builder's panel shows in its canvas, an iframe.
 */
export function placesShowingWithFrames(text: string, document: Document, level = 0): number {
  let count = placesShowing(text, document);
  if (level >= MOST_FRAME_LEVELS) return count;
  for (const frame of document.querySelectorAll('iframe, frame')) {
    let inner: Document | null = null;
    try {
      inner = (frame as HTMLIFrameElement).contentDocument;
    } catch {
      inner = null;
    }
    if (inner?.body) count += placesShowingWithFrames(text, inner, level + 1);
  }
  return count;
}
