import * as v from 'valibot';
import { list, looseObject, nonEmptyText, oneOf, strictObject, text, wholeNumber } from './messages';

/**
 * The live view of a session's page (issue 30): screencast frames out, a person's pointer, wheel and keys in, as real
 * input. One shape for the service's routes, its client and the webview, so each side checks the same fields.
 */

/** A point in the page's viewport, in CSS pixels. */
const coordinate = () => v.pipe(
  v.number((issue) => `expected a number of CSS pixels, received ${issue.received}`),
  v.finite('expected a finite number of CSS pixels'),
  v.minValue(-10_000, 'expected at least -10000'),
  v.maxValue(100_000, 'expected at most 100000'),
);
const delta = () => v.pipe(v.number((issue) => `expected a number of pixels, received ${issue.received}`), v.finite('expected a finite number'), v.minValue(-100_000, 'expected at least -100000'), v.maxValue(100_000, 'expected at most 100000'));
const button = () => oneOf(['left', 'middle', 'right'] as const);
/** A KeyboardEvent.key value ("a", "Enter", "ArrowLeft", "Shift"). */
const key = () => v.pipe(nonEmptyText(), v.maxLength(32, 'expected a key name of at most 32 characters'));

/** One kind of event: its `type` and fields, nothing else (variant options must be plain objects). */
function event<const E extends v.ObjectEntries>(entries: E) {
  return v.strictObject(entries, (issue) => (issue.expected === 'never' ? 'is not a field of this event' : `expected an input event object, received ${issue.received}`));
}

export const MAX_INSERTED_TEXT = 10_000;
export const VIEWPORT_LIMITS = { minWidth: 200, maxWidth: 3840, minHeight: 200, maxHeight: 2160 } as const;

export const LiveInputEventSchema = v.variant('type', [
  event({ type: v.literal('mouseMove'), x: coordinate(), y: coordinate() }),
  event({ type: v.literal('mouseDown'), x: coordinate(), y: coordinate(), button: button(), clickCount: wholeNumber(1, 3) }),
  event({ type: v.literal('mouseUp'), x: coordinate(), y: coordinate(), button: button(), clickCount: wholeNumber(1, 3) }),
  event({ type: v.literal('wheel'), x: coordinate(), y: coordinate(), deltaX: delta(), deltaY: delta() }),
  event({ type: v.literal('keyDown'), key: key() }),
  event({ type: v.literal('keyUp'), key: key() }),
  /** Text pasted or composed (an input method): inserted where the caret is, as a paste would. */
  event({ type: v.literal('insertText'), text: v.pipe(nonEmptyText(), v.maxLength(MAX_INSERTED_TEXT, `expected at most ${MAX_INSERTED_TEXT} characters`)) }),
  event({ type: v.literal('navigate'), url: nonEmptyText() }),
  event({ type: v.literal('history'), action: oneOf(['back', 'forward', 'reload'] as const) }),
  event({
    type: v.literal('viewport'),
    width: wholeNumber(VIEWPORT_LIMITS.minWidth, VIEWPORT_LIMITS.maxWidth),
    height: wholeNumber(VIEWPORT_LIMITS.minHeight, VIEWPORT_LIMITS.maxHeight),
  }),
], (issue) => `expected an input event with a type of mouseMove, mouseDown, mouseUp, wheel, keyDown, keyUp, insertText, navigate, history or viewport, received ${issue.received}`);
export type LiveInputEvent = v.InferOutput<typeof LiveInputEventSchema>;

export const MAX_INPUT_EVENTS = 100;

export const LiveInputRequestSchema = looseObject({
  events: v.pipe(list(LiveInputEventSchema), v.minLength(1, 'expected at least one event'), v.maxLength(MAX_INPUT_EVENTS, `expected at most ${MAX_INPUT_EVENTS} events in one call`)),
  streamResponse: v.optional(v.boolean()),
});

export const LiveInputResultSchema = strictObject({
  /** The page's address after the events (a click may have followed a link). */
  url: text(),
});
export type LiveInputResult = v.InferOutput<typeof LiveInputResultSchema>;

export const ScreencastRequestSchema = looseObject({
  /** The largest frame the viewer shows, in device pixels; the page is scaled down to fit, never up. */
  maxWidth: v.optional(wholeNumber(100, 4096)),
  maxHeight: v.optional(wholeNumber(100, 4096)),
  /** JPEG quality of each frame. */
  quality: v.optional(wholeNumber(10, 100)),
  streamResponse: v.optional(v.boolean()),
});
export type ScreencastRequest = v.InferOutput<typeof ScreencastRequestSchema>;

/** One picture of the page as the browser rendered it. */
export const ScreencastFrameSchema = strictObject({
  /** JPEG, base64. */
  data: text(),
  /** The viewport in CSS pixels: what the frame shows, whatever its own size in pixels. */
  width: v.number(),
  height: v.number(),
  url: text(),
  title: text(),
  /** When the browser drew it (ms since the epoch), to measure input-to-frame latency. */
  drawnAt: v.number(),
});
export type ScreencastFrame = v.InferOutput<typeof ScreencastFrameSchema>;
