/**
 * The `default` of a `switch` on a tagged kind (a step's, an expectation's): reached only by a kind the switch forgot,
 * which does not compile.
 */
export function unhandledKind(tagged: never): never {
  throw new TypeError(`kind "${(tagged as { kind: string }).kind}" is not handled here`);
}
