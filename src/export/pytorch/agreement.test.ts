// Statistical agreement between the playground and its PyTorch port: the default experiment
// (preset agon-vs-grpo, 200 steps) on seeds 1, 2, 3, trained and evaluated by the playground's
// CLI (tfjs wasm) and by the exported train.py (PyTorch CPU), gives for every method pooled
// test-hard pass@1 at the end whose 95% intervals overlap. Both sides take the same problems
// and the same sampling draws, so their runs are the same one (trajectory.test.ts) until float
// rounding flips a sampled token; from there they drift apart, and this compares where they
// end. The longest test: about 20 minutes on two idle cores, both sides at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../../core/experiment/presets';
import { AGREEMENT_SEEDS, runAgreement } from '../../cli/pytorch-agreement-run';
import { agreementTable } from '../../cli/pytorch-agreement-table';
import { skipWithoutTorch } from './python';

const PRESET = PRESETS['agon-vs-grpo'];

describe.skipIf(skipWithoutTorch())('PyTorch export: statistical agreement', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agon-agreement-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'the default experiment on 3 seeds: every method pooled 95% intervals overlap',
    async () => {
      const { rows, playground, pytorch } = await runAgreement(dir, PRESET.steps);
      console.log(`default experiment, seeds ${AGREEMENT_SEEDS.join(',')}, ${PRESET.steps} steps\n${agreementTable(rows)}`);
      // Not vacuous: both sides ran the whole experiment and evaluated every method on the
      // whole test-hard split of every seed.
      expect(rows.map((r) => r.method).sort()).toEqual([...PRESET.methods].sort());
      for (const side of [playground, pytorch]) {
        expect(side.map((r) => r.status)).toEqual(['complete', 'complete', 'complete']);
        for (const result of side) {
          expect([result.arms.agon!.stepsDone, result.arms.grpo!.stepsDone]).toEqual([PRESET.steps, PRESET.steps]);
          expect(result.table.map((row) => row.test.n)).toEqual(PRESET.methods.map(() => PRESET.eval_problems));
        }
      }
      expect(rows.filter((r) => !r.overlap).map((r) => r.method)).toEqual([]);
    },
    75 * 60_000,
  );
});
