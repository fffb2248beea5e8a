import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { summarizeProblems, validate } from '../schema';

/** A key short enough to guess is no key: one rule for keys files and REHEARSE_SERVICE_KEYS. */
const MIN_KEY_LENGTH = 16;

/** Service keys, each belonging to one project: a session is visible only to its project. */
export class ProjectKeys {
  private readonly entries: { readonly digest: Buffer; readonly project: string }[];

  constructor(keys: Readonly<Record<string, string>>) {
    this.entries = Object.entries(keys).map(([key, project]) => ({ digest: digest(key), project }));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The project of a key. Every configured key is compared, in constant time, so timing says nothing about the keys. */
  projectOf(key: string | undefined): string | undefined {
    if (!key) return undefined;
    const given = digest(key);
    let found: string | undefined;
    for (const entry of this.entries) if (timingSafeEqual(entry.digest, given)) found = entry.project;
    return found;
  }

  /** One random key for one project: the embedded service of the VS Code extension. */
  static random(project = 'local'): { keys: ProjectKeys; key: string } {
    const key = `rk_${randomBytes(24).toString('base64url')}`;
    return { keys: new ProjectKeys({ [key]: project }), key };
  }

  /** `project:key,project:key` (REHEARSE_SERVICE_KEYS); the same rule for a key's length as in a keys file. */
  static fromList(list: string): ProjectKeys {
    const keys: Record<string, string> = {};
    for (const [index, pair] of list.split(',').map((item) => item.trim()).filter(Boolean).entries()) {
      const at = pair.indexOf(':');
      if (at <= 0 || at === pair.length - 1) throw new Error('REHEARSE_SERVICE_KEYS: expected project:key pairs separated by commas');
      const key = pair.slice(at + 1);
      if (key.length < MIN_KEY_LENGTH) throw new Error(`REHEARSE_SERVICE_KEYS: the key of pair ${index + 1} (project ${pair.slice(0, at)}) is ${key.length} characters; expected a key of at least ${MIN_KEY_LENGTH} characters`);
      keys[key] = pair.slice(0, at);
    }
    return new ProjectKeys(keys);
  }

  /** A keys file: `{ "projects": { "<project>": ["<key>", …] } }`. */
  static async fromFile(file: string): Promise<ProjectKeys> {
    const schema = v.object({ projects: v.record(v.string(), v.array(v.pipe(v.string(), v.minLength(MIN_KEY_LENGTH, `expected a key of at least ${MIN_KEY_LENGTH} characters`)))) });
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not valid JSON: ${(error as Error).message}`}`);
    }
    const checked = validate(schema, parsed);
    if (!checked.ok) throw new Error(`${file}: ${summarizeProblems(checked.problems)}`);
    const keys: Record<string, string> = {};
    for (const [project, list] of Object.entries(checked.value.projects)) for (const key of list) keys[key] = project;
    return new ProjectKeys(keys);
  }
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
