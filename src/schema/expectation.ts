import * as v from 'valibot';
import { looseObject, oneOf, strictObject, text } from './messages';
import { EffectSchema } from './effect';
import { patternText } from './pattern';

export const ELEMENT_STATES = ['visible', 'hidden', 'checked', 'unchecked', 'enabled', 'disabled'] as const;

/**
 * What a flow checks on the page, retried until its timeout:
 *  { text }               the text is visible on the page
 *  { selector, state }    the element is visible, hidden, checked, unchecked, enabled or disabled
 *  { selector, value }    the field's value equals this
 *  { url }                the URL contains this, matches a glob with *, or a /regex/flags (RE2: linear time)
 *  { title }              the title, matched the same way
 *  { selector, effect }   the element shows what a recorded gesture did (checked, selected, …, its list's order)
 */
export const ExpectationSchema = v.union([
  strictObject({ text: text() }),
  strictObject({ selector: text(), state: oneOf(ELEMENT_STATES) }),
  strictObject({ selector: text(), value: text() }),
  strictObject({ url: patternText() }),
  strictObject({ title: patternText() }),
  strictObject({ selector: text(), effect: EffectSchema }),
], (issue) => `expected one of { text }, { selector, state }, { selector, value }, { url }, { title }, { selector, effect }, received ${issue.received}`);
export type Expectation = v.InferOutput<typeof ExpectationSchema>;

export const ExpectResultSchema = looseObject({ passed: v.boolean(), message: text(), expected: v.optional(text()), actual: v.optional(text()) });
export type ExpectResult = v.InferOutput<typeof ExpectResultSchema>;
