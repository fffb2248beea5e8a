import { ownPart } from './holder-selectors';

/** How far up the holder whose text tells an unnamed element apart is looked for (a chip around its ×). */
const HOLDER_LEVELS = 2;
const LONGEST_TEXT = 40;
const quote = (text: string) => JSON.stringify(text);
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * An element with no name as a person tells it (a chip's × of no label, a rating's fourth star of no role): by the
 * short text of the item around it ("the × on Berlin"), else by its order among its kind in the one holder of that
 * kind ("the fourth star"): `css=div.p-multiselect-token:has-text("Berlin") svg.p-multiselect-token-icon`,
 * `css=div.p-rating > div.p-rating-item:nth-child(4)`. Instead of a path through the page's layout, which the next
 * release moves. Each is checked here to find the element alone. Runs in the page.
 */
export function kinSelectors(element: Element): string[] {
  const document = element.ownerDocument;
  const own = ownPart(element);
  if (!own.includes('.')) return [];
  for (let holder = element.parentElement, level = 0; holder && level < HOLDER_LEVELS && holder !== document.body; holder = holder.parentElement, level++) {
    const text = squeeze(holder.textContent ?? '');
    const part = ownPart(holder);
    if (!text || text.length > LONGEST_TEXT || /"/.test(text) || !part.includes('.')) continue;
    const holders = [...document.querySelectorAll(part)].filter((candidate) => squeeze(candidate.textContent ?? '').includes(text));
    const found = holders.flatMap((candidate) => [...candidate.querySelectorAll(own)]);
    if (found.length === 1 && found[0] === element) return [`css=${part}:has-text(${quote(text)}) ${own}`];
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
