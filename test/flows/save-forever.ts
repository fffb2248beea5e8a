import { saveFlow } from '../../src/flows/format';
import type { Flow } from '../../src/schema';

/** Test helper: saves a large flow over and over until killed (for the torn-write test). */
const file = process.argv[2]!;
const flow = (label: string): Flow => ({ version: 1, name: label, steps: Array.from({ length: 3000 }, (_, index) => ({ navigate: `http://127.0.0.1:4173/${label}/${index}` })) });
void (async () => {
  for (let round = 0; ; round++) await saveFlow(file, flow(`new-${round % 2}`));
})();
