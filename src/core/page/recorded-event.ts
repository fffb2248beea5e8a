import type { PageFingerprint } from './describe-in-page';
import type { RecordMode } from '../../schema/record-modes';
import type { EffectFacts } from './element-state';

/** What the recorder in the page reports for one gesture of the person's (see recorder.ts). */
export interface RecordedEvent {
  readonly kind: 'click' | 'doubleClick' | 'rightClick' | 'hover' | 'fill' | 'type' | 'select' | 'check' | 'uncheck' | 'press' | 'scroll' | 'focus' | 'blur' | 'drag' | 'dragOut' | 'dropIn' | 'upload' | 'dialog' | 'assert';
  readonly mark: string;
  readonly value?: string;
  /** Every option chosen in a multiple select. */
  readonly values?: readonly string[];
  readonly secret?: boolean;
  readonly field?: string;
  /** What the element was at the start of the gesture. */
  readonly fingerprint: PageFingerprint;
  /** Selectors computed then, each finding this element alone (none for elements in shadow roots). */
  readonly selectors: readonly string[];
  /** A pattern for a name that holds a count (see selectorsInPage). */
  readonly namePattern?: string;
  /** The page itself (a scroll of the document), which has no element to name. */
  readonly page?: boolean;
  /** Where on the element a click landed, for elements where that matters (a canvas, an image map). */
  readonly position?: readonly [number, number];
  /** How far a container was scrolled across, when it was. */
  readonly scrollLeft?: string;
  /**
   * Where a dragged element was dropped, and where on it (a drag made of mouse events). A drag let go in another frame
   * (`dragOut`) has only where it was held; that frame's `dropIn` has the rest, and the engine joins the two.
   */
  readonly destination?: { readonly fingerprint: PageFingerprint; readonly selectors: readonly string[]; readonly offset?: readonly [number, number]; readonly picked?: readonly [number, number]; readonly trail?: string };
  /** What the gesture changed about its element, read once the page had reacted (before the next gesture). */
  readonly effect?: EffectFacts;
  /** The document the gesture was made in (one per page load): a new one after a gesture means a page was loaded. */
  readonly document?: string;
  /** The names of the files chosen in a file input. */
  readonly files?: readonly string[];
  /** How the person answered a confirm or prompt the gesture opened. */
  readonly dialog?: { readonly accept: boolean; readonly promptText?: string };
  /** The frame's address when the gesture was made. */
  readonly url?: string;
  /** In an assert mode of the toolbar: what the click on the element asserts about it. */
  readonly assert?: Exclude<RecordMode, 'record'>;
  /** A checkbox's or radio's state, asserted as its value. */
  readonly checked?: boolean;
  /** Why a gesture the person made could not become a step: reported, never dropped in silence. */
  readonly problem?: string;
}
