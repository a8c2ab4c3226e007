/**
 * `npm run check:pytorch-agreement -- --out DIR [--steps N]`: the statistical agreement check
 * (pytorch-agreement-run.ts) by hand; prints per method the pooled pass@1 at the end of both
 * runs with 95% intervals and whether they overlap, and exits 1 when one does not. A side whose
 * results are already in DIR is not rerun. --steps N shortens both runs (a quicker, weaker check).
 */
import { parseArgs } from 'node:util';
import { PRESETS } from '../core/experiment/presets';
import { AGREEMENT_SEEDS, runAgreement } from './pytorch-agreement-run';
import { agreementTable } from './pytorch-agreement-table';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, steps: { type: 'string' } }, strict: true });
  if (!values.out) throw new Error('--out DIR is required');
  const steps = values.steps ? Number(values.steps) : PRESETS['agon-vs-grpo'].steps;
  if (!Number.isInteger(steps) || steps < 1) throw new Error(`--steps must be a positive integer, got "${values.steps}"`);
  const { rows } = await runAgreement(values.out, steps);
  console.log(`default experiment, seeds ${AGREEMENT_SEEDS.join(',')}, ${steps} steps: pooled test-hard pass@1 at the end\n`);
  console.log(agreementTable(rows));
  if (rows.some((r) => !r.overlap)) process.exitCode = 1;
}

await main();
