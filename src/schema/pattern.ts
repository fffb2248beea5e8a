import { RE2JS } from 're2js';
import * as v from 'valibot';

/**
 * How a flow matches text it expects (a URL, a title, an element's name): `/source/flags` is a regular expression,
 * run by RE2 (linear time: no pattern can freeze the engine; lookaround and backreferences are refused); text with
 * `*` is a glob over the whole value (`*` is any run of characters); anything else must appear in the value.
 */
export type TextPattern =
  | { readonly kind: 'regex'; readonly source: string; readonly test: (value: string) => boolean }
  | { readonly kind: 'glob' | 'contains'; readonly source: string; readonly test: (value: string) => boolean };

const REGEX_FORM = /^\/(.+)\/([ims]*)$/s;
const MAX_PATTERN_LENGTH = 2000;

export class PatternError extends Error {}

function compile(source: string, flags: string): RE2JS {
  let mask = 0;
  if (flags.includes('i')) mask |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) mask |= RE2JS.MULTILINE;
  if (flags.includes('s')) mask |= RE2JS.DOTALL;
  try {
    return RE2JS.compile(source, mask);
  } catch (error) {
    throw new PatternError(`expected a regular expression without lookaround or backreferences: ${(error as Error).message.replace(/^error parsing regexp: /, '')}`);
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** Reads a pattern; throws PatternError with what is wrong. */
export function parsePattern(text: string): TextPattern {
  if (text.length > MAX_PATTERN_LENGTH) throw new PatternError(`expected at most ${MAX_PATTERN_LENGTH} characters, received ${text.length}`);
  const regex = REGEX_FORM.exec(text);
  if (regex) {
    const compiled = compile(regex[1]!, regex[2]!);
    return { kind: 'regex', source: text, test: (value) => compiled.matcher(value).find() };
  }
  if (text.includes('*')) {
    const compiled = compile(`^${text.split('*').map(escapeRegex).join('.*')}$`, 's');
    return { kind: 'glob', source: text, test: (value) => compiled.matches(value) };
  }
  return { kind: 'contains', source: text, test: (value) => value.includes(text) };
}

/** A string that must be a valid pattern (checked when a flow is loaded, not when the step runs). */
export const patternText = () =>
  v.pipe(
    v.string((issue) => `expected a string, received ${issue.received}`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      // A pattern with a %variable% is checked again once the value is in.
      if (/%[A-Za-z_][A-Za-z0-9_.-]*%/.test(dataset.value)) return;
      try {
        parsePattern(dataset.value);
      } catch (error) {
        addIssue({ message: (error as Error).message });
      }
    }),
  );
