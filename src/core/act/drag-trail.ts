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
 * The word after the points when the hand let go while still moving fast (a swipe), then that speed in CSS pixels per
 * millisecond (`flung 2.4`): a carousel or a sheet moves on by the speed at the release, so replay goes the way at that
 * speed and lets go at once, where it otherwise rests on the drop place first. Flows written before the speed was kept
 * end with the word alone.
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
export function formatTrail(points: readonly TrailPoint[], flungSpeed?: number): string {
  const kept = points.length <= MOST_TRAIL_POINTS ? points
    : Array.from({ length: MOST_TRAIL_POINTS }, (_, index) => points[Math.round((index * (points.length - 1)) / (MOST_TRAIL_POINTS - 1))]!);
  return `${kept.map(([x, y]) => `${tenth(x)},${tenth(y)}`).join(' ')}${flungSpeed !== undefined ? ` ${FLUNG} ${tenth(flungSpeed)}` : ''}`;
}

const tenth = (value: number) => Math.round(value * 10) / 10;
const SPEED = /^\d+(\.\d+)?$/;

/** A trail's points (each once where the hand stayed), and whether (and how fast, when it says) the hand let go while moving; undefined when it is not one. */
export function parseTrail(text: string): { points: TrailPoint[]; flung?: { speed?: number } } | undefined {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  const speed = parts.at(-2) === FLUNG && SPEED.test(parts.at(-1)!) && Number(parts.at(-1)) > 0 ? Number(parts.splice(-2)[1]) : undefined;
  const flung = speed !== undefined || parts.at(-1) === FLUNG ? { ...(speed !== undefined ? { speed } : {}) } : undefined;
  if (parts.at(-1) === FLUNG) parts.pop();
  if (!parts.length || parts.length > MOST_TRAIL_POINTS || !parts.every((part) => POINT.test(part))) return undefined;
  const points = parts.map((part) => part.split(',').map(Number) as unknown as TrailPoint);
  // The release is kept as the last point, often where the last move already was: going there twice is a move of no
  // length, which a carousel reads as the hand stopping before it let go (Swiper's speed is its last two moves').
  const moves = points.filter((point, index) => index === 0 || point[0] !== points[index - 1]![0] || point[1] !== points[index - 1]![1]);
  return { points: moves, ...(flung ? { flung } : {}) };
}

/**
 * When the pointer reaches each move, in milliseconds after the first, going at `speed` pixels per millisecond: a
 * swipe's outcome is its speed, which replay must give back, not the pace of its own loop. From the first move, as the
 * speed was read: the hand's first move comes at once after the press, and a swipe replayed slower than the person's
 * from the press (Splide counts no speed in a swipe that took 200 ms) snapped back.
 */
export function movesDueAt(moves: readonly { x: number; y: number }[], speed: number): number[] {
  let travelled = 0;
  return moves.map((move, index) => {
    const from = moves[index - 1] ?? move;
    travelled += Math.hypot(move.x - from.x, move.y - from.y);
    return travelled / speed;
  });
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
