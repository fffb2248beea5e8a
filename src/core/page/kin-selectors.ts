import { isOwnClass, ownPart } from './holder-selectors';

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
  // An icon's drawing of no class of its own (react-json-view's pencil, an svg) is told by the part around it that
  // has one: `span.click-to-edit-icon svg`.
  const classed = ownPart(element).includes('.') ? element : classedAround(element);
  if (!classed) return [];
  // Every class of its own on that part: two of a kind told apart by a second one (`span.edit-check.string-value`).
  const own = classed === element ? ownPart(element) : `${ownClasses(classed)} ${CSS.escape(element.localName)}`;
  // An icon's row may hold it deeper (react-json-view's check icon in the editor drawn in its row).
  const levels = classed === element ? HOLDER_LEVELS : HOLDER_LEVELS + 2;
  for (let holder = classed.parentElement, level = 0; holder && level < levels && holder !== document.body; holder = holder.parentElement, level++) {
    const part = ownPart(holder);
    // The text beside the element, not its own (an editor's box holds the document, which is no name of it); else the
    // first words of it, what a row is known by (a JSON row's key, before its value, which a step changes).
    const beside = squeeze((holder.textContent ?? '').replace(element.textContent ?? '', ' '));
    if (!beside || !part.includes('.')) continue;
    const texts = [...new Set([firstWords(holder, element), beside])].filter((text) => text && text.length <= LONGEST_TEXT && !/"/.test(text));
    for (const text of texts) {
      const holders = [...document.querySelectorAll(part)].filter((candidate) => squeeze(candidate.textContent ?? '').includes(text));
      const found = holders.flatMap((candidate) => [...candidate.querySelectorAll(own)]);
      if (found.length === 1 && found[0] === element) return [`css=${part}:has-text(${quote(text)}) ${own}`];
    }
    // A chip's text is the one around its ×; an icon's row may be further up than the first text around it.
    if (classed === element) break;
  }
  if (classed !== element) return [];
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

/** How far up from an element of no class of its own the part that has one is looked for. */
const CLASSED_LEVELS = 2;

function classedAround(element: Element): Element | undefined {
  for (let part = element.parentElement, level = 0; part && level < CLASSED_LEVELS; part = part.parentElement, level++) {
    if (ownPart(part).includes('.')) return part;
  }
  return undefined;
}

/** The first text in `holder` outside `element` that has a letter or a figure in it: "fontSize" of `"fontSize": 14`. */
function firstWords(holder: Element, element: Element): string {
  const walker = holder.ownerDocument.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = squeeze(node.nodeValue ?? '');
    if (/[\p{L}\p{N}]/u.test(text) && !element.contains(node)) return text;
  }
  return '';
}

/** The element as its tag and every class of its own. */
function ownClasses(element: Element): string {
  return `${CSS.escape(element.localName)}${[...element.classList].filter(isOwnClass).map((name) => `.${CSS.escape(name)}`).join('')}`;
}
