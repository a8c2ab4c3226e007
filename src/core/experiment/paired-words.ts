/**
 * A paired comparison in words, the same in the app and the CLI: who is ahead and by how much
 * when the 95% interval excludes 0, else that no difference is shown; or why there is no figure.
 */
import type { PairedComparison } from './paired-comparison';

/** Percentage points to one decimal, never "-0.0". */
function points(x: number): string {
  const text = (100 * x).toFixed(1);
  return text === '-0.0' ? '0.0' : text;
}

export function pairedWords(comparison: PairedComparison): string {
  if (!comparison.ok) return comparison.why;
  const { mean, low, high } = comparison.difference;
  if (low > 0) return `ahead by ${points(mean)} points, 95% interval ${points(low)} to ${points(high)}`;
  if (high < 0) return `behind by ${points(-mean)} points, 95% interval ${points(-high)} to ${points(-low)}`;
  return `no difference shown (95% interval ${points(low)} to ${points(high)})`;
}
