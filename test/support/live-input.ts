import type { LiveInputEvent } from '../../src/service/client';

/** A person's click at a point of the live view: the pointer moves there, presses and lets go. */
export function click(at: { x: number; y: number }): LiveInputEvent[] {
  return [
    { type: 'mouseMove', ...at },
    { type: 'mouseDown', ...at, button: 'left', clickCount: 1 },
    { type: 'mouseUp', ...at, button: 'left', clickCount: 1 },
  ];
}

/** A person typing `text` key by key in the live view. */
export function typing(text: string): LiveInputEvent[] {
  return [...text].flatMap((key): LiveInputEvent[] => [{ type: 'keyDown', key }, { type: 'keyUp', key }]);
}
