import { escapeRegExp } from '../escape-regexp';
import type { OutlineLine } from './outline';

/** Tokens are estimated as characters / 4: no tokenizer is shipped, and the estimate errs high for English. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Fits a small model's context with room for the instructions and the answer. */
export const DEFAULT_TOKEN_BUDGET = 6000;

const STOP_WORDS = new Set(['the', 'a', 'an', 'to', 'in', 'on', 'of', 'for', 'and', 'or', 'with', 'at', 'by', 'from', 'into', 'is', 'it', 'that', 'this', 'click', 'press', 'type', 'fill', 'select', 'choose', 'open', 'find', 'row', 'button', 'link', 'field', 'page', 'all', 'me', 'my']);

/** The words of an instruction worth matching against the page: lower-case, no stop words, numbers kept whole. */
export function keywords(instruction: string | undefined): string[] {
  if (!instruction) return [];
  const words = instruction.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'@._-]*/gu) ?? [];
  return [...new Set(words.map((word) => word.replace(/[._-]+$/, '')).filter((word) => word.length > 1 && !STOP_WORDS.has(word) || /^\d+$/.test(word)))];
}

/**
 * How well a line matches the instruction: whole-word matches count, numbers most (they identify rows). A word on
 * most of the page's lines (every row's "Edit" button) tells none of them apart: it does not count, or its lines
 * would crowd out the headings and what is in view.
 */
function scorer(words: readonly string[], lines: readonly OutlineLine[]): (line: OutlineLine) => number {
  // Element ids ([0-1500]) are not words of the page.
  const pageWords = (line: OutlineLine) => line.words.replace(/\[\d+-\d+\]/g, ' ');
  const texts = lines.map(pageWords);
  const patterns = words
    .map((word) => ({ weight: /^\d+$/.test(word) ? 5 : 1, pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'u') }))
    .filter(({ pattern }) => texts.filter((text) => pattern.test(text)).length <= texts.length / 2);
  return (line) => patterns.reduce((score, { weight, pattern }) => (pattern.test(pageWords(line)) ? score + weight : score), 0);
}

export interface BudgetedOutline {
  readonly text: string;
  readonly tokens: number;
  /** Element ids shown to the model. */
  readonly shownIds: ReadonlySet<string>;
  readonly omittedLines: number;
}

/**
 * Keeps the whole outline when it fits. Otherwise keeps, in this order, the lines that match the instruction, headings,
 * frame headers, lines in the viewport, then the rest in page order, and says how many were left out where they were.
 */
export function fitToBudget(lines: readonly OutlineLine[], instruction: string | undefined, budget: number): BudgetedOutline {
  const render = (line: OutlineLine) => `${'  '.repeat(line.depth)}${line.text}`;
  const rendered = lines.map(render);
  const total = rendered.reduce((sum, text) => sum + estimateTokens(text) + 1, 0);
  if (total <= budget) {
    return { text: rendered.join('\n'), tokens: total, shownIds: new Set(lines.flatMap((line) => line.elementIds)), omittedLines: 0 };
  }
  const score = scorer(keywords(instruction), lines);
  const ranked = lines.map((line, index) => ({ index, score: score(line), line }));
  const priority = (entry: (typeof ranked)[number]) =>
    entry.score > 0 ? 4 + entry.score
      : entry.line.kind === 'heading' || entry.line.kind === 'frame' || (entry.line.kind === 'row' && !entry.line.elementIds.length) ? 3
      : entry.line.inViewport ? 2 : 1;
  ranked.sort((a, b) => priority(b) - priority(a) || a.index - b.index);
  // A marker per gap costs a few tokens; keep room for them.
  const available = budget * 0.92;
  const keep = new Set<number>();
  let used = 0;
  for (const entry of ranked) {
    const cost = estimateTokens(rendered[entry.index]!) + 1;
    if (used + cost > available) continue;
    keep.add(entry.index);
    used += cost;
  }
  const output: string[] = [];
  const shownIds = new Set<string>();
  let gap: OutlineLine[] = [];
  const closeGap = () => {
    if (!gap.length) return;
    const elements = gap.reduce((sum, line) => sum + line.elementIds.length, 0);
    output.push(`${'  '.repeat(gap[0]!.depth)}… ${gap.length} ${gap.every((line) => line.kind === 'row') ? 'more rows' : 'more lines'} not shown${elements ? ` (${elements} elements)` : ''}`);
    gap = [];
  };
  lines.forEach((line, index) => {
    if (!keep.has(index)) {
      gap.push(line);
      return;
    }
    closeGap();
    output.push(rendered[index]!);
    for (const id of line.elementIds) shownIds.add(id);
  });
  closeGap();
  const text = output.join('\n');
  return { text, tokens: estimateTokens(text) + output.length, shownIds, omittedLines: lines.length - keep.size };
}
