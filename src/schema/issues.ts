import * as v from 'valibot';

/** One problem with an input, phrased for the person who wrote it: `options.model.provider: expected "vertex", received "gcp"`. */
export interface InputProblem {
  /** Dot path of the offending field (`steps.2.action.method`), or `(root)` for the value itself. */
  readonly field: string;
  /** The whole sentence, starting with the field. */
  readonly message: string;
}

export type Validated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly InputProblem[] };

type AnyIssue = v.BaseIssue<unknown>;

/** Validates without throwing; the problems name each field and what was expected. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, problems: describeIssues(result.issues) };
}

export function describeIssues(issues: readonly AnyIssue[]): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const issue of issues) {
    for (const leaf of mostSpecific(issue)) problems.push(describe(leaf));
  }
  return dedupe(problems);
}

/**
 * A union that failed in every branch: report the branch that got furthest into the value, which is the one the author
 * meant. valibot gives branch issues paths relative to the union, so the union's own path is put in front.
 */
function mostSpecific(issue: AnyIssue): AnyIssue[] {
  if (issue.type !== 'union' || !issue.issues?.length) return [issue];
  const depth = (candidate: AnyIssue) => candidate.path?.length ?? 0;
  const deepest = Math.max(...issue.issues.map(depth));
  if (deepest === 0) return [issue];
  const furthest = issue.issues.filter((candidate) => depth(candidate) === deepest);
  // Many problems at the deepest level mean several branches got equally far: the union's own summary reads better.
  if (furthest.length > 2) return [issue];
  const prefix = issue.path ?? [];
  return furthest
    .map((candidate) => ({ ...candidate, path: [...prefix, ...(candidate.path ?? [])] }) as AnyIssue)
    .flatMap(mostSpecific);
}

function describe(issue: AnyIssue): InputProblem {
  const field = fieldOf(issue);
  return { field, message: `${field}: ${explain(issue)}` };
}

export function fieldOf(issue: AnyIssue): string {
  return v.getDotPath(issue) ?? '(root)';
}

function explain(issue: AnyIssue): string {
  // Messages set in the schemas (see messages.ts) are already phrased as "expected …"; valibot's defaults are not.
  if (issue.message && !issue.message.startsWith('Invalid ')) return issue.message;
  if (issue.kind === 'schema' && issue.received === 'undefined' && issue.path?.at(-1)?.origin === 'value') {
    return `is required, expected ${friendlyExpected(issue.expected)}`;
  }
  if (issue.kind === 'schema' && issue.expected === 'never') return 'is not an allowed property';
  return `expected ${friendlyExpected(issue.expected)}, received ${issue.received}`;
}

const KIND_NAMES: Readonly<Record<string, string>> = { string: 'a string', number: 'a number', boolean: 'true or false', Array: 'an array', Object: 'an object' };

/** valibot's `expects` ("string", "Object") as a person would say it ("a string", "an object"). */
export function friendlyExpected(expects: string | null | undefined): string {
  if (!expects) return 'a valid value';
  return KIND_NAMES[expects] ?? expects;
}

function dedupe(problems: InputProblem[]): InputProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => !seen.has(problem.message) && seen.add(problem.message));
}

/** All problems in one line, for an error message. */
export function summarizeProblems(problems: readonly InputProblem[], max = 5): string {
  const shown = problems.slice(0, max).map((problem) => problem.message);
  const more = problems.length > max ? `; and ${problems.length - max} more` : '';
  return shown.join('; ') + more;
}
