import { readdirSync, statSync } from 'node:fs';
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

function walk(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * Files, folders (every *.flow.json under them) and globs (`flows/**\/*.flow.json`), in a stable order without repeats.
 * A pattern that matches nothing is an error, so a typo never passes as "0 flows, all green". Synchronous: a Playwright
 * Test spec declares its tests while it loads.
 */
export function expandFlowFiles(patterns: readonly string[], cwd = process.cwd()): string[] {
  const found: string[] = [];
  for (const pattern of patterns) {
    const absolute = path.resolve(cwd, pattern);
    if (!/[*?]/.test(pattern)) {
      let info;
      try {
        info = statSync(absolute);
      } catch {
        info = undefined;
      }
      if (!info) throw new Error(`${pattern}: no such file or folder`);
      found.push(...(info.isDirectory() ? walk(absolute).filter((file) => file.endsWith(FLOW_SUFFIX)).sort() : [absolute]));
      continue;
    }
    const firstWild = pattern.search(/[*?]/);
    const base = path.resolve(cwd, pattern.slice(0, pattern.lastIndexOf('/', firstWild) + 1) || '.');
    const matcher = globToRegExp(path.resolve(cwd, pattern).split(path.sep).join('/'));
    let all: string[] = [];
    try {
      all = walk(base);
    } catch {
      // A base folder that is not there matches nothing.
    }
    const matches = all.filter((file) => matcher.test(file.split(path.sep).join('/'))).sort();
    if (!matches.length) throw new Error(`${pattern}: matches no file`);
    found.push(...matches);
  }
  return [...new Set(found)];
}
