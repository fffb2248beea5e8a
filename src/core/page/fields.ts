import type { RecordedEvent } from './recorded-event';

/** The fields a person types into, and how the recorder reads them. Runs in the page, built into the recorder. */

/** An editable field: a text input or textarea that takes typing now, or a contenteditable region. */
export function isTextField(element: Element): boolean {
  return (element instanceof HTMLTextAreaElement && !element.readOnly && !element.disabled)
    || (element instanceof HTMLInputElement && !element.readOnly && !element.disabled && !['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color', 'hidden'].includes(element.type))
    || (element instanceof HTMLElement && element.isContentEditable);
}

/** The editable a person types into: the root of a contenteditable region (a paragraph inside it is part of it). */
export function editableRoot(element: Element): Element {
  if (!(element instanceof HTMLElement) || !element.isContentEditable) return element;
  let root: Element = element;
  while (root.parentElement?.isContentEditable) root = root.parentElement;
  return root;
}

/** Inputs recorded by the value they end with (fill), or the files chosen (upload), never by the clicks on them. */
export function isSetByValue(element: Element): boolean {
  return element instanceof HTMLInputElement && ['range', 'color', 'file'].includes(element.type);
}

export function isToggle(element: Element): boolean {
  return element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
}

export function valueOf(element: Element): string {
  return element instanceof HTMLElement && element.isContentEditable ? element.innerText : (element as HTMLInputElement).value;
}

/** Elements where the place of a click matters to the page: a canvas, an image map, rich text (which word it selects). */
function isPositional(element: Element): boolean {
  return element instanceof HTMLCanvasElement || (element instanceof HTMLImageElement && (element.isMap || !!element.useMap))
    || (element instanceof HTMLElement && element.isContentEditable);
}

/** Where on such an element a click landed, as Playwright places a click: from the padding box's corner. */
export function positionIn(element: Element, event: MouseEvent): Partial<RecordedEvent> {
  if (!isPositional(element)) return {};
  const box = element.getBoundingClientRect();
  return { position: [Math.max(0, Math.round(event.clientX - box.left - element.clientLeft)), Math.max(0, Math.round(event.clientY - box.top - element.clientTop))] };
}
