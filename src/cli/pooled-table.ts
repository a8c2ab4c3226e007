/**
 * The pooled table `npm run experiment` prints: per method, pass@1 pooled over the seeds with
 * its 95% interval, each seed's pass@1, the final-stage length, the direction picked on
 * validation, and the paired difference from the reference method over the seeds and problems.
 * Under it, the headline ratios on the pooled numbers beside the paper's.
 */
import { pairedRatio, referenceColumn } from '../core/experiment/paired-comparison';
import { pairedWords } from '../core/experiment/paired-words';
import type { ExperimentResult } from '../core/experiment/result';
import { ratioText } from '../core/experiment/headline-ratios';
import { paperRatio } from '../core/experiment/paper-table';
import { rowLabel } from '../core/experiment/run-rows';
import { pooledRatios, pooledTable } from '../core/experiment/summary';

const pct = (x: number) => `${(100 * x).toFixed(1)}`;

export function pooledTableText(results: readonly ExperimentResult[], reference: string): string {
  const rows = pooledTable(results);
  const paired = referenceColumn(results.map((r) => r.table), rows.map((r) => r.method), reference);
  const lines = [
    `| method | pass@1 % (95% CI) | per seed | final-stage length | direction (picked on validation) | vs ${rowLabel(reference)} (paired) |`,
    `|---|---|---|---|---|---|`,
    ...rows.map((r) => `| ${r.label} | ${pct(r.pooled.passAt1)} (${pct(r.pooled.low)}-${pct(r.pooled.high)}) | ${r.perSeed.map(pct).join(' / ')} | ${r.finalLength.toFixed(1)} | ${r.chosen.join(' / ')} | ${pairedWords(paired.get(r.method)!)} |`),
  ];
  return lines.join('\n');
}

/** Each headline ratio named by its formula: ours on the pooled pass@1, and the paper's. */
export function headlineRatiosText(results: readonly ExperimentResult[]): string {
  const ours = pooledRatios(pooledTable(results));
  return [
    '| ratio | pooled over the seeds | the paper |',
    '|---|---:|---:|',
    ...ours.map((r) => `| ${r.formula} | ${ratioText(r)} | ${ratioText(paperRatio(r.id))} |`),
  ].join('\n');
}

/**
 * Agon / GRPO with its 95% interval from the paired bootstrap of the difference (the same
 * resamples of seeds and problems); null when the run lacks either row.
 */
export function agonOverGrpoText(results: readonly ExperimentResult[]): string | null {
  const tables = results.map((r) => r.table);
  if (!tables.every((t) => t.some((r) => r.method === 'agon') && t.some((r) => r.method === 'grpo'))) return null;
  const ratio = pairedRatio({ method: 'agon', tables }, { method: 'grpo', tables });
  if (!ratio.ok) return `Agon / GRPO, paired over the seeds and problems: ${ratio.why}`;
  const { mean, low, high } = ratio.ratio;
  return `Agon / GRPO, paired over the seeds and problems: ${mean.toFixed(2)} (95% interval ${low.toFixed(2)} to ${high.toFixed(2)})`;
}
