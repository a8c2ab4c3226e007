/** Hand-made rounds and evaluation points for the app's unit tests (no model needed). */
import type { CandidateResult } from '../../core/experiment/evaluate';
import type { EvalPoint } from '../../core/experiment/result';
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
