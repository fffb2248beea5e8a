// Builds Rehearse.
//   node esbuild.js            bundles into dist/ (CLI + service, VS Code extension, webview scripts)
//   node esbuild.js --watch    the same, rebuilt on change (problem-matcher friendly output)
//   node esbuild.js --tests    also transpiles src/ and test/ file by file into out/ for mocha
//   node esbuild.js --production --outdir=DIR   the packaged build into DIR instead of dist/ (the tests package a copy)
//   node esbuild.js --types    writes only dist/lib.d.ts and dist/test.d.ts, the package's types (about 45 s)
// Type-checking is `tsc --noEmit` (npm run typecheck); esbuild only strips types.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const production = process.argv.includes('--production');
const types = process.argv.includes('--types');
const DIST = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) || 'dist';

/**
 * Prints errors in the `file:line:col: error: text` shape the watch task's problem matcher reads (.vscode/tasks.json),
 * and one `[watch] build started` / `[watch] build finished` pair around a rebuild of all bundles at once, so a task that
 * waits for the build (F5) waits for every bundle, not the first one done.
 */
let building = 0;
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => {
      if (watch && building++ === 0) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch && --building === 0) console.log('[watch] build finished');
    });
  },
};

/**
 * The code that runs in the page, as src/core/page-scripts.ts lists it (the one list): each
 * `export const name = inPage<typeof Name>('name')` there, with its `import type { name as Name } from './page/…'`,
 * is bundled alone, with what it imports, into one expression whose value is that export. Returns name → its module.
 */
function pageScripts() {
  const list = fs.readFileSync(path.join('src', 'core', 'page-scripts.ts'), 'utf8');
  const modules = new Map();
  for (const [, names, file] of list.matchAll(/import type \{([^}]+)\} from '\.\/(page\/[\w-]+)'/g)) {
    for (const part of names.split(',')) modules.set(part.trim().split(/\s+as\s+/)[0], path.join('src', 'core', `${file}.ts`));
  }
  const scripts = {};
  for (const [, name] of list.matchAll(/^export const \w+ = inPage<[^>]+>\('(\w+)'\)/gm)) {
    if (!modules.has(name)) throw new Error(`src/core/page-scripts.ts: the page script ${name} needs an import type of ${name} from ./page/<its module>`);
    scripts[name] = modules.get(name);
  }
  return scripts;
}
const PAGE_RESULT = '__rehearsePageScript';

/** Builds every page script: `{ sources: { name: expression }, inputs: [files they were built from] }`. */
async function buildPageSources() {
  const sources = {};
  const inputs = new Set();
  await Promise.all(Object.entries(pageScripts()).map(async ([name, file]) => {
    const result = await esbuild.build({
      // The bundle hands its value to a variable of the wrapper below: no module helpers, nothing left on window.
      stdin: { contents: `import { ${name} } from './${path.basename(file)}';\n${PAGE_RESULT} = ${name};`, resolveDir: path.dirname(file), sourcefile: `${name}.page.ts`, loader: 'ts' },
      bundle: true, write: false, metafile: true, format: 'iife', platform: 'browser', target: 'chrome110',
      minify: production, logLevel: 'silent', plugins: [problemMatcherPlugin],
    });
    sources[name] = `(() => {\nlet ${PAGE_RESULT};\n${result.outputFiles[0].text.trim()}\nreturn ${PAGE_RESULT};\n})()`;
    for (const input of Object.keys(result.metafile.inputs)) if (!input.startsWith('<stdin>')) inputs.add(path.resolve(input));
  }));
  return { sources, inputs: [...inputs] };
}

/** `import sources from './page-sources'` in the bundles: the page scripts, rebuilt (and watched) with them. */
const pageSourcesPlugin = {
  name: 'page-sources',
  setup(build) {
    build.onResolve({ filter: /(^|\/)page-sources$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), namespace: 'page-sources' }));
    build.onLoad({ filter: /.*/, namespace: 'page-sources' }, async () => {
      const { sources, inputs } = await buildPageSources();
      return { contents: `export default ${JSON.stringify(sources)};`, loader: 'js', watchFiles: inputs };
    });
  },
};

function listTs(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
}

/** The package's version, as the code knows it (`rehearse --version`): declared in src/version.d.ts. */
const define = { REHEARSE_VERSION: JSON.stringify(JSON.parse(fs.readFileSync('package.json', 'utf8')).version) };

const common = {
  bundle: true,
  define,
  sourcemap: !production,
  // Identifiers stay as written: error classes are rebuilt from their names on both sides of the HTTP API, and the
  // short callbacks handed to evaluate() inline are sent as their source, where keepNames' __name helper is missing.
  // The page scripts proper are bundles of their own (pageScripts()), minified whole.
  minifyWhitespace: production,
  minifySyntax: production,
  logLevel: 'silent',
  plugins: [problemMatcherPlugin, pageSourcesPlugin],
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
    define,
    plugins: [problemMatcherPlugin],
  });
  // Widget pages built with a framework (React) are bundled as their apps are: one script per page, production React.
  const widgetApps = fs.readdirSync(path.join('test', 'fixtures', 'widgets')).filter((file) => file.endsWith('.jsx'));
  if (widgetApps.length) {
    builds.push({
      entryPoints: widgetApps.map((file) => path.join('test', 'fixtures', 'widgets', file)),
      outdir: path.join('out', 'test', 'fixtures', 'widgets'),
      bundle: true, minify: true, platform: 'browser', format: 'iife', target: 'chrome120', jsx: 'automatic', logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [problemMatcherPlugin],
    });
  }
}

/** The codicon font and stylesheet the webviews load (from dist/webview/codicons, inside the packaged extension). */
/** The package's public entry points and the declaration file written for each, beside its bundle. */
const TYPED_ENTRIES = { lib: NODE_BUNDLES.lib, test: NODE_BUNDLES.test };

/**
 * The types of `rehearse` and `rehearse/test`, each bundled into one declaration file (dts-bundle-generator): the SPEC
 * shapes and the flow format as the sources declare them, no path of ours left in them. playwright-core, valibot
 * and @playwright/test stay imports: the package depends on the first two, the third is its peer.
 */
function writeTypes() {
  const { generateDtsBundle } = require('dts-bundle-generator');
  // Only the entry points and what they reach, with the types of Node (not mocha's, nor the tests').
  const config = path.join(require('node:os').tmpdir(), `rehearse-types-${process.pid}.json`);
  fs.writeFileSync(config, JSON.stringify({
    extends: path.resolve('tsconfig.json'),
    compilerOptions: { types: ['node'], typeRoots: [path.resolve('node_modules', '@types')] },
    include: [...Object.values(TYPED_ENTRIES), 'src/**/*.d.ts'].map((file) => path.resolve(file)),
  }));
  try {
    const written = generateDtsBundle(
      Object.values(TYPED_ENTRIES).map((filePath) => ({ filePath, noCheck: true, output: { noBanner: true, exportReferencedTypes: false } })),
      { preferredConfigPath: config },
    );
    Object.keys(TYPED_ENTRIES).forEach((name, index) => fs.writeFileSync(path.join(DIST, `${name}.d.ts`), written[index]));
  } finally {
    fs.rmSync(config, { force: true });
  }
}

function copyCodicons() {
  const from = path.join('node_modules', '@vscode', 'codicons', 'dist');
  const to = path.join(DIST, 'webview', 'codicons');
  fs.mkdirSync(to, { recursive: true });
  for (const file of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(path.join(from, file), path.join(to, file));
}

async function main() {
  if (types) {
    writeTypes();
    return;
  }
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
    if (tests) {
      // The tests' files are transpiled one by one: the page scripts are a module of their own there.
      const { sources } = await buildPageSources();
      fs.writeFileSync(path.join('out', 'src', 'core', 'page-sources.js'), `"use strict";\nexports.__esModule = true;\nexports.default = ${JSON.stringify(sources)};\n`);
    }
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()));
  }
}

main().catch((error) => {
  // esbuild has printed its own build errors; anything else (a missing folder, a bad option) is said here.
  if (!error?.errors?.length) console.error(error);
  process.exit(1);
});
