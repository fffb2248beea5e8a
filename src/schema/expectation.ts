import * as v from 'valibot';
import { looseObject, nonEmptyText, oneOf, strictObject, text } from './messages';
import { EffectSchema } from './effect';
import { patternText } from './pattern';

export const ELEMENT_STATES = ['visible', 'hidden', 'checked', 'unchecked', 'enabled', 'disabled'] as const;

/** An ARIA snapshot template is YAML of a few kilobytes at most: a region, not a whole site. */
export const MAX_ARIA_SNAPSHOT_CHARS = 20_000;

/**
 * What a flow checks on the page, retried until its timeout, by kind:
 *  text         { text }               the text is visible on the page
 *  elementText  { selector, text }     the element's text contains this
 *  state        { selector, state }    the element is visible, hidden, checked, unchecked, enabled or disabled
 *  value        { selector, value }    the field's value equals this
 *  url          { url }                the URL contains this, matches a glob with *, or a /regex/flags (RE2: linear time)
 *  title        { title }              the title, matched the same way
 *  effect       { selector, effect }   the element shows what a recorded gesture did (checked, selected, …, its list's order)
 *  aria         { selector?, aria }    the region's (or page's) accessibility tree matches this ARIA snapshot template,
 *                                      partially, as Playwright's toMatchAriaSnapshot matches it
 */
const EXPECTATION_SCHEMAS = {
  text: strictObject({ text: text() }),
  elementText: strictObject({ selector: text(), text: nonEmptyText() }),
  state: strictObject({ selector: text(), state: oneOf(ELEMENT_STATES) }),
  value: strictObject({ selector: text(), value: text() }),
  url: strictObject({ url: patternText() }),
  title: strictObject({ title: patternText() }),
  effect: strictObject({ selector: text(), effect: EffectSchema }),
  aria: strictObject({
    selector: v.optional(text()),
    aria: v.pipe(nonEmptyText(), v.maxLength(MAX_ARIA_SNAPSHOT_CHARS, `expected an ARIA snapshot of at most ${MAX_ARIA_SNAPSHOT_CHARS} characters`)),
  }),
} as const;

/** The kinds of expectation: a kind added here must be handled wherever expectations are told apart, or nothing compiles. */
export type ExpectationKind = keyof typeof EXPECTATION_SCHEMAS;
type ExpectationOfKind = { [K in ExpectationKind]: v.InferOutput<(typeof EXPECTATION_SCHEMAS)[K]> };

export const ExpectationSchema = v.union(Object.values(EXPECTATION_SCHEMAS),
  (issue) => `expected one of { text }, { selector, text }, { selector, state }, { selector, value }, { url }, { title }, { selector, effect }, { selector?, aria }, received ${issue.received}`);
export type Expectation = ExpectationOfKind[ExpectationKind];
/** An expectation with its kind, which a `switch` narrows; its `default` is `unhandledKind(tagged)`. */
export type TaggedExpectation = { [K in ExpectationKind]: { readonly kind: K; readonly expectation: ExpectationOfKind[K] } }[ExpectationKind];

/** The kind of an expectation read through its schema (which leaves exactly one kind's keys). */
export function expectationKind(expectation: Expectation): TaggedExpectation {
  const kind: ExpectationKind = 'aria' in expectation ? 'aria'
    : 'effect' in expectation ? 'effect'
    : 'value' in expectation ? 'value'
    : 'state' in expectation ? 'state'
    : 'url' in expectation ? 'url'
    : 'title' in expectation ? 'title'
    : 'selector' in expectation ? 'elementText'
    : 'text';
  return { kind, expectation } as TaggedExpectation;
}

export const ExpectResultSchema = looseObject({ passed: v.boolean(), message: text(), expected: v.optional(text()), actual: v.optional(text()) });
export type ExpectResult = v.InferOutput<typeof ExpectResultSchema>;
