import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JUnitReporter } from '../../src/cli/reporters';
import { FIXTURES_DIR } from '../support/static-server';

/** `rehearse replay --reporter junit` for a failure whose message has several lines (an ARIA snapshot's diff). */
describe('the JUnit report of a failure of several lines', () => {
  it('says the first line as the message and every line in the failure\'s text, in XML the JUnit schema accepts', async () => {
    const diff = 'expected css=main to match the ARIA snapshot, but it differs:\n  - main:\n-   - heading "Cart"\n+   - heading "Basket"';
    const report = new JUnitReporter(() => ['s3cret']).finish([{
      name: 'Cart', file: 'cart.flow.json', status: 'failed', ms: 1200,
      steps: [
        { index: -1, kind: 'start', description: 'open http://127.0.0.1:4173/cart.html', status: 'passed', ms: 300 },
        { index: 0, kind: 'expect', description: 'expect css=main matches an ARIA snapshot', status: 'failed', ms: 900, error: { name: 'ExpectationFailedError', message: `${diff}\n  (typed s3cret)` } },
      ],
    }]);
    assert.match(report, /<failure type="ExpectationFailedError" message="expected css=main to match the ARIA snapshot, but it differs:">/);
    assert.ok(report.includes('  - main:\n-   - heading &quot;Cart&quot;\n+   - heading &quot;Basket&quot;'), report);
    assert.equal(report.includes('s3cret'), false, 'a secret is redacted');
    const dir = await mkdtemp(path.join(tmpdir(), 'rehearse-junit-'));
    try {
      const file = path.join(dir, 'report.xml');
      await writeFile(file, report);
      const lint = spawnSync('xmllint', ['--noout', '--schema', path.join(FIXTURES_DIR, 'junit.xsd'), file], { encoding: 'utf8' });
      assert.equal(lint.status, 0, lint.stderr);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
