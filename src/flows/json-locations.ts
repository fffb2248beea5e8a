import { parseTree, type Node } from 'jsonc-parser';

/**
 * Where things are in a flow file's text: the offsets of each value by its path (`steps.2.action.selector`), for
 * CodeLens above each step, decorations on a step, diagnostics on the failing field, and the places Playwright Test
 * reports point at. Read with jsonc-parser (VS Code's own), which keeps what it could read of a malformed file.
 */
export interface JsonNode {
  readonly start: number;
  readonly end: number;
  readonly children?: ReadonlyMap<string, JsonNode>;
}

function toLocation(node: Node): JsonNode {
  const location = { start: node.offset, end: node.offset + node.length };
  if (node.type === 'object') {
    const children = new Map<string, JsonNode>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (key && value && typeof key.value === 'string') children.set(key.value, toLocation(value));
    }
    return { ...location, children };
  }
  if (node.type === 'array') return { ...location, children: new Map((node.children ?? []).map((item, index) => [String(index), toLocation(item)])) };
  return location;
}

export function parseLocations(text: string): JsonNode | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  return root ? toLocation(root) : undefined;
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

/**
 * Where steps recorded at an offset of a flow's text go: after the step the offset is in, else after the steps that end
 * before it; outside the steps list, after the last.
 */
export function insertionIndexAt(locations: JsonNode | undefined, offset: number): number {
  const steps = nodeAt(locations, 'steps');
  const nodes = [...(steps?.children ?? new Map<string, JsonNode>()).values()];
  if (!steps || offset < steps.start || offset > steps.end) return nodes.length;
  const inside = nodes.findIndex((node) => offset >= node.start && offset <= node.end);
  return inside >= 0 ? inside + 1 : nodes.filter((node) => node.end <= offset).length;
}
