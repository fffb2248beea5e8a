/** Beyond this many lines a side, the diff is not computed (its table grows with the product): the texts are shown. */
const MAX_DIFF_LINES = 1_000;

/**
 * A readable line diff of two texts, as a person compares an expectation with what the page has: each line of both,
 * in order, marked `- ` (expected only), `+ ` (actual only) or `  ` (both), a change's `-` lines before its `+` lines.
 * Longest common subsequence of lines.
 */
export function lineDiff(expected: string, actual: string): string {
  const before = expected.replace(/\s+$/, '').split('\n');
  const after = actual.replace(/\s+$/, '').split('\n');
  if (before.length > MAX_DIFF_LINES || after.length > MAX_DIFF_LINES) {
    return [...before.map((line) => `- ${line}`), ...after.map((line) => `+ ${line}`)].join('\n');
  }
  const width = after.length + 1;
  // common[i * width + j]: the length of the longest common run of before[i..] and after[j..].
  const common = new Uint16Array((before.length + 1) * width);
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      common[i * width + j] = before[i] === after[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
    }
  }
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) lines.push(`  ${before[i++]}`), j++;
    else if (j < after.length && (i === before.length || common[i * width + j + 1]! > common[(i + 1) * width + j]!)) lines.push(`+ ${after[j++]}`);
    else lines.push(`- ${before[i++]}`);
  }
  return lines.join('\n');
}
