import assert from 'node:assert/strict';
import { useEngine } from './harness';

/** The inspector's hover outline never outlives a call: no act, observe or screenshot leaves it on the page. */
describe('the hover outline', function () {
  this.timeout(30_000);
  const rig = useEngine();
  const outlined = () => rig.session.page().evaluate(() => document.querySelector('x-pw-glass') !== null);

  it('is shown, then cleared by the next call and before a screenshot', async () => {
    await rig.session.navigate(rig.url('login.html'));
    assert.equal(await rig.session.workbench.highlight('css=#email'), 1);
    assert.equal(await outlined(), true, 'the hover shows the outline');
    await rig.session.act({ selector: 'css=#email', description: 'Email', method: 'fill', arguments: ['ada@example.com'] });
    assert.equal(await outlined(), false, 'an act ends with no outline on the page');
    await rig.session.workbench.highlight('css=#password');
    const shot = await rig.session.workbench.screenshot();
    assert.equal(shot.subarray(0, 2).toString('hex'), 'ffd8', 'a JPEG');
    assert.equal(await outlined(), false, 'a screenshot is taken without it');
    await rig.session.workbench.highlight('css=#password');
    await rig.session.expect({ text: 'Password' });
    assert.equal(await outlined(), false, 'nor does any other call leave it');
  });
});
