/**
 * The way a hand went between pressing and letting go, kept with a drag's step (its sixth argument): `"6,-8 12,-16 …"`,
 * each point in pixels from where the element was pressed. Some layouts place an item by the path, not only the end: a
 * node editor snapping to a grid rounds each move, and moves of another length land it a cell away. Replay goes the
 * same way, bent so that it still ends on the drop place as the page now lays it out. Pure: runs in Node and the page.
 */
export type TrailPoint = readonly [number, number];

/** At most this many points are kept: enough for the shape of a hand's drag, and a line of a flow file. */
export const MOST_TRAIL_POINTS = 32;

const POINT = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/;

/**
 * The trail's last word when the hand let go while still moving fast (a swipe): a carousel or a sheet moves on by the
 * speed at the release, and replay, which otherwise rests on the drop place before letting go, then lets go at once.
 */
export const FLUNG = 'flung';

/**
 * The speed, in CSS pixels per millisecond, over the last moves before the release, above which the drag was flung: a
 * hand placing an item slows to its place; a swipe does not (carousels fling at about 0.6).
 */
export const FLUNG_SPEED = 1;

/**
 * The points as a flow keeps them, thinned evenly to MOST_TRAIL_POINTS, the first and the last always kept: where the
 * first move landed is where many libraries start the drag from (past their threshold), and the last is the drop.
 */
export function formatTrail(points: readonly TrailPoint[], flung = false): string {
  const kept = points.length <= MOST_TRAIL_POINTS ? points
    : Array.from({ length: MOST_TRAIL_POINTS }, (_, index) => points[Math.round((index * (points.length - 1)) / (MOST_TRAIL_POINTS - 1))]!);
  return `${kept.map(([x, y]) => `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`).join(' ')}${flung ? ` ${FLUNG}` : ''}`;
}

/** Whether a trail says the hand let go while moving fast (its last word FLUNG). */
export const isFlung = (text: string) => text.trim().split(/\s+/).at(-1) === FLUNG;

/** The points of a trail; undefined when it is not one (each point `x,y` in pixels, at most MOST_TRAIL_POINTS). */
export function parseTrail(text: string): TrailPoint[] | undefined {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.at(-1) === FLUNG) parts.pop();
  if (!parts.length || parts.length > MOST_TRAIL_POINTS || !parts.every((part) => POINT.test(part))) return undefined;
  return parts.map((part) => part.split(',').map(Number) as unknown as TrailPoint);
}

/**
 * Where the pointer goes on replay: each point from the press, bent evenly along the way by the difference between the
 * recorded end (the trail's last point) and the end where the drop place now is.
 */
export function trailMoves(trail: readonly TrailPoint[], start: { x: number; y: number }, end: { x: number; y: number }): { x: number; y: number }[] {
  const [lastX, lastY] = trail.at(-1) ?? [0, 0];
  const [bendX, bendY] = [end.x - start.x - lastX, end.y - start.y - lastY];
  return trail.map(([x, y], index) => {
    const along = (index + 1) / trail.length;
    return { x: start.x + x + bendX * along, y: start.y + y + bendY * along };
  });
}
