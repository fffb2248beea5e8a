// Builds Rehearse.
//   node esbuild.js            bundles into dist/ (CLI + service, VS Code extension, webview scripts)
//   node esbuild.js --watch    the same, rebuilt on change (problem-matcher friendly output)
//   node esbuild.js --tests    also transpiles src/ and test/ file by file into out/ for mocha
//   node esbuild.js --production --outdir=DIR   the packaged build into DIR instead of dist/ (the tests package a copy)
// Type-checking is `tsc --noEmit` (npm run typecheck); esbuild only strips types.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const production = process.argv.includes('--production');
const DIST = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) || 'dist';

/** Prints errors in the `file:line:col: error: text` shape VS Code's $esbuild-watch problem matcher reads. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => {
      if (watch) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
    });
  },
};

function listTs(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
}

const common = {
  bundle: true,
  sourcemap: !production,
  // Identifiers stay as written: error classes are rebuilt from their names on both sides of the HTTP API, and the
  // page scripts sent to the browser as source (Function#toString) must not call helpers such as keepNames' __name.
  minifyWhitespace: production,
  minifySyntax: production,
  logLevel: 'silent',
  plugins: [problemMatcherPlugin],
};

const builds = [];
const NODE_BUNDLES = { lib: 'src/index.ts', cli: 'src/cli/main.ts', extension: 'src/extension/extension.ts', test: 'src/playwright-test/index.ts' };
for (const [name, file] of Object.entries(NODE_BUNDLES)) {
  if (!fs.existsSync(file)) continue;
  builds.push({
    ...common,
    entryPoints: { [name]: file },
    outdir: DIST,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // playwright-core cannot be bundled (it loads its own files at run time); vscode is provided by the editor.
    // @playwright/test is the project's own (a peer dependency): one copy of the runner, or its tests do not register.
    external: ['vscode', 'playwright-core', 'playwright', '@playwright/test'],
    // jsonc-parser's main build is UMD, whose requires esbuild cannot follow: its ES module build bundles whole.
    alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
    ...(name === 'cli' ? { banner: { js: '#!/usr/bin/env node' } } : {}),
  });
}
const webviewEntries = listTs('src/webview').filter((file) => file.endsWith('.script.ts'));
if (webviewEntries.length) {
  builds.push({ ...common, entryPoints: webviewEntries, outdir: path.join(DIST, 'webview'), platform: 'browser', format: 'iife', target: 'chrome120' });
}
if (tests) {
  builds.push({
    entryPoints: [...listTs('src'), ...listTs('test')],
    outdir: 'out',
    outbase: '.',
    bundle: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [problemMatcherPlugin],
  });
}

/** The codicon font and stylesheet the webviews load (from dist/webview/codicons, inside the packaged extension). */
function copyCodicons() {
  const from = path.join('node_modules', '@vscode', 'codicons', 'dist');
  const to = path.join(DIST, 'webview', 'codicons');
  fs.mkdirSync(to, { recursive: true });
  for (const file of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(path.join(from, file), path.join(to, file));
}

async function main() {
  if (tests) fs.rmSync('out', { recursive: true, force: true });
  // A production build is what gets packaged: no source maps from an earlier build left beside it.
  if (production) fs.rmSync(DIST, { recursive: true, force: true });
  copyCodicons();
  const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
  if (watch) {
    await Promise.all(contexts.map((context) => context.watch()));
    return;
  }
  try {
    await Promise.all(contexts.map((context) => context.rebuild()));
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()));
  }
}

main().catch((error) => {
  // esbuild has printed its own build errors; anything else (a missing folder, a bad option) is said here.
  if (!error?.errors?.length) console.error(error);
  process.exit(1);
});
