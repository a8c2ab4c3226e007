/**
 * A sweep's result: per value of the swept field, pass@1 at the last evaluation pooled over the
 * seeds (with its 95% Clopper-Pearson interval), and its paired difference from the reference row
 * (with its 95% bootstrap interval over seeds and problems, the results table's).
 */
import type { ExperimentConfig } from './config';
import { sweepArms, sweepReference } from './custom-arms';
import { referenceColumn, type PairedComparison } from './paired-comparison';
import type { ExperimentResult } from './result';
import type { Score } from './score';
import { pooledTable } from './summary';

export interface SweepPoint {
  value: number | string;
  /** The point's row, `field=value`. */
  name: string;
  /** null: no seed evaluated it. */
  pooled: Score | null;
  paired: PairedComparison;
}

export interface SweepTable {
  field: string;
  reference: string;
  points: SweepPoint[];
}

/** The sweep of the results' config (all seeds of one run), or null when it has none. */
export function sweepTable(results: readonly ExperimentResult[], config: ExperimentConfig): SweepTable | null {
  const sweep = config.sweep;
  if (!sweep) return null;
  const names = sweepArms(sweep).map((a) => a.name);
  const reference = sweepReference(sweep);
  const pooled = new Map(pooledTable(results).map((r) => [r.method, r.pooled]));
  const paired = referenceColumn(results.map((r) => r.table), names, reference);
  return {
    field: sweep.field,
    reference,
    points: sweep.values.map((value, i) => ({ value, name: names[i]!, pooled: pooled.get(names[i]!) ?? null, paired: paired.get(names[i]!)! })),
  };
}
