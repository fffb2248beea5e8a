/** The middle of a set of samples (the upper middle for an even count). */
export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** The sample below which `share` of the samples fall. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}
