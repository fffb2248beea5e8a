import { ownPart } from './holder-selectors';

/** How far up the holder whose text tells an unnamed element apart is looked for (a chip around its ×). */
const HOLDER_LEVELS = 2;
/** How far up a holder of a kind of its own, the page's only one, is looked for. */
const CLASS_HOLDER_LEVELS = 3;
const LONGEST_TEXT = 40;
const quote = (text: string) => JSON.stringify(text);
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * An element with no name as a person tells it (a chip's × of no label, an editor's box, a rating's fourth star of no
 * role): by the short text of the item around it ("the × on Berlin"), else inside the page's one holder of a kind of
 * its own ("the editor in the WYSIWYG pane"), else by its order among its kind there ("the fourth star"):
 * `css=div.p-multiselect-token:has-text("Berlin") svg.p-multiselect-token-icon`,
 * `css=div.toastui-editor-ww-container div.ProseMirror`, `css=div.p-rating > div.p-rating-item:nth-child(4)`. Instead
 * of a path through the page's layout, which the next release moves. Each is checked here to find the element alone.
 * Runs in the page.
 */
export function kinSelectors(element: Element): string[] {
  const document = element.ownerDocument;
  const own = ownPart(element);
  if (!own.includes('.')) return [];
  for (let holder = element.parentElement, level = 0; holder && level < HOLDER_LEVELS && holder !== document.body; holder = holder.parentElement, level++) {
    // The text beside the element, not its own (an editor's box holds the document, which is no name of it).
    const text = squeeze((holder.textContent ?? '').replace(element.textContent ?? '', ' '));
    const part = ownPart(holder);
    if (!text || text.length > LONGEST_TEXT || /"/.test(text) || !part.includes('.')) continue;
    const holders = [...document.querySelectorAll(part)].filter((candidate) => squeeze(candidate.textContent ?? '').includes(text));
    const found = holders.flatMap((candidate) => [...candidate.querySelectorAll(own)]);
    if (found.length === 1 && found[0] === element) return [`css=${part}:has-text(${quote(text)}) ${own}`];
    break;
  }
  // In the one holder of its kind that holds no other of the element's (an editor's box in its mode's container).
  for (let holder = element.parentElement, level = 0; holder && level < CLASS_HOLDER_LEVELS && holder !== document.body; holder = holder.parentElement, level++) {
    const part = ownPart(holder);
    if (!part.includes('.') || document.querySelectorAll(part).length !== 1) continue;
    const found = holder.querySelectorAll(own);
    if (found.length === 1 && found[0] === element) return [`css=${part} ${own}`];
    break;
  }
  const parent = element.parentElement;
  if (!parent || parent === document.body) return [];
  const parentPart = ownPart(parent);
  if (!parentPart.includes('.') || document.querySelectorAll(parentPart).length !== 1) return [];
  const css = `${parentPart} > ${own}:nth-child(${[...parent.children].indexOf(element) + 1})`;
  const found = document.querySelectorAll(css);
  return found.length === 1 && found[0] === element ? [`css=${css}`] : [];
}
