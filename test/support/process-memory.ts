import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory (MiB) of all Chromium processes on the machine, as their proportional set size: a page shared by several
 * processes (the browser's libraries, the shared memory between the browser and its renderers) is split between them.
 * Summing resident sizes instead counts such a page once per process, several times over for one browser.
 */
export function chromiumMemoryMiB(): number {
  let kib = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!/chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
      kib += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended while being read
    }
  }
  return kib / 1024;
}
