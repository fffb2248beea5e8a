import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const FLOW_SUFFIX = '.flow.json';

function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '*' && pattern[index + 1] === '*') {
      source += pattern[index + 2] === '/' ? '(?:.*/)?' : '.*';
      index += pattern[index + 2] === '/' ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

async function walk(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files = await Promise.all(entries.map(async (entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  }));
  return files.flat();
}

/**
 * Files, folders (every *.flow.json under them) and globs (`flows/**\/*.flow.json`), in a stable order without repeats.
 * A pattern that matches nothing is an error, so a typo never passes as "0 flows, all green".
 */
export async function expandFlowFiles(patterns: readonly string[], cwd = process.cwd()): Promise<string[]> {
  const found: string[] = [];
  for (const pattern of patterns) {
    const absolute = path.resolve(cwd, pattern);
    if (!/[*?]/.test(pattern)) {
      const info = await stat(absolute).catch(() => undefined);
      if (!info) throw new Error(`${pattern}: no such file or folder`);
      found.push(...(info.isDirectory() ? (await walk(absolute)).filter((file) => file.endsWith(FLOW_SUFFIX)).sort() : [absolute]));
      continue;
    }
    const firstWild = pattern.search(/[*?]/);
    const base = path.resolve(cwd, pattern.slice(0, pattern.lastIndexOf('/', firstWild) + 1) || '.');
    const matcher = globToRegExp(path.resolve(cwd, pattern).split(path.sep).join('/'));
    const matches = (await walk(base).catch(() => [])).filter((file) => matcher.test(file.split(path.sep).join('/'))).sort();
    if (!matches.length) throw new Error(`${pattern}: matches no file`);
    found.push(...matches);
  }
  return [...new Set(found)];
}
