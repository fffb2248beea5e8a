/** Elements that are controls of their own: a drawing stands for a control beside it, these never do. */
const OWN_CONTROLS = ['input', 'button', 'a', 'select', 'textarea', 'label'];

/**
 * The one control (`selector`) among the parts a drawing the pointer pressed sits with, up to `levels` up (never the
 * page's body), if `fits` says the drawing stands for it. None when those parts hold two, or the drawing is a control
 * of its own. Runs in the page, built into the recorder.
 */
export function controlBeside(element: Element, selector: string, levels: number, fits: (control: Element) => boolean): Element | undefined {
  if (element.hasAttribute('role') || OWN_CONTROLS.includes(element.localName)) return undefined;
  let holder = element.parentElement;
  for (let level = 0; holder && holder !== element.ownerDocument.body && level < levels; level++, holder = holder.parentElement) {
    const controls = holder.querySelectorAll(selector);
    if (controls.length) return controls.length === 1 && !element.contains(controls[0]!) && fits(controls[0]!) ? controls[0] : undefined;
  }
  return undefined;
}

/** How far outside a track its thumb's centre may stand (a thumb drawn larger than a thin track). */
const THUMB_REACH_PX = 16;

/** Whether the thumb sits on the element, as on its track: a tile or a label beside a slider holds no thumb. */
function alongside(element: Element, thumb: Element): boolean {
  const part = element.getBoundingClientRect();
  const box = thumb.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  return x >= part.left - THUMB_REACH_PX && x <= part.right + THUMB_REACH_PX && y >= part.top - THUMB_REACH_PX && y <= part.bottom + THUMB_REACH_PX;
}

/**
 * The one slider whose track `element` is: drawn beside the thumb that carries `role="slider"` (Vuetify, Material),
 * clicked at a place that sets the value there (three levels up at the most: the track, its fill, its marks).
 */
export const sliderBeside = (element: Element) => controlBeside(element, 'input[type=range], [role=slider]', 3, (thumb) => alongside(element, thumb));
