import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The repository paths a document names in `code`: src/…, test/…, media/…, .ci/…, .vscode/…, .github/… */
function namedPaths(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const quoted = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return [...new Set(quoted.filter((name) => /^(src|test|media|\.ci|\.vscode|\.github)\/[\w./-]*$/.test(name)))];
}

/** Where a contributor is told to put something, the file or folder is there: a rename that forgets the docs fails here. */
describe('the paths the contributor docs name exist', () => {
  it('CONTRIBUTING.md', () => {
    const named = namedPaths('.github/CONTRIBUTING.md');
    assert.ok(named.length > 20, `found ${named.length} paths`);
    assert.deepEqual(named.filter((name) => !existsSync(path.join(ROOT, name))), []);
  });

  it('README.md, its Layout included', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const layout = /## Layout\s+```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const folders = layout.split('\n').map((line) => line.split(/\s+/)[0]!).filter(Boolean);
    const sources = readdirSync(path.join(ROOT, 'src'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `src/${entry.name}`);
    assert.deepEqual(sources.filter((folder) => !folders.includes(folder)), [], 'every folder of src is in the Layout');
    const missing = [...namedPaths('README.md'), ...folders].filter((name) => !existsSync(path.join(ROOT, name)));
    assert.deepEqual(missing, []);
  });
});
