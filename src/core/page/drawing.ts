import { isSvgElement, isTag } from './node-kinds';
/**
 * A fingerprint of what a canvas shows, with the canvases stacked on it as layers of one drawing (a stage's layers,
 * an editor's scene under the canvas that takes the pointer); or, for an element the pointer met over a drawing, the
 * canvases (one wrapper deep) that fill it. Four at most, their pixels shrunk to 64 by 64 and hashed. A gesture on a
 * canvas changes nothing else a page can read; this says it drew something. A container that merely holds a chart
 * somewhere has none (its chart may animate by itself), nor does a canvas the page cannot read (drawn from another
 * origin). An icon drawn in SVG with no text is read by its shapes instead. Self-contained: exported Playwright code
 * runs this same function in the page.
 */
export function drawingOf(element: Element): string | undefined {
  const MOST_CANVASES = 4;
  const PROBE_SIDE = 64;
  const box = element.getBoundingClientRect();
  const near = (a: number, b: number) => Math.abs(a - b) <= 2;
  const sameBox = (other: DOMRect) => near(other.left, box.left) && near(other.top, box.top) && near(other.width, box.width) && near(other.height, box.height);
  const fills = (other: DOMRect) => other.left <= box.left + 2 && other.top <= box.top + 2 && other.right >= box.right - 2 && other.bottom >= box.bottom - 2;
  const canvases = isTag(element, 'canvas')
    ? [...(element.parentElement?.children ?? [element])].filter((other) => isTag(other, 'canvas') && (other === element || sameBox(other.getBoundingClientRect())))
    : box.width && box.height ? [...element.querySelectorAll(':scope > canvas, :scope > * > canvas')].filter((canvas) => fills(canvas.getBoundingClientRect())) : [];
  if (canvases.length > MOST_CANVASES) return undefined;
  if (!canvases.length) {
    // An icon drawn in SVG that shows no text (a rating's star, a favourite's heart): what it draws is its shapes, which
    // a click that fills the star changes, and nothing else of it may (no role, no name, no state).
    const MOST_ICONS = 2;
    const MOST_SHAPES = 40;
    const icons = (isSvgElement(element) && element.localName === 'svg') ? [element] : [...element.querySelectorAll(':scope > svg, :scope > * > svg')];
    if (!icons.length || icons.length > MOST_ICONS || (element.textContent ?? '').trim()) return undefined;
    let shapes = 2166136261;
    for (const icon of icons) {
      for (const shape of [icon, ...icon.querySelectorAll('*')].slice(0, MOST_SHAPES)) {
        const drawn = `${shape.localName} ${['d', 'points', 'fill', 'href', 'x', 'y', 'width', 'height', 'r'].map((name) => shape.getAttribute(name) ?? '').join(' ')};`;
        for (let at = 0; at < drawn.length; at++) shapes = Math.imul(shapes ^ drawn.charCodeAt(at), 16777619);
      }
    }
    return `icon-${(shapes >>> 0).toString(36)}`;
  }
  const probe = document.createElement('canvas');
  probe.width = probe.height = PROBE_SIDE;
  const context = probe.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  let hash = 2166136261;
  try {
    for (const canvas of canvases as HTMLCanvasElement[]) {
      if (!canvas.width || !canvas.height) continue;
      context.clearRect(0, 0, PROBE_SIDE, PROBE_SIDE);
      context.drawImage(canvas, 0, 0, PROBE_SIDE, PROBE_SIDE);
      for (const byte of context.getImageData(0, 0, PROBE_SIDE, PROBE_SIDE).data) hash = Math.imul(hash ^ byte, 16777619);
    }
  } catch {
    return undefined;
  }
  return (hash >>> 0).toString(36);
}
