import assert from 'node:assert/strict';
import { replayFlow } from '../../src/flows/replay';
import { FLOW_VERSION, type Flow } from '../../src/schema';
import { useEngine } from '../engine/harness';

/** Issue 12, items 5 and 6: expectations read what a person sees; a step that finds nothing says what it tried. */
describe('replay checks what a person sees, and says why a step failed', function () {
  this.timeout(60_000);
  const rig = useEngine();

  it('a text expectation reads rendered text, and any visible match counts; a URL may be a path or a glob', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    // "3 items left" in the DOM, with its "s" hidden by CSS: a person reads "3 item left".
    await rig.session.page().evaluate(() => {
      const hidden = document.createElement('p');
      hidden.style.display = 'none';
      hidden.textContent = 'Shopping done';
      document.body.prepend(hidden);
      const shown = document.createElement('p');
      shown.textContent = 'Shopping done';
      document.body.append(shown);
    });
    const flow: Flow = {
      version: FLOW_VERSION, name: 'Checks',
      steps: [
        { expect: { text: '3 item left' } },
        { expect: { text: 'Shopping done' } },
        { expect: { url: '/gestures.html' } },
        { expect: { url: 'http://127.0.0.1:*/gestures.html' } },
      ],
    };
    const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 2000 });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    const missing = await replayFlow(rig.session, { ...flow, steps: [{ expect: { text: '3 items left' } }] }, { stepTimeoutMs: 1000 });
    assert.equal(missing.status, 'failed', 'the CSS-hidden letter is not read');
  });

  it('a wait step waits for a time, a text, an element or a URL, and says what it waited for when time runs out', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    await rig.session.page().evaluate(() => setTimeout(() => {
      const note = document.createElement('p');
      note.id = 'late';
      note.textContent = 'Saved at last';
      document.body.append(note);
    }, 400));
    const flow: Flow = {
      version: FLOW_VERSION, name: 'Waits',
      steps: [{ wait: { ms: 50 } }, { wait: { text: 'Saved at last' } }, { wait: { selector: 'css=#late', state: 'visible' } }, { wait: { url: '*/gestures.html' } }],
    };
    const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 3000 });
    assert.equal(result.status, 'passed', JSON.stringify(result.steps, null, 1));
    assert.deepEqual(result.steps.map((step) => step.description), ['wait for 50 ms', 'wait for text "Saved at last"', 'wait for css=#late visible', 'wait for URL */gestures.html']);
    const never = await replayFlow(rig.session, { ...flow, steps: [{ wait: { text: 'Never shown' }, timeout: 500 }] });
    assert.equal(never.steps[0]!.error?.name, 'WaitTimedOut');
    assert.match(never.steps[0]!.error.message, /^waited 500 ms: expected text "Never shown" is visible/);
  });

  it('keys typed on a grid cell pass only when a field took them: a cell that no longer opens an editor fails the step', async () => {
    const grid = (opensEditor: boolean) => `<div role="grid"><div role="row"><div id="food" role="gridcell" tabindex="0">Food</div></div></div>
      <script>
        const cell = document.getElementById('food');
        cell.addEventListener('keydown', (event) => {
          if (${opensEditor} && event.key.length === 1 && !cell.querySelector('input')) {
            const editor = document.createElement('input');
            cell.textContent = '';
            cell.append(editor);
            editor.focus();
          }
        });
      </script>`;
    const flow: Flow = {
      version: FLOW_VERSION, name: 'Grid',
      steps: [
        { action: { selector: 'css=#food', description: 'Food', method: 'click', arguments: [] } },
        { action: { selector: 'css=#food', description: 'Food', method: 'type', arguments: ['Tea'] } },
      ],
    };
    await rig.session.page().setContent(grid(true));
    const typed = await replayFlow(rig.session, flow, { stepTimeoutMs: 2000, heal: false });
    assert.equal(typed.status, 'passed', JSON.stringify(typed.steps, null, 1));
    assert.equal(await rig.session.page().locator('#food input').inputValue(), 'Tea');
    await rig.session.page().setContent(grid(false));
    const ignored = await replayFlow(rig.session, flow, { stepTimeoutMs: 2000, heal: false });
    assert.equal(ignored.status, 'failed', 'the keys went nowhere: not a pass');
    assert.match(ignored.steps.at(-1)?.error?.message ?? '', /the 3 characters typed went to no field/);
  });

  it('a step whose selectors all fail reports each selector\'s finding, not a bare timeout', async () => {
    await rig.session.navigate(rig.url('gestures.html'));
    const flow: Flow = {
      version: FLOW_VERSION, name: 'Gone',
      steps: [{ action: { selector: 'css=#nowhere', description: 'button "Archive"', method: 'click', arguments: [] }, fallbacks: ['role=button[name="Archive"i]', 'css=#change'], target: { role: 'button', name: 'Archive' } }],
    };
    const result = await replayFlow(rig.session, flow, { stepTimeoutMs: 1500, heal: false });
    const error = result.steps[0]!.error!;
    assert.equal(error.name, 'ServiceElementNotFoundError');
    assert.match(error.message, /css=#nowhere finds nothing/);
    assert.match(error.message, /css=#change finds button "Change", not button "Archive"/);
    assert.match(error.message, /Not acting on anything else/);
  });
});
