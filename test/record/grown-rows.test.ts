import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type ActionStep, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';

interface Order { id: string; who: string; items: string; status?: string }

/**
 * A table of orders, each row with its own "Cancel" button (the name repeats, the row tells them apart). Later releases
 * add a column, reorder the rows, or show an order whose row holds every word of another's.
 */
async function orders(page: Page, rows: readonly Order[]): Promise<void> {
  const status = rows.some((row) => row.status);
  await page.setContent(`<h1>Orders</h1><table><thead><tr><th>Order</th><th>Customer</th><th>Items</th>${status ? '<th>Status</th>' : ''}<th></th></tr></thead><tbody>
    ${rows.map((row) => `<tr data-order="${row.id}"><td>Order ${row.id}</td><td>${row.who}</td><td>${row.items}</td>${status ? `<td>${row.status ?? ''}</td>` : ''}<td><button onclick="this.closest('tr').dataset.cancelled = 'yes'">Cancel</button></td></tr>`).join('')}
  </tbody></table>`);
}

const cancelled = (page: Page) => page.locator('tr[data-cancelled]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order')));

const FIRST: Order[] = [{ id: '1041', who: 'Grace Hopper', items: '2 items' }, { id: '1042', who: 'Ada Lovelace', items: '3 items' }, { id: '1043', who: 'Alan Turing', items: '1 item' }];

/** Issue 41, item 1: a row keeps telling its elements apart when a release adds to what the row shows. */
describe('an element in a row that a later release adds to', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('is found in the row that still shows all it showed, and refused where another row shows it too or the row lost some', async () => {
    const page = rig.session.page();
    await orders(page, FIRST);
    const recorder = await Recorder.start(rig.session);
    await page.locator('tr[data-order="1042"] button').click();
    const recorded = await recorder.stop();
    assert.deepEqual(await cancelled(page), ['1042']);
    const flow: Flow = { version: FLOW_VERSION, name: 'Cancel', steps: recorded.map(({ step }) => step) };
    const [cancel] = flow.steps.filter((step): step is ActionStep => 'action' in step);
    assert.equal(cancel?.action.description, 'button "Cancel" in row "Order 1042 Ada Lovelace 3 items Cancel"');

    // A release with a status column, and the rows in another order: the row reads otherwise, it is the same order.
    await orders(page, [{ ...FIRST[2]!, status: 'Paid' }, { ...FIRST[1]!, status: 'Shipped' }, { ...FIRST[0]!, status: 'Paid' }]);
    const grown = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(grown.status, 'passed', JSON.stringify(grown.steps, null, 1));
    assert.deepEqual(await cancelled(page), ['1042'], 'the order the person cancelled, not the one now at its place');

    // A stale selector on the Cancel of an order whose row also shows all the recorded row did: which one is unsure.
    await orders(page, [...FIRST.map((row) => ({ ...row, status: 'Paid' })), { id: '1042', who: 'Ada Lovelace', items: '3 items', status: 'Refund' }]);
    const stale = (selector: string): Flow => ({ ...flow, steps: [{ ...cancel, action: { ...cancel.action, selector }, fallbacks: [] }] });
    const unsure = await replayFlow(rig.session, stale('css=tr:nth-child(4) button'), { stepTimeoutMs: 1500, heal: false });
    assert.equal(unsure.status, 'failed');
    assert.match(unsure.steps[0]?.error?.message ?? '', /css=tr:nth-child\(4\) button finds button "Cancel" in row "Order 1042 Ada Lovelace 3 items Refund Cancel", not button "Cancel" in row "Order 1042 Ada Lovelace 3 items Cancel"/);
    assert.deepEqual(await cancelled(page), [], 'nothing was clicked');

    // A row that no longer shows what it showed (another customer on the order) is another row.
    await orders(page, [FIRST[0]!, { ...FIRST[1]!, who: 'Charles Babbage' }, FIRST[2]!]);
    const other = await replayFlow(rig.session, stale('css=tr[data-order="1042"] button'), { stepTimeoutMs: 1500, heal: false });
    assert.equal(other.status, 'failed');
    assert.deepEqual(await cancelled(page), [], 'nothing was clicked');
  });
});
