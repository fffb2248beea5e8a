import type { describeInPage as DescribeInPage } from './page/describe-in-page';
import type { describeElement as DescribeElement, describeSole as DescribeSole } from './page/sole-target';
import type { installPageHooks as InstallPageHooks, readGeneration as ReadGeneration, waitForQuiet as WaitForQuiet } from './page/page-hooks';
import type { installPicker as InstallPicker } from './page/picker';
import type { aimKeys as AimKeys, aimPointer as AimPointer, disarmPointer as DisarmPointer, frameShowsAt as FrameShowsAt } from './page/pointer-aim';
import type { installRecorder as InstallRecorder } from './page/recorder';
import type { editorRests as EditorRests, untilQuiet as UntilQuiet, untilStill as UntilStill } from './page/settling';
import type { drawingOf as DrawingOf } from './page/drawing';
import type { effectBefore as EffectBefore, effectHolds as EffectHolds, effectHoldsElsewhere as EffectHoldsElsewhere } from './page/element-state';
import type { checkedState as CheckedState, prepareFill as PrepareFill, selectInPage as SelectInPage, valueInPage as ValueInPage } from './page/field-input';
import type { findAndKeep as FindAndKeep } from './page/find-sole';
import type { untilDefined as UntilDefined } from './page/custom-elements';
import type { shownLabelOf as ShownLabelOf, usableToggle as UsableToggle } from './page/toggle-label';
import type { relocatedSelectors as RelocatedSelectors, surveyForRelocation as SurveyForRelocation, unmarkRelocated as UnmarkRelocated } from './page/relocate';
import type { shadowEngine as ShadowEngine } from './page/shadow-engine';
import type { layoutPrintOf as LayoutPrintOf } from './page/layout-print';
import type { columnNow as ColumnNow } from './page/column-sort';
import type { aloneInGrownAnchor as AloneInGrownAnchor } from './page/grown-anchor';
import type { atCellPlace as AtCellPlace } from './page/row-key';
import type { focusedText as FocusedText, typingFocus as TypingFocus } from './page/widget-keyboard';
import sources from './page-sources';

/**
 * The code that runs in the page, as Playwright and CDP take it: built at compile time from src/core/page into one
 * self-contained script each (imports bundled in), so nothing of a Node module is missing in the page and the bundles
 * can be minified. This file is the list esbuild.js builds: an `export const x = inPage<typeof X>('x')` below with
 * its `import type { x as X } from './page/…'` above is a page script, and nothing else needs to name it. Each export
 * is a stand-in with the page function's type whose source (`String(fn)`, which is what Playwright's evaluate and
 * addInitScript send) is the built script; calling it in Node is a mistake and throws. Modules outside src/core/page
 * import those files for their types only.
 */
function inPage<T>(name: string): T {
  const source = sources[name];
  if (typeof source !== 'string') throw new Error(`The page script ${name} was not built: run node esbuild.js.`);
  const standIn = (): never => {
    throw new Error(`${name} runs in the page, not in Node.`);
  };
  standIn.toString = () => source;
  return standIn as unknown as T;
}

export const installPageHooks = inPage<typeof InstallPageHooks>('installPageHooks');
export const waitForQuiet = inPage<typeof WaitForQuiet>('waitForQuiet');
export const readGeneration = inPage<typeof ReadGeneration>('readGeneration');
export const describeInPage = inPage<typeof DescribeInPage>('describeInPage');
export const describeSole = inPage<typeof DescribeSole>('describeSole');
export const describeElement = inPage<typeof DescribeElement>('describeElement');
export const installRecorder = inPage<typeof InstallRecorder>('installRecorder');
export const effectHolds = inPage<typeof EffectHolds>('effectHolds');
export const effectBefore = inPage<typeof EffectBefore>('effectBefore');
export const drawingOf = inPage<typeof DrawingOf>('drawingOf');
export const aloneInGrownAnchor = inPage<typeof AloneInGrownAnchor>('aloneInGrownAnchor');
export const atCellPlace = inPage<typeof AtCellPlace>('atCellPlace');
export const layoutPrintOf = inPage<typeof LayoutPrintOf>('layoutPrintOf');
export const columnNow = inPage<typeof ColumnNow>('columnNow');
export const installPicker = inPage<typeof InstallPicker>('installPicker');
export const aimPointer = inPage<typeof AimPointer>('aimPointer');
export const disarmPointer = inPage<typeof DisarmPointer>('disarmPointer');
export const frameShowsAt = inPage<typeof FrameShowsAt>('frameShowsAt');
export const aimKeys = inPage<typeof AimKeys>('aimKeys');
export const findAndKeep = inPage<typeof FindAndKeep>('findAndKeep');
export const prepareFill = inPage<typeof PrepareFill>('prepareFill');
export const checkedState = inPage<typeof CheckedState>('checkedState');
export const selectInPage = inPage<typeof SelectInPage>('selectInPage');
export const valueInPage = inPage<typeof ValueInPage>('valueInPage');
export const untilDefined = inPage<typeof UntilDefined>('untilDefined');
export const shownLabelOf = inPage<typeof ShownLabelOf>('shownLabelOf');
export const usableToggle = inPage<typeof UsableToggle>('usableToggle');
export const surveyForRelocation = inPage<typeof SurveyForRelocation>('surveyForRelocation');
export const relocatedSelectors = inPage<typeof RelocatedSelectors>('relocatedSelectors');
export const unmarkRelocated = inPage<typeof UnmarkRelocated>('unmarkRelocated');
export const effectHoldsElsewhere = inPage<typeof EffectHoldsElsewhere>('effectHoldsElsewhere');
export const untilStill = inPage<typeof UntilStill>('untilStill');
export const untilQuiet = inPage<typeof UntilQuiet>('untilQuiet');
export const editorRests = inPage<typeof EditorRests>('editorRests');
export const typingFocus = inPage<typeof TypingFocus>('typingFocus');
export const focusedText = inPage<typeof FocusedText>('focusedText');
/** Not a function: its source is an expression whose value is the engine object. */
export const shadowEngine = inPage<typeof ShadowEngine>('shadowEngine');

/**
 * The source of a call of a page function with these arguments (JSON), for what takes source rather than a function
 * and its argument: a script run in every frame, CDP's Runtime.evaluate. Typed as the page function is.
 */
export function pageCall<A extends readonly unknown[]>(fn: (...args: A) => unknown, ...args: A): string {
  return `(${String(fn)})(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
}
