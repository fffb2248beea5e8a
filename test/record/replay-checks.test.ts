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
