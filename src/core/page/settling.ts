import { RECORDER_HOST } from './keys';
import { paintsOnly } from './layout-print';
import { isHtmlElement, isShadowRootNode } from './node-kinds';

/**
 * Whether the page (or what is inside `within`) is in the middle of a finite animation or transition (a dropped card gliding to its place, a
 * picker fading out): what a gesture did is read once it ends. Endless ones (a spinner) are the page's own and never
 * waited for, nor the recorder's toolbar. Runs in the page, built into the recorder.
 */
export function animating(within?: Element): boolean {
  return document.getAnimations().some((animation) => {
    if (animation.playState !== 'running' || !(animation.effect instanceof KeyframeEffect)) return false;
    const target = animation.effect.target;
    // Inside an area whose layout is read: only what moves boxes (a hover's colour fading in moves none).
    if (within && (!target || target === within || !within.contains(target) || paintsOnly(animation))) return false;
    const root = target?.getRootNode();
    if (isShadowRootNode(root) && root.host.localName === RECORDER_HOST) return false;
    const end = animation.effect.getComputedTiming().endTime;
    return typeof end === 'number' && Number.isFinite(end);
  });
}

/**
 * Resolves once the page's finite animations have ended (a panel an accordion slides open, a dialog fading out), or
 * after `mostMs`: whether it came to rest. A step checked as done leaves the page as the person's gesture left it.
 */
export function untilStill(mostMs: number): Promise<boolean> {
  const end = performance.now() + mostMs;
  return new Promise((resolve) => {
    const look = () => {
      if (!animating()) resolve(true);
      else if (performance.now() >= end) resolve(false);
      else window.setTimeout(look, 40);
    };
    look();
  });
}

/** Resolves after a frame, once the document has had no change for `quiet` ms, or after `most` ms. */
export function untilQuiet({ quiet, most }: { quiet: number; most: number }): Promise<void> {
  return new Promise<void>((resolve) => {
    let rest: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      clearTimeout(rest);
      rest = setTimeout(done, quiet);
    });
    // Bounded even where frames do not come (a page in a hidden tab).
    const cap = setTimeout(done, most);
    function done() {
      observer.disconnect();
      clearTimeout(rest);
      clearTimeout(cap);
      resolve();
    }
    requestAnimationFrame(() => {
      rest = setTimeout(done, quiet);
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  });
}

/**
 * Keys for a rich text editor come once the page has rested, and the next step once it has rested after them: a
 * toolbar's click that gives the editor the focus back has it put its own caret back a moment later (CKEditor 5 renders
 * its selection 50 ms after a focus), and the editor learns where a key moved the caret only from the page's
 * `selectionchange`, a task of its own after the key's. Sent at once, as replay's steps came on a loaded machine, a key
 * was undone by the first (the Enter after Control+End split the first line, and the replay passed with another
 * document) and outrun by the next click (the heading went to the line the arrow had left). At once for anything else.
 */
export function editorRests(element: Element, rest: { quiet: number; most: number }): Promise<void> {
  // A key pressed on the page, or on what holds the editor, lands in the editor that has the focus (Editor.js's block,
  // clicked just before: on a loaded machine its Enter came before the editor knew its block, and made a line break).
  const focused = document.activeElement;
  const keyedEditor = (isHtmlElement(element) && element.isContentEditable)
    || (isHtmlElement(focused) && focused.isContentEditable && element.contains(focused));
  return keyedEditor ? untilQuiet(rest) : Promise.resolve();
}
