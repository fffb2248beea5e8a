import assert from 'node:assert/strict';
import { describeExpectation, describeStep, expectationKind, ExpectationSchema, FlowSchema, stepKind, STEP_KINDS, unhandledKind, validate, type Expectation, type ExpectationKind, type FlowStep, type TaggedExpectation, type TaggedStep } from '../../src/schema';

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
    assert.throws(() => forgetsWait(stepKind(steps.wait)), /kind "wait" is not handled here/);
  });
});

describe('expectation kinds: told apart once, every switch over them complete', () => {
  const expectations: Record<ExpectationKind, Expectation> = {
    text: { text: 'Done' },
    elementText: { selector: 'css=#total', text: '2 items' },
    state: { selector: 'css=#gift', state: 'checked' },
    value: { selector: 'css=#postcode', value: 'N1' },
    url: { url: '/cart' },
    title: { title: 'Cart' },
    effect: { selector: 'css=#gift', effect: { checked: true } },
    aria: { selector: 'css=main', aria: '- heading "Your cart"\n- list' },
  };

  it('each kind read from a flow file is told apart and described in words', () => {
    const kinds = Object.keys(expectations) as ExpectationKind[];
    const parsed = kinds.map((kind) => validate(ExpectationSchema, JSON.parse(JSON.stringify(expectations[kind]))));
    assert.deepEqual(parsed.map((checked) => (checked.ok ? expectationKind(checked.value).kind : checked.problems[0]?.message)), kinds);
    assert.deepEqual(kinds.map((kind) => describeExpectation(expectations[kind])), [
      'text "Done"', 'css=#total has text "2 items"', 'css=#gift checked', 'css=#postcode = "N1"', 'URL /cart', 'title Cart', 'css=#gift checked', 'css=main matches an ARIA snapshot (2 lines)',
    ]);
    assert.equal(describeExpectation({ aria: '- link "Home"' }), 'the page matches an ARIA snapshot (1 line)');
  });

  it('an ARIA snapshot that is empty or too long is refused, naming the field', () => {
    const empty = validate(FlowSchema, { version: 1, name: 'x', steps: [{ expect: { selector: 'css=main', aria: '' } }] });
    assert.ok(!empty.ok);
    assert.match(empty.problems.map((problem) => problem.message).join('\n'), /steps\.0\.expect.*non-empty/);
    // An element's text of nothing would hold on any element: refused, not passed.
    const vacuous = validate(FlowSchema, { version: 1, name: 'x', steps: [{ expect: { selector: 'css=#total', text: '' } }] });
    assert.ok(!vacuous.ok);
    const long = validate(ExpectationSchema, { aria: `- list:\n${'  - listitem: x\n'.repeat(2000)}` });
    assert.ok(!long.ok);
    assert.match(long.problems.map((problem) => problem.message).join('\n'), /at most 20000 characters/);
  });

  it('a switch that forgets a kind is a type error', () => {
    function forgetsAria(tagged: TaggedExpectation): string {
      switch (tagged.kind) {
        case 'text': case 'elementText': case 'state': case 'value': case 'url': case 'title': case 'effect': return tagged.kind;
        // @ts-expect-error -- 'aria' is not handled, so `tagged` is not `never` here.
        default: return unhandledKind(tagged);
      }
    }
    assert.throws(() => forgetsAria(expectationKind(expectations.aria)), /kind "aria" is not handled here/);
  });
});
