import assert from 'node:assert/strict';
import { describeStep, FlowSchema, stepKind, STEP_KINDS, unhandledKind, validate, type FlowStep, type TaggedStep } from '../../src/schema';

/**
 * One list of step kinds: each step is told apart by stepKind, and a switch over the kinds that forgets one does not
 * compile (the `@ts-expect-error` below fails the type check the day it stops being an error).
 */
describe('step kinds: one list, every switch over it complete', () => {
  const steps: Record<(typeof STEP_KINDS)[number], FlowStep> = {
    action: { action: { selector: 'css=#go', description: 'Go', method: 'click', arguments: [] } },
    navigate: { navigate: 'https://example.com/next' },
    expect: { expect: { text: 'Done' } },
    wait: { wait: { ms: 10 } },
  };

  it('each kind of step is told apart and described in words', () => {
    assert.deepEqual(STEP_KINDS.map((kind) => stepKind(steps[kind]).kind), [...STEP_KINDS]);
    assert.deepEqual(STEP_KINDS.map((kind) => describeStep(steps[kind]).description), ['click Go', 'go to https://example.com/next', 'expect text "Done"', 'wait for 10 ms']);
  });

  it('a flow file with a step of no known kind is refused, naming the kinds there are', () => {
    const checked = validate(FlowSchema, { version: 1, name: 'x', steps: [{ scroll: 'down' }] });
    assert.ok(!checked.ok);
    assert.match(checked.problems.map((problem) => problem.message).join('\n'), /steps\.0.*expected a step with one of action, navigate, expect, wait, received keys "scroll"/);
  });

  it('a switch that forgets a kind is a type error', () => {
    function forgetsWait(tagged: TaggedStep): string {
      switch (tagged.kind) {
        case 'action': case 'navigate': case 'expect': return tagged.kind;
        // @ts-expect-error -- 'wait' is not handled, so `tagged` is not `never` here.
        default: return unhandledKind(tagged);
      }
    }
    assert.throws(() => forgetsWait(stepKind(steps.wait)), /a step of kind wait is not handled here/);
  });
});
