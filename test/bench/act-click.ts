/** A quick look at act(Action) click next to raw Playwright (npm run bench has the full table). */
import { createSession } from '../../src/core/engine-session';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

async function main(): Promise<void> {
  const site = await serveFolder(FIXTURES_DIR);
  const session = await createSession({ env: {}, cache: false });
  await session.navigate(`${site.origin}/login.html`);
  const page = session.page();
  const click = { selector: 'role=button[name="Forgot password?"]', description: 'Forgot', method: 'click', arguments: [] };
  const time = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 25; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    return samples.sort((a, b) => a - b)[12]!;
  };
  for (let round = 0; round < 2; round++) {
    const ours = await time(() => session.act(click));
    const raw = await time(() => page.locator('role=button[name="Forgot password?"]').click());
    console.log(`act ${ours.toFixed(1)} ms, raw ${raw.toFixed(1)} ms, ${(ours / raw).toFixed(2)}×`);
  }
  await session.end();
  await site.close();
}
void main();
