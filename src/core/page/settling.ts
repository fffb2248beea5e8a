import { RECORDER_HOST } from './keys';
import { paintsOnly } from './layout-print';

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
    if (root instanceof ShadowRoot && root.host.localName === RECORDER_HOST) return false;
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
