// The agreement verdict on hand-made results: the 200-step run itself is `npm run check:pytorch-agreement`
// (20 minutes of two cores), with its last result in docs/pytorch-export.md.
import { describe, expect, it } from 'vitest';
import type { ExperimentResult, TableRow } from '../core/experiment/result';
import { scoreCounts } from '../core/experiment/score';
import { agreementRows, agreementTable } from './pytorch-agreement-table';

function row(method: TableRow['method'], correct: number, n = 1000): TableRow {
  return { method, label: method, chosen: 'A', test: scoreCounts(correct, n), finalLength: 10, candidates: [] };
}

function result(rows: TableRow[]): ExperimentResult {
  return { table: rows } as unknown as ExperimentResult;
}

describe('PyTorch agreement verdict', () => {
  it('pools every seed and says which methods overlap', () => {
    const playground = [result([row('agon', 390), row('grpo', 420)]), result([row('agon', 388), row('grpo', 430)])];
    const pytorch = [result([row('agon', 370), row('grpo', 300)]), result([row('agon', 376), row('grpo', 310)])];
    const rows = agreementRows(playground, pytorch);
    expect(rows.map((r) => [r.method, r.overlap])).toEqual([
      ['agon', true],
      ['grpo', false],
    ]);
    expect(rows[0]!.playground.passAt1).toBeCloseTo(0.389, 6);
    expect(rows[1]!.pytorch.passAt1).toBeCloseTo(0.305, 6);
    expect(agreementTable(rows).split('\n').at(-1)).toMatch(/^\| grpo \| 42\.5% \[.*\] \| 30\.5% \[.*\] \| NO \|$/);
  });

  it('names a method the PyTorch side lacks', () => {
    expect(() => agreementRows([result([row('moa', 10)])], [result([row('agon', 10)])])).toThrow('the PyTorch results have no moa row');
  });
});
