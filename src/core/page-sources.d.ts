/**
 * The page scripts, bundled by esbuild.js from src/core/page, one for each that src/core/page-scripts.ts lists: for
 * each, a self-contained JavaScript expression whose value is the function (or object) of that name. Generated at
 * build time, never written by hand: the bundles get it from an esbuild plugin, the tests' out/ from a file esbuild.js
 * writes.
 */
declare const sources: Readonly<Record<string, string | undefined>>;
export default sources;
