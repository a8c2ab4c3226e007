import { describe, expect, it } from 'vitest';
import type { Premise } from '../../core/diagnostics/premise-schema';
import { premiseHeadline, premiseFromManifest } from './headline';

const lift = (mean: number, half: number) => ({ mean, low: mean - half, high: mean + half });
const cascade = (drafter: 'A' | 'B', solver: 'A' | 'B', mean: number) => ({
  drafter,
  solver,
  passAt1: 0.5 + mean,
  drafterAlone: 0.5,
  lift: lift(mean, 0.02),
  rescue: { of: 10, rate: 0.2, solverAlone: 0.3 },
  sabotage: { of: 10, rate: 0.1, solverAlone: 0.4 },
  copy: { all: 0.6, wrongDrafts: 0.3 },
});

const premise: Premise = {
  command: 'npm run diagnose -- --task math',
  split: 'test-hard',
  problems: 1000,
  samples: 4,
  temperature: 1,
  topP: 1,
  seed: 1,
  showDraftAnswer: false,
  solo: { A: { sampled: 0.489, greedy: 0.6 }, B: { sampled: 0.514, greedy: 0.62 } },
  better: 'B',
  cascades: { 'A->B': cascade('A', 'B', 0.013), 'B->A': cascade('B', 'A', -0.004), 'A->A': cascade('A', 'A', -0.031), 'B->B': cascade('B', 'B', 0) },
  agreement: { correlation: 0.5, mostly: 0.5, onlyA: 80, onlyB: 90, both: 400, neither: 430 },
};

describe('the base-pair card premise', () => {
  it('reads the premise of a task from a manifest', () => {
    expect(premiseFromManifest({ version: 1, pairs: { math: { files: {}, premise } } }, 'math')).toEqual(premise);
  });

  it('gives nothing, quietly, for a pair without premise figures, a missing pair, or anything malformed', () => {
    const entry = { files: {}, metrics: { testHard: { a: 0.489, b: 0.514 } } };
    expect(premiseFromManifest({ version: 1, pairs: { math: entry } }, 'math')).toBeNull();
    expect(premiseFromManifest({ version: 1, pairs: { math: { ...entry, premise } } }, 'code')).toBeNull();
    expect(premiseFromManifest({ version: 1, pairs: { math: { ...entry, premise: { ...premise, better: 'C' } } } }, 'math')).toBeNull();
    for (const junk of [null, 'manifest', 3, {}, { pairs: null }, { pairs: { math: 'x' } }]) expect(premiseFromManifest(junk, 'math')).toBeNull();
  });

  it('headlines the cascade and self-refinement lifts over the better model, with their intervals', () => {
    const h = premiseHeadline(premise);
    expect(h.basis).toBe("Lift over the better single model (B, 51.4%), in points with 95% intervals: first 1000 test-hard problems, 4 samples each, draft's answer withheld.");
    expect(h.lines).toEqual([
      'untrained cascade: A->B +1.3 (-0.7 to +3.3), B->A -0.4 (-2.4 to +1.6)',
      'self-refinement: A->A -3.1 (-5.1 to -1.1), B->B +0.0 (-2.0 to +2.0)',
      // Drafts right half the time; the solver alone solves 30% where they were wrong: 0.5 + 0.5 * 0.3.
      'a perfect judge (keeps right drafts, answers alone after wrong ones): A->B 65.0% (this pair 51.3%), B->A 65.0% (this pair 49.6%)',
    ]);
  });
});
