import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, experimentConfigSchema } from './config';
import { curvesCsv } from './csv';
import type { CandidateResult } from './evaluate';
import { buildTable, type ArmResult, type ExperimentResult } from './result';
import { runRows } from './run-rows';
import { scoreCounts } from './score';

const config = experimentConfigSchema.parse({
  ...DEFAULT_EXPERIMENT,
  methods: ['agon', 'zero-shot'],
  arms: [{ name: 'm3', solutions_per_draft: 3 }],
  sweep: { field: 'bonus_weight', values: [0, 1] },
});

const candidate = (name: string, correct: number): CandidateResult => ({ name, test: scoreCounts(correct, 10), validation: scoreCounts(correct, 10), finalLength: 5 });

/** Every row of the config evaluated at step 0 (and its trained arms at step 10), read from the arm run-rows.ts gives it. */
function result(seed: number): ExperimentResult {
  const arms: Record<string, ArmResult> = {};
  runRows(config).forEach((row, i) => {
    const steps = row.fields.training === 'none' ? [0] : [0, 10];
    const arm = (arms[row.arm] ??= { curve: steps.map((step) => ({ step, tokensGenerated: step * 100, tokensTrained: step * 100, readouts: {} })), stepsDone: steps.at(-1)!, evalTokens: 0 });
    for (const point of arm.curve) point.readouts[row.name] = { candidates: [candidate('A', i + point.step / 10), candidate('B', i)], chosen: 0 };
  });
  const seeded = { ...config, seed };
  const table = buildTable(seeded, arms);
  return { config: seeded, arms, table } as unknown as ExperimentResult;
}

describe('the curves CSV', () => {
  it('has the rows of every row of the config, its own arms and sweep points by their names, under the arm each reads', () => {
    const lines = curvesCsv([result(1), result(2)]).trimEnd().split('\n').map((l) => l.split(','));
    const [header, ...rows] = lines;
    const at = (column: string) => header!.indexOf(column);
    const chosen = rows.filter((r) => r[at('chosen')] === '1' && r[at('seed')] === '1').map((r) => [r[at('arm')], r[at('method')], r[at('step')], r[at('test_pass_at_1')]]);
    expect(chosen).toEqual([
      ['agon', 'agon', '0', '0'], ['agon', 'bonus_weight=1', '0', '0.4'],
      ['agon', 'agon', '10', '0.1'], ['agon', 'bonus_weight=1', '10', '0.5'],
      ['base', 'zero-shot', '0', '0.1'],
      ['m3', 'm3', '0', '0.2'], ['m3', 'm3', '10', '0.3'],
      ['bonus_weight=0', 'bonus_weight=0', '0', '0.3'], ['bonus_weight=0', 'bonus_weight=0', '10', '0.4'],
    ]);
    // Each (seed, row, step) has both candidates, and every line the header's columns.
    expect(rows).toHaveLength(2 * 2 * 9);
    expect(new Set(lines.map((l) => l.length))).toEqual(new Set([header!.length]));
  });
});
