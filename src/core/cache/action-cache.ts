import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { fingerprintsMatch, readSoleTarget } from '../act/fingerprint';
import { locatorFor } from '../act/locate';
import { ActionSchema } from '../../schema';
import { keywords } from '../snapshot/budget';
import type { PageSnapshot } from '../snapshot/snapshot';

const FingerprintSchema = v.object({ role: v.string(), name: v.string(), anchor: v.optional(v.object({ role: v.string(), name: v.string() })) });
const CachedActSchema = v.object({
  instruction: v.string(),
  url: v.string(),
  createdAt: v.string(),
  steps: v.array(v.object({ action: ActionSchema, fingerprint: FingerprintSchema })),
});
export type CachedAct = v.InferOutput<typeof CachedActSchema>;

export interface ActionCacheStore {
  get(key: string): Promise<CachedAct | undefined>;
  set(key: string, value: CachedAct): Promise<void>;
  delete(key: string): Promise<void>;
}

/** In memory, least recently used entries dropped past `limit`. */
export class MemoryCacheStore implements ActionCacheStore {
  private readonly entries = new Map<string, CachedAct>();

  constructor(private readonly limit = 1000) {}

  async get(key: string): Promise<CachedAct | undefined> {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  async set(key: string, value: CachedAct): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/** One JSON file per entry in a folder, written atomically; a file that does not parse is a miss and is left for inspection. */
export class DirectoryCacheStore implements ActionCacheStore {
  constructor(private readonly directory: string) {}

  private file(key: string): string {
    return path.join(this.directory, `${key}.json`);
  }

  async get(key: string): Promise<CachedAct | undefined> {
    try {
      const parsed = v.safeParse(CachedActSchema, JSON.parse(await readFile(this.file(key), 'utf8')));
      return parsed.success ? parsed.output : undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: CachedAct): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const temporary = `${this.file(key)}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`);
    await rename(temporary, this.file(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/** Origin and path: the query string and fragment rarely change which element an instruction means. */
function normalizeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/**
 * The part of the page an instruction is about: the roles and names of the elements whose names share a word with it
 * (all elements when none do). When that part changes, the key changes and the model is asked again.
 */
export function pageRegionFingerprint(snapshot: PageSnapshot, instruction: string): string {
  const words = keywords(instruction);
  const all = [...snapshot.elements.values()].filter((element) => !element.excluded);
  const relevant = all.filter((element) => words.some((word) => element.name.toLowerCase().includes(word)));
  const region = (relevant.length ? relevant : all.slice(0, 200)).map((element) => `${element.role}:${element.name}`).sort();
  return createHash('sha256').update(region.join('\n')).digest('hex');
}

export function cacheKey(parts: { instruction: string; url: string; variableNames: readonly string[]; region: string }): string {
  const material = JSON.stringify([parts.instruction.trim().toLowerCase(), normalizeUrl(parts.url), [...parts.variableNames].sort(), parts.region]);
  return createHash('sha256').update(material).digest('hex').slice(0, 40);
}

/** A cached action is replayed only if each target is still one element with the same role, name and anchor. */
export async function cachedStepsStillMatch(page: Page, cached: CachedAct): Promise<boolean> {
  for (const step of cached.steps) {
    const sole = await readSoleTarget(locatorFor(page, step.action.selector));
    if (sole?.count !== 1 || !fingerprintsMatch(step.fingerprint, sole.fingerprint, sole.was)) return false;
  }
  return true;
}
