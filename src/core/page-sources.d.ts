/**
 * The page scripts, bundled by esbuild.js (PAGE_SCRIPTS there) from src/core/page: for each, a self-contained
 * JavaScript expression whose value is the function (or object) of that name. Generated at build time, never written
 * by hand: the bundles get it from an esbuild plugin, the tests' out/ from a file esbuild.js writes.
 */
declare const sources: Readonly<Record<
  'installPageHooks' | 'waitForQuiet' | 'readGeneration' | 'describeInPage' | 'describeSole' | 'installRecorder' | 'installPicker' | 'shadowEngine'
  | 'aimPointer' | 'disarmPointer' | 'frameShowsAt' | 'effectHolds' | 'findAndKeep' | 'prepareFill' | 'checkedState' | 'selectInPage' | 'aimKeys' | 'valueInPage' | 'untilDefined',
  string
>>;
export default sources;
