import assert from 'node:assert/strict';
import ts from 'typescript';
import sources from '../../src/core/page-sources';
import * as pageScripts from '../../src/core/page-scripts';

/*
 * The page scripts esbuild.js builds from src/core/page, each sent to the page as it is: only what the bundle declares
 * and what a browser has is there (an import of a Node module, or a helper the bundler expects to find, would fail in
 * the page only).
 */

describe('functions that run in the page', () => {
  it('are built, and use nothing but themselves and the browser: every name they read is theirs or the browser\'s', () => {
    // Exactly the page scripts page-scripts.ts lists (its exports but pageCall), each with its own built source.
    const listed = Object.keys(pageScripts).filter((name) => name !== 'pageCall').sort();
    assert.deepEqual(Object.keys(sources).sort(), listed);
    for (const name of listed) assert.equal(String(pageScripts[name as keyof typeof pageScripts]), sources[name], name);
    const files = new Map(Object.entries(sources).map(([name, source]) => [`/page/${name}.js`, `(${source ?? ''});\n`]));
    const options: ts.CompilerOptions = { allowJs: true, checkJs: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], types: [] };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (file) => files.has(file) || ts.sys.fileExists(file);
    host.readFile = (file) => files.get(file) ?? readFile(file);
    host.getSourceFile = (file, language) => (files.has(file) ? ts.createSourceFile(file, files.get(file)!, language) : getSourceFile(file, language));
    const program = ts.createProgram([...files.keys()], options, host);
    // 2304 and 2552: "Cannot find name": a constant or helper of the module, which the page does not have.
    const missing = [...files.keys()].flatMap((file) => program.getSemanticDiagnostics(program.getSourceFile(file)))
      .filter((diagnostic) => diagnostic.code === 2304 || diagnostic.code === 2552)
      .map((diagnostic) => `${diagnostic.file?.fileName}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
    assert.deepEqual(missing, []);
  });
});
