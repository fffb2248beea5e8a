/**
 * Loaded into the soak's service process (NODE_OPTIONS=--require): every SOAK_PROBE_MS it runs a full garbage
 * collection and appends the process's memory to SOAK_PROBE_FILE, so the soak tells a heap that keeps what it should
 * free (a leak) from memory the process has not given back yet. A bench's instrument, never part of the product.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // SOAK_HEAP_SNAPSHOTS=dir:3,10 also writes the heap at those minutes, to tell what a growth is made of.
  const [snapshots, minutes] = (process.env.SOAK_HEAP_SNAPSHOTS ?? '').split(':');
  const snapshotAt = (minutes ?? '').split(',').filter(Boolean).map(Number);
  const started = Date.now();
  setInterval(() => {
    gc();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapUsed, external, arrayBuffers })}\n`);
    const due = snapshotAt.findIndex((minute) => Date.now() - started >= minute * 60_000);
    if (snapshots && due >= 0) {
      writeHeapSnapshot(path.join(snapshots, `service-${snapshotAt[due]}min.heapsnapshot`));
      snapshotAt.splice(due, 1);
    }
  }, Number(process.env.SOAK_PROBE_MS ?? 10_000)).unref();
}
