import { describe, expect, it } from 'vitest';
import { scoreCounts } from './score';
import type { CandidateResult } from './evaluate';
import type { ExperimentResult } from './result';
import { mechanismCurves, methodCurves } from './summary';

const candidate = (name: string, correct: number, rates?: { rescue: number; sabotage: number }): CandidateResult => ({
  name,
  test: scoreCounts(correct, 10),
  validation: scoreCounts(correct, 10),
  finalLength: 5,
  ...(rates && { rescueRate: rates.rescue, sabotageRate: rates.sabotage, copyRate: 0.5 }),
});

/** One seed: an agon arm evaluated at steps 0 and 100, a grpo arm at step 100. */
function seed(agonCorrect: [number, number], rescue: [number, number]): ExperimentResult {
  const agonPoint = (step: number, i: 0 | 1) => ({
    step,
    tokensGenerated: step * 10,
    tokensTrained: step * 10,
    readouts: { agon: { candidates: [candidate('A->B', agonCorrect[i], { rescue: rescue[i], sabotage: 0.1 }), candidate('B->A', 0)], chosen: 0 } },
  });
  const grpoPoint = { step: 100, tokensGenerated: 1000, tokensTrained: 1000, readouts: { grpo: { candidates: [candidate('A', 6)], chosen: 0 } } };
  return {
    arms: {
      agon: { curve: [agonPoint(0, 0), agonPoint(100, 1)], stepsDone: 100, evalTokens: 0 },
      grpo: { curve: [grpoPoint], stepsDone: 100, evalTokens: 0 },
    },
  } as unknown as ExperimentResult;
}

describe('curves pooled over seeds', () => {
  const results = [seed([4, 6], [0.2, 0.4]), seed([2, 8], [0.3, 0.6])];

  it('pools the chosen candidate\'s pass@1 at each step', () => {
    const curves = methodCurves(results);
    expect(curves.agon?.map((p) => [p.step, p.passAt1])).toEqual([[0, 0.3], [100, 0.7]]);
    expect(curves.grpo?.map((p) => [p.step, p.passAt1])).toEqual([[100, 0.6]]);
  });

  it('averages the chosen cascade\'s rescue and sabotage rates at each step, and has none for a single model', () => {
    const mechanism = mechanismCurves(results);
    expect(mechanism.agon).toEqual([
      { step: 0, rescue: 0.25, sabotage: 0.1 },
      { step: 100, rescue: 0.5, sabotage: 0.1 },
    ]);
    expect(mechanism.grpo).toBeUndefined();
  });
});
