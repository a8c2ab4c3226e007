/**
 * A sweep's table as `npm run experiment` prints it: pass@1 at the last evaluation against the
 * swept value, each with its 95% interval, and its paired difference from the reference point.
 */
import { pairedWords } from '../core/experiment/paired-words';
import type { SweepTable } from '../core/experiment/sweep-table';

const pct = (x: number) => `${(100 * x).toFixed(1)}`;

export function sweepTableText(sweep: SweepTable): string {
  const lines = [
    `pass@1 % on test-hard against ${sweep.field} (seeds pooled), paired against ${sweep.reference}`,
    '',
    `| ${sweep.field} | pass@1 % (95% CI) | vs ${sweep.reference} (paired, 95% interval) |`,
    '|---|---|---|',
    ...sweep.points.map((p) => `| ${p.value} | ${p.pooled ? `${pct(p.pooled.passAt1)} (${pct(p.pooled.low)}-${pct(p.pooled.high)})` : 'not evaluated'} | ${pairedWords(p.paired)} |`),
  ];
  return lines.join('\n');
}
