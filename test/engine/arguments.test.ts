import assert from 'node:assert/strict';
import { useEngine } from './harness';

/** Bad arguments are said at once, naming the field, before any wait for the element. */
describe('act with bad arguments', function () {
  this.timeout(30_000);
  const rig = useEngine();

  it('a click position that is not two numbers, an upload without its files, a press without a key: refused at once', async () => {
    await rig.session.navigate(rig.url('login.html'));
    for (const [action, expected] of [
      [{ selector: 'css=#nothing-here', description: 'x', method: 'click', arguments: ['x', 'y'] }, /arguments: click takes no arguments, or a position \["x", "y"\]/],
      [{ selector: 'css=#nothing-here', description: 'x', method: 'setInputFiles', arguments: ['/etc/passwd'] }, /arguments: setInputFiles needs the contents of "\/etc\/passwd"; the engine never reads files from its own disk/],
      [{ selector: 'css=#nothing-here', description: 'x', method: 'press', arguments: [] }, /arguments: press needs a key such as "Enter"/],
      [{ selector: 'css=#nothing-here', description: 'x', method: 'dragAndDrop', arguments: ['css=#bin', '10', '10', '5', '5', '6,-8 twelve'] }, /arguments: dragAndDrop's sixth argument is the way the pointer went, "x,y x,y …" in pixels from where it was picked up \(at most 32 points, then "flung" and the speed in pixels per millisecond when the hand let go while moving fast\); received "6,-8 twelve"/],
    ] as const) {
      const started = Date.now();
      await assert.rejects(rig.session.act({ ...action, arguments: [...action.arguments] }), (error: Error) => {
        assert.equal(error.name, 'ServiceInvalidArgumentError');
        assert.match(error.message, expected);
        return true;
      });
      assert.ok(Date.now() - started < 2_000, `${action.method}: refused without waiting for the element`);
    }
  });
});
