import type { RecordedEvent } from '../core/page/recorded-event';

/**
 * An HTML5 drag from one frame into another (a page builder's panel into its canvas, an iframe) reaches the recorder as
 * two halves: the frame it was dropped in says where (`dropIn`, with what the drop made there), the frame it began in
 * says what and where it was held (`dragOut`), in either order. Joined, they are one drag; a half whose other never
 * comes is a problem to show, never a step dropped in silence.
 */
export interface DragHalf {
  readonly event: RecordedEvent;
  /** The element's selectors, through the frames that hold it. */
  readonly selectors: readonly string[];
  readonly described: string;
}

/** How long one half waits for the other: both come from the same release of the mouse. */
export const JOIN_WITHIN_MS = 2000;

export class CrossFrameDrags {
  private pending: { half: DragHalf; out: boolean; at: number } | undefined;

  /** The drag, once both halves are in: the element's event as a drag onto the drop's element, with the drop's effect. */
  add(half: DragHalf, now = Date.now()): { joined?: DragHalf; unjoined?: string } {
    const out = half.event.kind === 'dragOut';
    const waiting = this.pending && now - this.pending.at <= JOIN_WITHIN_MS && this.pending.out !== out ? this.pending : undefined;
    const stale = this.pending && !waiting ? this.unjoined() : undefined;
    if (!waiting) {
      this.pending = { half, out, at: now };
      return stale ? { unjoined: stale } : {};
    }
    this.pending = undefined;
    const [dragged, dropped] = out ? [half, waiting.half] : [waiting.half, half];
    const { destination } = dropped.event;
    // Replay checks a step's effect from the frame of its element, the one the drag began in. Of what the drop made,
    // only text that appeared is looked for in the page's frames too: a layout or a place read around the drop target
    // would be compared around the dragged element (another layout, so "changed" whatever the drop did), and text
    // gone from the frame was never in the first one.
    const effect = dropped.event.effect?.appeared ? { appeared: dropped.event.effect.appeared } : undefined;
    const joined: RecordedEvent = {
      ...dragged.event,
      kind: 'drag',
      destination: { fingerprint: dropped.event.fingerprint, selectors: dropped.selectors, ...(destination?.offset ? { offset: destination.offset } : {}), ...(dragged.event.destination?.picked ? { picked: dragged.event.destination.picked } : {}) },
      ...(effect ? { effect } : {}),
    };
    return { joined: { event: joined, selectors: dragged.selectors, described: dragged.described } };
  }

  /** The half still waiting, as the problem to show, once its time is up (or the recording stops). */
  expire(now = Date.now(), force = false): string | undefined {
    if (!this.pending || (!force && now - this.pending.at <= JOIN_WITHIN_MS)) return undefined;
    return this.unjoined();
  }

  private unjoined(): string {
    const { half, out } = this.pending!;
    this.pending = undefined;
    return out
      ? `dragging ${half.described} was not recorded: it was let go in another frame, which did not say where (a frame of another origin, or one the recorder is not in). Add its step by hand: a dragAndDrop whose drop target names that frame (frame:… >>> …)`
      : `a drop on ${half.described} was not recorded: what was dropped came from outside the page (a file from the desktop, or another window). To give a page a file, record its file input's upload, or add a setInputFiles step by hand`;
  }
}
