import assert from 'node:assert/strict';
import { fitToBudget, keywords } from '../../src/core/snapshot/budget';
import type { OutlineLine } from '../../src/core/snapshot/outline';

/**
 * What the model is shown of a page too big for its budget, rule by rule: the lines the instruction names first (a
 * row's number above all), then headings and frames, then what is in view, then the rest in page order, and every
 * gap said where it is. The observe suites see the rules at work on real pages; these say each one.
 */
describe('the outline within a token budget', () => {
  const line = (text: string, extra: Partial<OutlineLine> = {}): OutlineLine => ({
    text, depth: 1, elementIds: [], words: text.toLowerCase(), inViewport: false, kind: 'text', excluded: false, ...extra,
  });
  const rows = Array.from({ length: 400 }, (_, index) => line(`[0-${index + 1}] row: Order ${index + 1} Ada $${index}.00 [0-${index + 1000}] button: Edit`, { kind: 'row', elementIds: [`0-${index + 1}`, `0-${index + 1000}`] }));

  it('an instruction\'s words: lower case, no filler, numbers whole', () => {
    assert.deepEqual(keywords('Click the Edit button in the row for order 1500'), ['edit', 'order', '1500']);
    assert.deepEqual(keywords('fill E-mail with ada@example.com.'), ['e-mail', 'ada@example.com']);
    assert.deepEqual(keywords(undefined), []);
  });

  it('a page that fits is shown whole, every element with it', () => {
    const small = [line('[0-1] button: Save', { elementIds: ['0-1'] }), line('Some text')];
    const fitted = fitToBudget(small, 'save', 6000);
    assert.equal(fitted.text, '  [0-1] button: Save\n  Some text');
    assert.equal(fitted.omittedLines, 0);
    assert.deepEqual([...fitted.shownIds], ['0-1']);
  });

  it('a page too big keeps the row the instruction names, headings and what is in view, and says what it left out where', () => {
    const page = [line('Orders', { kind: 'heading', depth: 0 }), ...rows.slice(0, 5).map((row) => ({ ...row, inViewport: true })), ...rows.slice(5)];
    const fitted = fitToBudget(page, 'click Edit in the row for order 321', 400);
    assert.ok(fitted.tokens <= 400, `${fitted.tokens} tokens`);
    const shown = fitted.text.split('\n');
    assert.equal(shown[0], 'Orders', 'the heading');
    assert.ok(shown.some((text) => text.includes('Order 321 ')), 'the row the instruction names');
    assert.ok(shown.slice(1, 6).every((text) => text.includes('row: Order')), 'the rows in view come next, in page order');
    assert.ok(fitted.shownIds.has('0-1321') && !fitted.shownIds.has('0-1399'), 'ids of what is shown only');
    const gaps = shown.filter((text) => text.includes('not shown'));
    assert.ok(gaps.length >= 1 && gaps.every((text) => /… \d+ more rows not shown \(\d+ elements\)/.test(text)), gaps.join('\n'));
    const hidden = gaps.reduce((sum, text) => sum + Number(/… (\d+) more/.exec(text)![1]), 0);
    assert.equal(hidden, fitted.omittedLines, 'every line left out is counted in a gap');
  });
});
