/** Hand-made rounds and evaluation points for the app's unit tests (no model needed). */
import type { CandidateResult } from '../../core/experiment/evaluate';
import { encodeOutcomes } from '../../core/eval/outcomes';
import type { ExperimentConfig } from '../../core/experiment/config';
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type ArmResult, type EvalPoint, type ExperimentResult } from '../../core/experiment/result';
import { runRows } from '../../core/experiment/run-rows';
import { scoreCounts } from '../../core/experiment/score';
import type { SweepTable } from '../../core/experiment/sweep-table';
import type { AgonPair, AgonRound, GrpoRound, SampleRecord } from '../../core/rl/round';

export function sample(correct: boolean, advantage = 0): SampleRecord {
  const c = correct ? 2 : 0;
  return { text: `1+1=2<answer>${correct ? 2 : 3}<eos>`, tokenProbs: Array(14).fill(0.5), verdict: correct ? 'correct' : 'wrong', answer: correct ? '2' : '3', reward: { correctness: c, bonus: 0, format: 0.5, total: c + 0.5 }, advantage };
}

export function pair(draftRight: boolean, solverRight: boolean): AgonPair {
  return { draft: sample(draftRight), draftView: '1+1=2', solution: sample(solverRight), rescue: !draftRight && solverRight, sabotage: draftRight && !solverRight, copy: draftRight === solverRight };
}

export function agonRound(step: number, pairs: AgonPair[] = [pair(false, true), pair(true, false)]): AgonRound {
  const stats = { loss: 0, kl: 0 };
  const drafter = step % 2 === 0 ? 'A' : 'B';
  return { kind: 'agon', step, drafter, solver: drafter === 'A' ? 'B' : 'A', problems: [{ text: '1+1', answer: '2', drafts: pairs.map((p) => p.draft), pairs }], updates: { drafter: stats, solver: stats } };
}

export function grpoRound(step: number): GrpoRound {
  return { kind: 'grpo', step, model: 'A', problems: [{ text: '1+1', answer: '2', samples: [sample(true, 1), sample(false, -1)] }], updates: { model: { loss: 0, kl: 0.01 } } };
}

export function candidate(name: string, correct: number, n: number, extra: Partial<CandidateResult> = {}): CandidateResult {
  const score = { correct, n, passAt1: correct / n, low: Math.max(0, correct / n - 0.1), high: Math.min(1, correct / n + 0.1) };
  return { name, test: score, validation: score, finalLength: 12, ...extra };
}

export function evalPoint(step: number, readouts: EvalPoint['readouts'], extra: Partial<EvalPoint> = {}): EvalPoint {
  return { step, tokensGenerated: step * 100, tokensTrained: step * 100, readouts, ...extra };
}

/**
 * A sweep of the bonus weight as sweepTable gives it: 0 behind the reference, 0.5 with no
 * difference shown, 1 the reference, 3 not evaluated yet; the values out of order.
 */
export function bonusSweep(): SweepTable {
  return {
    field: 'bonus_weight',
    reference: 'bonus_weight=1',
    points: [
      { value: 1, name: 'bonus_weight=1', pooled: scoreCounts(45, 100), paired: { ok: false, why: 'the reference' } },
      { value: 0, name: 'bonus_weight=0', pooled: scoreCounts(40, 100), paired: { ok: true, difference: { mean: -0.05, low: -0.09, high: -0.01 } } },
      { value: 0.5, name: 'bonus_weight=0.5', pooled: scoreCounts(47, 100), paired: { ok: true, difference: { mean: 0.02, low: -0.03, high: 0.07 } } },
      { value: 3, name: 'bonus_weight=3', pooled: null, paired: { ok: false, why: 'no evaluation yet' } },
    ],
  };
}

/**
 * A finished seed of `config` made by hand, as a result file holds it: row i of the run (in
 * table order) got the first 30 + 10 i test problems right, every row at the last step.
 */
export function handMadeResult(config: ExperimentConfig): ExperimentResult {
  const n = config.eval_problems;
  const arms: Record<string, ArmResult> = {};
  runRows(config).forEach((row, i) => {
    const right = 30 + 10 * i;
    const chosen = { ...candidate('A->B', right, n), test: scoreCounts(right, n), validation: scoreCounts(right, n), testOutcomes: encodeOutcomes(Array.from({ length: n }, (_, p) => p < right)) };
    const arm = (arms[row.arm] ??= { curve: [evalPoint(config.steps, {})], stepsDone: config.steps, evalTokens: 0 });
    arm.curve[0]!.readouts[row.name] = { candidates: [chosen], chosen: 0 };
  });
  const table = buildTable(config, arms);
  const environment = { backend: 'wasm', tfjsVersion: 'test', appVersion: 'test', platform: 'test' };
  return { schema: RESULT_SCHEMA, version: RESULT_VERSION, status: 'complete', config, environment, startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', arms, table, headline: headline(table) };
}
