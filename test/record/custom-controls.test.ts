import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';

/**
 * A design system's checkbox as the newest ones are built: its role and state live in ElementInternals (no attribute
 * changes, no DOM mutation when it toggles), with a default cursor. To the page it looks like background.
 */
const form = `<h1>Sign up</h1><label for="name">Name</label> <input id="name">
  <ds-check id="news" style="display: inline-block; width: 120px; height: 24px; cursor: default">Newsletter</ds-check>
  <script>
  {
    customElements.define('ds-check', class extends HTMLElement {
      static formAssociated = true;
      #internals = this.attachInternals();
      checked = false;
      connectedCallback() {
        this.#internals.role = 'checkbox';
        this.#internals.ariaChecked = 'false';
        this.addEventListener('click', () => {
          this.checked = !this.checked;
          this.#internals.ariaChecked = String(this.checked);
          this.checked ? this.#internals.states.add('checked') : this.#internals.states.delete('checked');
        });
      }
    });
  }
  </script>`;

/** Issue 40: a click on a design system's checkbox right after typing is a step, not the field's blur. */
describe('a click on a custom control right after typing', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('is recorded as a click after the fill, and the replay checks the box', async () => {
    const page = rig.session.page();
    await page.setContent(form);
    const recorder = await Recorder.start(rig.session);
    await page.locator('#name').click();
    await page.keyboard.type('Ada', { delay: 20 });
    await page.locator('#news').click();
    const recorded = await recorder.stop();
    const flow: Flow = { version: FLOW_VERSION, name: 'Sign up', steps: recorded.map(({ step }) => step) };
    const methods = flow.steps.flatMap((step) => ('action' in step ? [`${step.action.method} ${step.action.selector}`] : []));
    assert.deepEqual(methods, ['fill css=#name', 'click css=#news'], JSON.stringify(flow.steps));
    await page.setContent(form);
    const replayed = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000, heal: false });
    assert.equal(replayed.status, 'passed', JSON.stringify(replayed.steps, null, 1));
    assert.equal(await page.locator('#news').evaluate((box) => (box as HTMLElement & { checked: boolean }).checked), true);
  });
});
