import { untilDefined } from './custom-elements';
import { composedContains, composedParent, focusedBeside, innermostAt } from './element-at-point';
import type { PageHooks } from './page-hooks';
import { surelyVisible } from './sole-target';
import { isAnyNode, isElementNode, isHtmlElement, isSvgElement, isTag } from './node-kinds';

/**
 * Runs in the page, on an element the engine reached by its node id: Playwright's checks before a pointer action
 * (visible, enabled, stable from one frame to the next, scrolled into view, not covered at the point it will press),
 * done in one call instead of Playwright's round trips, and a guard that keeps the pointer events that follow from
 * reaching any other element, as Playwright's own does. Anything unusual answers not ready: the engine then acts
 * through Playwright, which waits, retries and says what is wrong.
 */

export interface PointerPlan {
  readonly key: string;
  /** `press`: a click of any button; `hover`: a move onto the element. */
  readonly kind: 'press' | 'hover';
  /** The element is in a frame directly in the page (deeper ones are left to Playwright); else in the page itself. */
  readonly inFrame: boolean;
}

export type PointerAim =
  /** The point to press and the top-left of the box it is in, in the coordinates of the element's own frame. */
  | { readonly ready: true; readonly x: number; readonly y: number; readonly boxX: number; readonly boxY: number }
  | { readonly ready: false; readonly why: string };

export interface PointerVerdict {
  /** `hit`: the first pointer event reached the element; `blocked`: it went elsewhere and was stopped; `none`: not seen. */
  readonly reached: 'hit' | 'blocked' | 'none';
  /** A navigation of this document to another one began (a link, a form, a script), and was not cancelled. */
  readonly leaves: boolean;
}

interface GuardedHooks extends PageHooks {
  disarmPointer?: (() => PointerVerdict) | undefined;
}

interface NavigateEventLike extends Event {
  readonly destination: { readonly sameDocument: boolean };
  readonly downloadRequest: string | null;
}

type Guarded = PointerPlan['kind'] | 'keys';

const GUARDED: Readonly<Record<Guarded, readonly string[]>> = {
  press: ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'],
  hover: ['pointermove', 'mousemove', 'pointerover', 'mouseover'],
  keys: ['keydown', 'keypress', 'keyup'],
};
/** A guard the engine never came back for (its process gone) stops guarding after this long. */
const GUARD_LIFETIME_MS = 10_000;
/** A page that draws no frame this soon (hidden, or its thread busy) is left to Playwright. */
const FRAME_WAIT_MS = 100;

export async function aimPointer(element: Element, plan: PointerPlan): Promise<PointerAim> {
  const hooks = (window as unknown as Record<symbol, GuardedHooks | undefined>)[Symbol.for(plan.key)];
  if (!hooks) return notReady('the page has no hooks');
  if (plan.inFrame ? window.parent === window || window.parent !== window.top : window !== window.top) return notReady('not in the frame expected');
  if (!element.isConnected) return notReady('not attached');
  await untilDefined(element);
  if (!element.isConnected) return notReady('not attached');
  if (plan.kind === 'press' && (element.matches(':disabled') || insideComposed(element, '[aria-disabled="true"], [inert]'))) return notReady('not enabled');
  // A straight SVG line has a box of no width (or no height): visible to a person, who clicks on it, as replay does.
  const line = isStraightLine(element);
  if (!line && !surelyVisible(element)) return notReady('not visible');
  let box = element.getBoundingClientRect();
  const outOfView = box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight;
  if (outOfView) {
    // Chromium's own "if needed": each scroller on the way, centred only when not in view (as DevTools does).
    (element as Element & { scrollIntoViewIfNeeded?: (center: boolean) => void }).scrollIntoViewIfNeeded?.(true);
    box = element.getBoundingClientRect();
  }
  // Stable as Playwright means it (the same box from one frame to the next). An element that is animated itself, or
  // inside something animated, is left to Playwright's own look over frames: an animation just begun keeps its first
  // box for two frames. Elsewhere, a frame is waited for only where something can move it by itself (an animation
  // on the page, or a smooth scroll just begun). Anything else that moves it before the press (a script, a late
  // layout, a header that shrinks on scroll) meets the guard: the press is stopped, and Playwright retries.
  if (animatedAround(element)) return notReady('animated');
  if ((outOfView && smoothScrollAround(element)) || document.getAnimations().some(moves)) {
    if (!(await nextFrame())) return notReady('no frame drawn');
    if (!element.isConnected || !sameBox(box, element.getBoundingClientRect())) return notReady('not stable');
  }
  const first = element.getClientRects()[0] ?? element.getBoundingClientRect();
  const left = Math.max(first.left, 0);
  const right = Math.min(first.right, innerWidth);
  const top = Math.max(first.top, 0);
  const bottom = Math.min(first.bottom, innerHeight);
  if (line ? right < left || bottom < top : right - left < 1 || bottom - top < 1) return notReady('not in the viewport');
  const x = Math.round(((left + right) / 2) * 100) / 100;
  const y = Math.round(((top + bottom) / 2) * 100) / 100;
  if (!composedContains(element, innermostAt(document.elementFromPoint(x, y), x, y, hooks.closedRoots))) return notReady('covered by another element');
  armGuard(hooks, element, plan.kind);
  return { ready: true, x, y, boxX: first.left, boxY: first.top };
}

/**
 * Runs in the page on the element a key press is for: the focus, as Playwright's press gives it (an input newly
 * focused has its caret put at the start), and the same guard for the key events (keys that reach another element
 * are stopped; a navigation they begin is told). False when it cannot be focused: Playwright then tries.
 */
export function aimKeys(element: Element, key: string): boolean {
  const hooks = (window as unknown as Record<symbol, GuardedHooks | undefined>)[Symbol.for(key)];
  if (!hooks || window !== window.top || !element.isConnected || !(isHtmlElement(element) || isSvgElement(element))) return false;
  const wasFocused = focusedBeside(element) === element && document.hasFocus();
  element.focus();
  if (!wasFocused && isTag(element, 'input')) {
    try {
      element.setSelectionRange(0, 0);
    } catch {
      // Types without a caret (checkbox, email) keep what they have, as with Playwright.
    }
  }
  if (focusedBeside(element) !== element) return false;
  armGuard(hooks, element, 'keys');
  return true;
}

/**
 * Runs in the element's frame after the pointer events: what they reached, and whether the document is being left.
 * (The element only says which frame; the guard is the frame's.)
 */
export function disarmPointer(_element: Element, key: string): PointerVerdict | undefined {
  const hooks = (window as unknown as Record<symbol, GuardedHooks | undefined>)[Symbol.for(key)];
  return hooks?.disarmPointer?.();
}

/** Runs in the page on a frame's element (an iframe): whether that frame is what shows at this point of the page. */
export function frameShowsAt(owner: Element, x: number, y: number, key: string): boolean {
  const hooks = (window as unknown as Record<symbol, GuardedHooks | undefined>)[Symbol.for(key)];
  return window === window.top && innermostAt(document.elementFromPoint(x, y), x, y, hooks?.closedRoots) === owner;
}

function armGuard(hooks: GuardedHooks, element: Element, kind: Guarded): void {
  hooks.disarmPointer?.();
  let reached: PointerVerdict['reached'] = 'none';
  let navigate: NavigateEventLike | undefined;
  const guard = (event: Event) => {
    if (!event.isTrusted) return;
    if (reached === 'none') {
      // The path stops at a closed shadow root's host: the point tells what is under it inside (as the hit test did).
      const first = event.composedPath()[0];
      const at = isElementNode(first) && event instanceof MouseEvent ? innermostAt(first, event.clientX, event.clientY, hooks.closedRoots) : first;
      reached = composedContains(element, isAnyNode(at) ? at : null) ? 'hit' : 'blocked';
    }
    if (reached === 'blocked') {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  const onNavigate = (event: Event) => {
    navigate = event as NavigateEventLike;
  };
  for (const type of GUARDED[kind]) window.addEventListener(type, guard, { capture: true });
  navigation?.addEventListener('navigate', onNavigate);
  const expiry = setTimeout(() => hooks.disarmPointer?.(), GUARD_LIFETIME_MS);
  hooks.disarmPointer = () => {
    clearTimeout(expiry);
    for (const type of GUARDED[kind]) window.removeEventListener(type, guard, { capture: true });
    navigation?.removeEventListener('navigate', onNavigate);
    hooks.disarmPointer = undefined;
    // Read once every listener has run: a page may cancel the navigation, and a download stays on this document.
    const leaves = !!navigate && !navigate.defaultPrevented && !navigate.destination.sameDocument && !navigate.downloadRequest;
    return { reached, leaves };
  };
}

/** An SVG shape drawn as a straight line across or down the page: its box is a line too. */
function isStraightLine(element: Element): boolean {
  if (!(element instanceof SVGGraphicsElement) || !element.checkVisibility({ visibilityProperty: true })) return false;
  const { width, height } = element.getBoundingClientRect();
  return (width < 1) !== (height < 1);
}

function notReady(why: string): PointerAim {
  return { ready: false, why };
}

function sameBox(a: DOMRect, b: DOMRect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** A scroller around the element scrolls smoothly (CSS `scroll-behavior`): the scroll just asked for is still under way. */
function smoothScrollAround(element: Element): boolean {
  for (let current: Element | null = composedParent(element); current; current = composedParent(current)) {
    if (getComputedStyle(current).scrollBehavior === 'smooth') return true;
  }
  return false;
}

function animatedAround(element: Element): boolean {
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (current.getAnimations().some(moves)) return true;
  }
  return false;
}

/** Keyframe fields, and properties that repaint without moving anything (a pulse of colour, a fade). */
const STILL = /^(offset|computedOffset|easing|composite|opacity|color|background.*|boxShadow|textShadow|outline.*|filter|border.*Color|fill|stroke|visibility|caretColor|accentColor|textDecorationColor)$/;

/** A running animation or transition that may change where something is or how big. */
function moves(animation: Animation): boolean {
  if (animation.playState !== 'running') return false;
  const effect = animation.effect as KeyframeEffect | null;
  if (!effect?.getKeyframes) return true;
  return effect.getKeyframes().some((keyframe) => Object.keys(keyframe).some((property) => !STILL.test(property)));
}

function nextFrame(): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), FRAME_WAIT_MS);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** `closest` across shadow boundaries. */
function insideComposed(element: Element, selector: string): boolean {
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (current.matches(selector)) return true;
  }
  return false;
}
