import { RECORDER_HOST } from './keys';

/**
 * Whether the page is in the middle of a finite animation or transition (a dropped card gliding to its place, a
 * picker fading out): what a gesture did is read once it ends. Endless ones (a spinner) are the page's own and never
 * waited for, nor the recorder's toolbar. Runs in the page, built into the recorder.
 */
export function animating(): boolean {
  return document.getAnimations().some((animation) => {
    if (animation.playState !== 'running' || !(animation.effect instanceof KeyframeEffect)) return false;
    const root = animation.effect.target?.getRootNode();
    if (root instanceof ShadowRoot && root.host.localName === RECORDER_HOST) return false;
    const end = animation.effect.getComputedTiming().endTime;
    return typeof end === 'number' && Number.isFinite(end);
  });
}
