import assert from 'node:assert/strict';
import { insertionIndexAt, nodeAt, parseLocations } from '../../src/flows/json-locations';

/** Where a flow file's values are, for CodeLens, decorations, diagnostics and Add Expect. */
describe('locations in a flow file', () => {
  const text = '{\n  "name": "x",\n  "steps": [\n    { "navigate": "http://a" },\n    { "action": { "selector": "css=#b", "description": "B" } }\n  ]\n}\n';
  const at = (path: string) => {
    const node = nodeAt(parseLocations(text), path)!;
    return text.slice(node.start, node.end);
  };

  it('finds a value by its path: a step, a field of it', () => {
    assert.equal(at('steps.0'), '{ "navigate": "http://a" }');
    assert.equal(at('steps.1.action.selector'), '"css=#b"');
    assert.equal(at('name'), '"x"');
  });

  it('a path that goes further than the file gives the deepest value on the way', () => {
    assert.equal(at('steps.1.action.method'), '{ "selector": "css=#b", "description": "B" }');
  });

  it('a file being typed (malformed) still gives what could be read', () => {
    const partial = '{ "steps": [ { "navigate": "http://a" }, { "action": { "selector": ';
    const node = nodeAt(parseLocations(partial), 'steps.0')!;
    assert.equal(partial.slice(node.start, node.end), '{ "navigate": "http://a" }');
  });

  it('Record at Cursor puts new steps after the step the cursor is in, between steps where it is, else at the end', () => {
    const locations = parseLocations(text);
    const offset = (fragment: string) => text.indexOf(fragment);
    assert.equal(insertionIndexAt(locations, offset('"navigate"')), 1, 'inside step 1');
    assert.equal(insertionIndexAt(locations, offset('"selector"')), 2, 'inside step 2');
    assert.equal(insertionIndexAt(locations, offset('[') + 1), 0, 'before the first step');
    assert.equal(insertionIndexAt(locations, offset('},\n    { "action"') + 2), 1, 'between the steps');
    assert.equal(insertionIndexAt(locations, offset('"name"')), 2, 'outside the steps: after the last');
    assert.equal(insertionIndexAt(parseLocations('{ "steps": [] }'), 12), 0, 'an empty flow');
  });
});
