import type { Locator, Page } from 'playwright-core';
import { movesDueAt, MOST_TRAIL_POINTS, parseTrail, trailMoves, type TrailPoint } from './drag-trail';
import { canonicalMethod, SUPPORTED_METHODS } from '../../schema';
import { ServiceError, ServiceInvalidArgumentError } from '../errors';
import { locatorFor } from './locate';
import { editorRests, focusedText, shownLabelOf, typingFocus, untilQuiet } from '../page-scripts';

/** A file for setInputFiles, read by the caller (never from the engine's own disk: see UploadFile in schema). */
export interface FileUpload {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** What a method does to its target, given the Playwright timeout for this attempt. */
type MethodRunner = (context: { page: Page; target: Locator; args: readonly string[]; timeout: number; files?: readonly FileUpload[] }) => Promise<void>;

/**
 * Where on the element a click lands, for elements where that matters (a canvas, a map): arguments `["x", "y"]`, CSS
 * pixels from the element's top-left corner. No arguments: the middle, as Playwright chooses.
 */
function clickPosition(args: readonly string[], method: string): { position?: { x: number; y: number } } {
  if (!args.length) return {};
  const [x, y] = args.map(Number);
  if (args.length !== 2 || !Number.isFinite(x) || !Number.isFinite(y) || x! < 0 || y! < 0) {
    throw new ServiceInvalidArgumentError(`arguments: ${method} takes no arguments, or a position ["x", "y"] in pixels from the element's top-left corner; received ${JSON.stringify(args)}`, { field: 'arguments' });
  }
  return { position: { x: x!, y: y! } };
}

/**
 * A line drawn in SVG (a diagram's edge, straight up or across) has a box with no width or no height, which Playwright's
 * click takes for not visible and waits on. A person clicks on the line: so does replay, at its middle, once the page
 * says that point is on it. False when the element is no such line (the caller clicks it as any other). Reached only
 * when the page's own search and aim (aimPointer, which clicks lines too) could not act: one call more on a slow path.
 */
async function clickedAsLine(page: Page, target: Locator, { timeout }: { timeout: number }): Promise<boolean> {
  const onLine = await target.evaluate((element) => {
    if (!(element instanceof SVGGraphicsElement)) return false;
    const box = element.getBoundingClientRect();
    if ((box.width >= 1 && box.height >= 1) || (box.width < 1 && box.height < 1)) return false;
    element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const now = element.getBoundingClientRect();
    const hit = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
    return !!hit && (hit === element || element.contains(hit));
  }, undefined, { timeout });
  const box = onLine ? await target.boundingBox({ timeout }) : null;
  if (!box) return false;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return true;
}

const scrollBy = (direction: 1 | -1): MethodRunner => async ({ target, timeout }) => {
  await target.evaluate((element, sign) => {
    const scroller = element === document.body || element === document.documentElement ? document.scrollingElement ?? document.documentElement : element;
    scroller.scrollBy({ top: sign * (scroller === document.scrollingElement ? window.innerHeight : scroller.clientHeight), behavior: 'instant' });
  }, direction, { timeout });
};

/** How many moves a replayed drag makes between its press and its release, how long each takes, and the rest at the end. */
export const DRAG_STEPS = 12;
const DRAG_STEP_MS = 16;
const DRAG_REST_MS = 120;

/** Where on the drop target a drag ends: arguments 2 and 3, CSS pixels from its top-left corner; the middle without. */
function dropPosition(args: readonly string[]): { x: number; y: number; fromX?: number; fromY?: number; trail?: TrailPoint[]; flung?: { speed?: number } } | undefined {
  if (args.length < 2) return undefined;
  const [x, y, fromX, fromY] = args.slice(1, 5).map(Number);
  const places = [x, y, fromX, fromY].slice(0, args.length - 1);
  if (![3, 5, 6].includes(args.length) || !places.every((value) => Number.isFinite(value) && value! >= 0)) {
    throw new ServiceInvalidArgumentError(`arguments: dragAndDrop takes the drop target's selector, then optionally where on it ["x", "y"] in pixels from its top-left corner, then optionally where the dragged element was picked up ["x", "y"] from its own, then optionally the way the pointer went ("x,y x,y …" from where it was picked up); received ${JSON.stringify(args)}`, { field: 'arguments' });
  }
  const trail = args.length === 6 ? parseTrail(args[5]!) : undefined;
  if (args.length === 6 && !trail) {
    throw new ServiceInvalidArgumentError(`arguments: dragAndDrop's sixth argument is the way the pointer went, "x,y x,y …" in pixels from where it was picked up (at most ${MOST_TRAIL_POINTS} points, then "flung" and the speed in pixels per millisecond when the hand let go while moving fast); received ${JSON.stringify(args[5]!.slice(0, 80))}`, { field: 'arguments' });
  }
  return { x: x!, y: y!, ...(args.length >= 5 ? { fromX: fromX!, fromY: fromY! } : {}), ...(trail ? { trail: trail.points, ...(trail.flung ? { flung: trail.flung } : {}) } : {}) };
}

/** How long the DOM must rest around keys (after typing; before keys for a rich text editor), and at most how long that is waited for. */
export const KEYED_QUIET_MS = { quiet: 50, most: 500 };



/** The deterministic methods of act (DESIGN.md §4). Names are matched without regard to case. */
const METHODS: Readonly<Record<string, MethodRunner>> = {
  click: async ({ page, target, args, timeout }) => {
    const position = clickPosition(args, 'click');
    if (!(await clickedAsLine(page, target, { timeout }))) await target.click({ timeout, ...position });
  },
  doubleclick: ({ target, args, timeout }) => target.dblclick({ timeout, ...clickPosition(args, 'doubleClick') }),
  rightclick: ({ target, args, timeout }) => target.click({ button: 'right', timeout, ...clickPosition(args, 'rightClick') }),
  fill: async ({ target, args, timeout }) => {
    try {
      await target.fill(args[0] ?? '', { timeout });
    } catch (error) {
      // A select is filled by choosing its option of that value or label, as a DevTools Recorder `change` sets it.
      if (!/not an <input>/.test(String(error)) || !(await target.evaluate((element) => element instanceof HTMLSelectElement).catch(() => false))) throw error;
      await target.selectOption(args[0] ?? '', { timeout });
    }
  },
  // Keys go where the focus is, as a person's do: into the element (clicked first unless the focus is already in it),
  // or into what the page opens for the first key (a grid cell's editor, which a click or a focus() call would close).
  type: async ({ page, target, args, timeout }) => {
    const text = args[0] ?? '';
    await target.evaluate(editorRests, KEYED_QUIET_MS, { timeout }).catch(() => undefined);
    const before = await target.evaluate(typingFocus, undefined, { timeout });
    // A person's keys come a moment after their click: what the page does a moment after a click (Tribute hides its
    // mention menu on the next turn) is done before the keys, not after them, as keys sent at once made it.
    if (!before.within) {
      await target.click({ timeout });
      await page.evaluate(untilQuiet, KEYED_QUIET_MS).catch(() => undefined);
    }
    await page.keyboard.type(text);
    // The page answers the last key in its own time (a mention menu drawn on keyup, a list filtered on the next frame):
    // the next step (Enter picking from that menu) comes once it has had a frame to do so, as a person's would.
    // On a loaded machine that answer may take longer than a frame: the page is given until its DOM has been quiet a
    // moment (a mention menu drawn and filtered), at most half a second.
    await page.evaluate(untilQuiet, KEYED_QUIET_MS).catch(() => undefined);
    if (before.field || !text) return;
    // Keys typed on something that is not a field (a grid's cell) must land in the field it opens for them: if none
    // took them, the step did nothing, and saying it passed would be false.
    // The element may be gone, turned into the editor the key opened (a JSON editor's value): the page's focus says.
    const after = await target.evaluate(typingFocus, undefined, { timeout: Math.min(timeout, 500) }).catch(() => page.evaluate(focusedText).catch(() => undefined));
    if (after?.held?.includes(text)) return;
    throw new ServiceError(`the ${text.length} characters typed went to no field: the element did not open an editor for them (the field that had the focus holds ${after?.held === undefined ? 'no text' : 'other text'})`);
  },
  press: async ({ target, args, timeout }) => {
    await target.evaluate(editorRests, KEYED_QUIET_MS, { timeout }).catch(() => undefined);
    await target.press(requireArgument(args, 'press', 'a key such as "Enter"'), { timeout });
    await target.evaluate(editorRests, KEYED_QUIET_MS, { timeout: 1000 }).catch(() => undefined);
  },
  hover: ({ target, timeout }) => target.hover({ timeout }),
  selectoption: async ({ target, args, timeout }) => {
    await target.selectOption([...args], { timeout });
  },
  check: async ({ target, timeout }) => (await throughShownLabel(target, timeout)).check({ timeout }),
  uncheck: async ({ target, timeout }) => (await throughShownLabel(target, timeout)).uncheck({ timeout }),
  focus: ({ target, timeout }) => target.focus({ timeout }),
  blur: ({ target, timeout }) => target.blur({ timeout }),
  scrollintoview: ({ target, timeout }) => target.scrollIntoViewIfNeeded({ timeout }),
  // arguments: where to scroll down to (top, bottom, a percentage or pixels) and, optionally, across to (pixels).
  scrollto: async ({ target, args, timeout }) => {
    const position = (args[0] ?? 'bottom').trim().toLowerCase();
    const across = args[1]?.trim();
    await target.evaluate((element, [where, left]) => {
      const scroller = element === document.body || element === document.documentElement ? document.scrollingElement ?? document.documentElement : element;
      const max = scroller.scrollHeight - scroller.clientHeight;
      const top = where === 'top' ? 0 : where === 'bottom' ? max : where.endsWith('%') ? (max * parseFloat(where)) / 100 : parseFloat(where);
      if (Number.isNaN(top)) throw new Error(`scrollTo takes top, bottom, a percentage or pixels, received "${where}"`);
      if (left !== undefined && Number.isNaN(parseFloat(left))) throw new Error(`scrollTo takes pixels as its second argument (how far across), received "${left}"`);
      scroller.scrollTo({ top, ...(left !== undefined ? { left: parseFloat(left) } : {}), behavior: 'instant' });
    }, [position, across] as const, { timeout });
  },
  nextchunk: scrollBy(1),
  prevchunk: scrollBy(-1),
  // The mouse moves in steps, as a hand does, and rests on the drop place before it is released: lists sorted by mouse
  // events follow the pointer only while it moves, some on a timer. HTML5 drag and drop goes the same way.
  draganddrop: async ({ page, target, args, timeout }) => {
    const destination = locatorFor(page, requireArgument(args, 'dragAndDrop', 'the selector of the drop target'));
    const position = dropPosition(args);
    // Both measured after any scrolling either needs: a drop target wider than the view (a Gantt chart's grid) scrolls
    // the page under the element, which was then pressed where it no longer was.
    await destination.scrollIntoViewIfNeeded({ timeout });
    await target.hover({ timeout });
    const from = await target.boundingBox({ timeout });
    const to = await destination.boundingBox({ timeout });
    if (!from || !to) throw new ServiceInvalidArgumentError('dragAndDrop: the element or the drop target is not visible');
    // Picked up where the person did: a layout places the item by where it was held, not by its centre.
    const start = position?.fromX !== undefined && position.fromY !== undefined ? { x: from.x + position.fromX, y: from.y + position.fromY } : { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = position ? { x: to.x + position.x, y: to.y + position.y } : { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    // The person's way, when the step keeps it; else a straight line in even steps.
    const moves = position?.trail ? trailMoves(position.trail, start, end)
      : Array.from({ length: DRAG_STEPS }, (_, index) => ({ x: start.x + ((end.x - start.x) * (index + 1)) / DRAG_STEPS, y: start.y + ((end.y - start.y) * (index + 1)) / DRAG_STEPS }));
    const speed = position?.flung?.speed;
    if (speed) {
      // A swipe goes at the hand's speed: a carousel flings by it. Kept to the clock, so that a loop that lags (a busy
      // machine) makes no slower swipe (Splide counts no speed in one that took 200 ms).
      const due = movesDueAt(moves, speed);
      const began = Date.now();
      for (const [index, move] of moves.entries()) {
        const wait = due[index]! - (Date.now() - began);
        if (wait > 1) await page.waitForTimeout(wait);
        await page.mouse.move(move.x, move.y);
      }
    } else {
      for (const move of moves) {
        await page.mouse.move(move.x, move.y);
        await page.waitForTimeout(DRAG_STEP_MS);
      }
    }
    // A swipe lets go while moving: resting first would stop the carousel it flings.
    if (!position?.flung) await page.waitForTimeout(DRAG_REST_MS);
    await page.mouse.up();
  },
  setinputfiles: async ({ target, files, timeout }) => {
    await target.setInputFiles(files?.map((file) => ({ name: file.name, mimeType: file.mimeType, buffer: file.buffer })) ?? [], { timeout });
  },
};

export { SUPPORTED_METHODS };

export function methodRunner(method: string): MethodRunner {
  const runner = METHODS[canonicalMethod(method)];
  if (!runner) {
    throw new ServiceInvalidArgumentError(`method: ${JSON.stringify(method)} is not supported; use one of ${SUPPORTED_METHODS.join(', ')}`, { field: 'method' });
  }
  return runner;
}

/**
 * A method's arguments, checked before any wait for the element: bad input is said at once, not after a timeout.
 * (The runners read them again; this only refuses.)
 */
export function checkArguments(method: string, args: readonly string[], files: readonly FileUpload[] | undefined): void {
  const name = canonicalMethod(method);
  if (name === 'click' || name === 'doubleclick' || name === 'rightclick') clickPosition(args, method);
  if (name === 'press') requireArgument(args, 'press', 'a key such as "Enter"');
  if (name === 'draganddrop') {
    requireArgument(args, 'dragAndDrop', 'the selector of the drop target');
    dropPosition(args);
  }
  if (name === 'setinputfiles' && args.length && !files?.length) {
    throw new ServiceInvalidArgumentError(`arguments: setInputFiles needs the contents of ${args.map((path) => JSON.stringify(path)).join(', ')}; the engine never reads files from its own disk: replay a flow file (its files are read beside it) or pass options.files`, { field: 'arguments' });
  }
}

/** Methods that take no element: `press` with an empty selector presses on the focused element. */
export function isPageLevel(method: string, selector: string): boolean {
  return !selector.trim() && method.toLowerCase() === 'press';
}

function requireArgument(args: readonly string[], method: string, what: string): string {
  const value = args[0];
  if (value === undefined || value === '') throw new ServiceInvalidArgumentError(`arguments: ${method} needs ${what} as its first argument`, { field: 'arguments' });
  return value;
}

/**
 * A checkbox or radio whose input is hidden behind its label is checked through the label, as a person does (Playwright
 * reads the state from the input the label is for); any other is checked itself.
 */
async function throughShownLabel(target: Locator, timeout: number): Promise<Pick<Locator, 'check' | 'uncheck'>> {
  const label = await target.evaluateHandle(shownLabelOf, undefined, { timeout }).catch(() => undefined);
  const element = label?.asElement();
  if (element) return element;
  await label?.dispose();
  return target;
}
