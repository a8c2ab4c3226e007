/** The agreement check's verdict: per method, the pooled pass@1 of both runs and whether their 95% intervals overlap. */
import type { ExperimentResult } from '../core/experiment/result';
import { pooledTable } from '../core/experiment/summary';

export interface AgreementRow {
  method: string;
  playground: { passAt1: number; low: number; high: number };
  pytorch: { passAt1: number; low: number; high: number };
  overlap: boolean;
}

export function agreementRows(playground: readonly ExperimentResult[], pytorch: readonly ExperimentResult[]): AgreementRow[] {
  const theirs = pooledTable(pytorch);
  return pooledTable(playground).map((row) => {
    const other = theirs.find((r) => r.method === row.method);
    if (!other) throw new Error(`the PyTorch results have no ${row.method} row`);
    return { method: row.method, playground: row.pooled, pytorch: other.pooled, overlap: Math.max(row.pooled.low, other.pooled.low) <= Math.min(row.pooled.high, other.pooled.high) };
  });
}

const pct = (x: number) => (100 * x).toFixed(1);
const cell = (s: AgreementRow['playground']) => `${pct(s.passAt1)}% [${pct(s.low)}, ${pct(s.high)}]`;

export function agreementTable(rows: readonly AgreementRow[]): string {
  const lines = rows.map((r) => `| ${r.method} | ${cell(r.playground)} | ${cell(r.pytorch)} | ${r.overlap ? 'yes' : 'NO'} |`);
  return ['| method | playground (tfjs) pooled pass@1 | PyTorch pooled pass@1 | 95% intervals overlap |', '| --- | --- | --- | --- |', ...lines].join('\n');
}
