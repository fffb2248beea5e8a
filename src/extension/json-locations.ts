/**
 * Where things are in a flow file's text: the offsets of each value by its path (`steps.2.action.selector`), for
 * CodeLens above each step, decorations on a step, and diagnostics on the failing field. A small tolerant parser: on
 * malformed JSON it stops and returns what it found so far.
 */
export interface JsonNode {
  readonly start: number;
  end: number;
  readonly children?: Map<string, JsonNode>;
}

const WHITESPACE = /\s/;

export function parseLocations(text: string): JsonNode | undefined {
  let at = 0;
  const skip = () => {
    while (at < text.length && WHITESPACE.test(text[at]!)) at++;
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return text.slice(start + 1, at - 1);
    }
  };
  const value = (depth: number): JsonNode | undefined => {
    skip();
    if (at >= text.length || depth > 64) return undefined;
    const start = at;
    const open = text[at];
    if (open === '{' || open === '[') {
      const children = new Map<string, JsonNode>();
      const node: JsonNode = { start, end: start + 1, children };
      at++;
      for (let index = 0; ; index++) {
        skip();
        if (text[at] === (open === '{' ? '}' : ']')) {
          at++;
          node.end = at;
          return node;
        }
        let key = String(index);
        if (open === '{') {
          if (text[at] !== '"') return node;
          key = string();
          skip();
          if (text[at] !== ':') return node;
          at++;
        }
        const child = value(depth + 1);
        if (!child) return node;
        children.set(key, child);
        node.end = at;
        skip();
        if (text[at] === ',') at++;
      }
    }
    if (open === '"') string();
    else while (at < text.length && !/[\s,\]}]/.test(text[at]!)) at++;
    return { start, end: at };
  };
  return value(0);
}

/** The node at a dotted path, or the deepest one on the way there. */
export function nodeAt(root: JsonNode | undefined, path: string | undefined): JsonNode | undefined {
  let node = root;
  for (const key of (path ?? '').split('.').filter(Boolean)) {
    const next = node?.children?.get(key);
    if (!next) break;
    node = next;
  }
  return node;
}
