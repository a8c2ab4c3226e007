/** A finished experiment's result, made by hand, for share-link tests (unit and browser): no model needed. */
import type { ExperimentConfig } from '../../core/experiment/config';
import type { Readout } from '../../core/experiment/methods';
import { runRows } from '../../core/experiment/run-rows';
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type ArmResult, type EvalPoint, type ExperimentResult } from '../../core/experiment/result';
import { scoreCounts } from '../../core/experiment/score';
import { encodeOutcomes } from '../../core/eval/outcomes';
import { Rng } from '../../core/random';

const CASCADE = new Set(['pair-cascade', 'self-cascade']);

/** `correct` right answers out of n, scattered over the problems by `seed`, as an evaluation records them. */
function outcomes(correct: number, n: number, seed: number): string {
  const order = Array.from({ length: n }, (_, i) => i);
  const rng = new Rng(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const right = Array<boolean>(n).fill(false);
  order.slice(0, correct).forEach((p) => (right[p] = true));
  return encodeOutcomes(right);
}

/** pass@1 that moves with the step and differs per row, so every chart line is distinct. */
function readout(how: Readout, step: number, index: number, n: number, seed: number): NonNullable<EvalPoint['readouts'][string]> {
  const cascade = CASCADE.has(how);
  const names = cascade ? ['A->B', 'B->A'] : ['A', 'B'];
  const candidates = names.map((name, c) => {
    const correct = Math.min(n, Math.round(n * (0.2 + 0.03 * index + 0.001 * step + 0.01 * c)));
    return {
      name,
      test: scoreCounts(correct, n),
      testOutcomes: outcomes(correct, n, 1_000_000 * seed + 1000 * index + 10 * step + c),
      validation: scoreCounts(Math.max(0, correct - c), n),
      finalLength: 16 + 0.013 * (index + c),
      ...(cascade ? { drafterAlone: scoreCounts(Math.max(0, correct - 3), n), rescueRate: 0.21 + 0.01 * c, sabotageRate: 0.5, copyRate: 0.27 } : {}),
    };
  });
  return { candidates, chosen: step % 2 };
}

/** The result of `config` as if every row (method, arm of its own, sweep point) had been evaluated at 0, eval_every, ..., steps. */
export function fakeResult(config: ExperimentConfig): ExperimentResult {
  const steps: number[] = [];
  for (let s = 0; s <= config.steps; s += config.eval_every) steps.push(s);
  if (steps[steps.length - 1] !== config.steps) steps.push(config.steps);
  const arms: Record<string, ArmResult> = {};
  runRows(config).forEach((row, index) => {
    const trained = row.fields.training !== 'none';
    const arm = (arms[row.arm] ??= { curve: [], stepsDone: trained ? config.steps : 0, evalTokens: 1234 });
    (trained ? steps : [0]).forEach((step, i) => {
      let point = arm.curve[i];
      if (!point) {
        point = { step, tokensGenerated: step * 2048, tokensTrained: step * 1900, readouts: {}, ...(trained && step > 0 ? { kl: 0.0123 * i, reward: { drafter: 0.91 + 0.01 * i, solver: 1.07 } } : {}) };
        arm.curve.push(point);
      }
      point.readouts[row.name] = readout(row.fields.readout, step, index, config.eval_problems, config.seed);
    });
  });
  const table = buildTable(config, arms);
  return {
    schema: RESULT_SCHEMA,
    version: RESULT_VERSION,
    status: 'complete',
    config,
    environment: { backend: 'webgpu', adapter: 'google swiftshader', tfjsVersion: '4.22.0', appVersion: '0.1.0', platform: 'Mozilla/5.0 (test)' },
    startedAt: '2026-11-30T05:34:23.372Z',
    finishedAt: '2026-11-30T06:06:59.036Z',
    arms,
    table,
    headline: headline(table),
  };
}
