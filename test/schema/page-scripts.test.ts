import assert from 'node:assert/strict';
import ts from 'typescript';
import { installPageHooks, readGeneration, waitForQuiet } from '../../src/core/browser/page-hooks';
import { describeInPage } from '../../src/core/page/describe-in-page';
import { selectorsInPage } from '../../src/core/page/selectors-in-page';
import { isSecretField } from '../../src/core/snapshot/secret-fields';
import { installPicker } from '../../src/flows/pick-locator';
import { installRecorder } from '../../src/flows/recorder-script';

/** Functions sent to the page as their source (Function#toString): only what is declared inside them is there. */
const PAGE_FUNCTIONS: Readonly<Record<string, (...args: never[]) => unknown>> = {
  installPageHooks, waitForQuiet, readGeneration, describeInPage, selectorsInPage, isSecretField, installRecorder, installPicker,
};

describe('functions that run in the page', () => {
  it('use nothing of their module: every name they read is theirs or the browser\'s', () => {
    const files = new Map(Object.entries(PAGE_FUNCTIONS).map(([name, fn]) => [`/page/${name}.js`, `(${fn.toString()});\n`]));
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
