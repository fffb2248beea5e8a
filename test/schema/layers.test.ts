import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..', '..', '..', 'src');

/** DESIGN.md §1: who may import whom. A file may always import from its own layer. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  schema: [],
  core: ['schema'],
  flows: ['core', 'schema'],
  service: ['core', 'flows', 'schema'],
  cli: ['service', 'flows', 'schema'],
  // The engine runs in a child process: the extension reaches it through the service's client only. Of flows/, it reads
  // the file format and where things stand in a flow's text (json-locations: jsonc-parser only, no engine).
  extension: ['service/client', 'flows/format', 'flows/json-locations', 'flows/import-devtools', 'schema'],
  webview: ['schema'],
  // Flow files as Playwright Test tests: the engine in the test's own worker, on the test's own context.
  'playwright-test': ['core', 'flows', 'schema'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Every module a file imports or re-exports (static and dynamic), as written. */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\(\s*'([^']+)'\s*\)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

/** Modules with no Node and no engine in them, which the page's scripts may bundle. */
const PURE_FOR_THE_PAGE = new Set(['core/snapshot/secret-fields', 'core/snapshot/generated-ids', 'core/snapshot/naming-attributes', 'core/snapshot/stored-query', 'core/snapshot/selector-syntax', 'core/act/drag-trail', 'schema/record-modes', 'core/escape-regexp', 'core/anchor-words']);

describe('layers (DESIGN.md §1)', () => {
  it('each layer imports only the layers below it, and vscode only in the extension', () => {
    const broken: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const layer = relative.split('/')[0]!;
      const allowed = ALLOWED[layer];
      if (!allowed) continue;
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (specifier === 'vscode' && layer !== 'extension') broken.push(`${relative} imports vscode`);
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(SRC, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/');
        const targetLayer = target.split('/')[0]!;
        if (targetLayer === layer || target.startsWith('..')) continue;
        if (!allowed.some((entry) => target === entry || target.startsWith(`${entry}/`) || targetLayer === entry)) broken.push(`${relative} imports ${target}`);
      }
    }
    // What the extension reads of flows/ brings no engine with it: those modules import only the schema of ours.
    for (const entry of ALLOWED.extension!.filter((name) => name.startsWith('flows/'))) {
      for (const specifier of importsOf(readFileSync(path.join(SRC, `${entry}.ts`), 'utf8'))) {
        if (specifier.startsWith('.') && specifier !== '../schema') broken.push(`${entry}.ts (read by the extension) imports ${specifier}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('code that runs in the page (src/core/page) reaches Node code as a built script: other modules import it for its types only', () => {
    const broken: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:^|\n)\s*(import|export)(\s+type)?\s[^;]*?from\s+'([^']+)'/g)) {
        const target = path.relative(SRC, path.resolve(path.dirname(file), match[3]!)).split(path.sep).join('/');
        if (relative.startsWith('core/page/')) {
          // Bundled into the page: Node's modules and the engine's are not there.
          if (!match[2] && (!match[3]!.startsWith('.') || (!target.startsWith('core/page/') && !PURE_FOR_THE_PAGE.has(target)))) broken.push(`${relative} (in the page) imports ${match[3]}`);
        } else if (target.startsWith('core/page/') && target !== 'core/page/keys' && !match[2]) {
          broken.push(`${relative} imports ${target} as code: use core/page-scripts`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });
});
