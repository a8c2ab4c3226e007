import { describe, expect, it } from 'vitest';
import { perfectJudge, premiseFigures } from './figures';
import { premiseFiguresSchema } from './premise-schema';
import type { CascadeSample } from './premise-stats';
import type { PremiseRollouts } from './rollouts';

const T = true;
const F = false;
const s = (draft: boolean, final: boolean, copy = false): CascadeSample => ({ draft, final, copy });
/** The same cascade samples for every direction except where a test says otherwise. */
const plain = [
  [s(T, T, T), s(T, T, T)],
  [s(F, F), s(F, T)],
  [s(F, F), s(F, F)],
];

function rollouts(): PremiseRollouts {
  return {
    solo: {
      // Rates A: 1, 0.5, 0 (mean 0.5); B: 0.5, 0.5, 0.5 (mean 0.5): a tie, so A is the better model.
      A: { sampled: [[T, T], [T, F], [F, F]], greedy: [T, T, F] },
      B: { sampled: [[T, F], [F, T], [T, F]], greedy: [F, F, F] },
    },
    cascades: {
      // Final rates 1, 1, 0.5: against A's 1, 0.5, 0 the differences are 0, 0.5, 0.5.
      'A->B': [[s(T, T), s(T, T)], [s(F, T), s(F, T)], [s(F, T), s(F, F)]],
      'B->A': plain,
      'A->A': plain,
      'B->B': plain,
    },
  };
}

describe('premiseFigures', () => {
  const f = premiseFigures(rollouts());

  it('reports each model alone, sampled and greedy, and picks A on a tie', () => {
    expect(f.solo).toEqual({ A: { sampled: 0.5, greedy: 2 / 3 }, B: { sampled: 0.5, greedy: 0 } });
    expect(f.better).toBe('A');
  });

  it("measures a cascade's lift over the better model with a paired interval", () => {
    const c = f.cascades['A->B'];
    expect(c.passAt1).toBeCloseTo(5 / 6, 12);
    expect(c.drafterAlone).toBeCloseTo(1 / 3, 12);
    // Differences 0, 0.5, 0.5: mean 1/3, sample sd sqrt(1/12), half width 1.96 * sqrt(1/12) / sqrt(3) = 1.96 / 6.
    expect(c.lift.mean).toBeCloseTo(1 / 3, 12);
    expect(c.lift.high - c.lift.mean).toBeCloseTo(1.959964 / 6, 5);
    // Wrong drafts: 4 (p1 twice, p2 twice), 3 turned right; B (the solver) alone: (0.5 * 4) / 4.
    expect(c.rescue).toEqual({ of: 4, rate: 0.75, solverAlone: 0.5 });
    expect(c.sabotage).toEqual({ of: 2, rate: 0, solverAlone: 0.5 });
    expect(c.copy).toEqual({ all: 0, wrongDrafts: 0 });
  });

  it('bounds a cascade by a perfect judge', () => {
    // A->B: drafts right 2 of 6; the 4 wrong ones fall where B alone solves 0.5: 1/3 + 2/3 * 0.5.
    expect(perfectJudge(f.cascades['A->B'])).toBeCloseTo(2 / 3, 12);
    // B->A: the solver A solves 0.25 where the drafts were wrong: 1/3 + 2/3 * 0.25.
    expect(perfectJudge(f.cascades['B->A'])).toBeCloseTo(1 / 2, 12);
  });

  it('uses the solver of each direction for the solver-alone rates', () => {
    // B->A: the solver is A, whose rates are 1, 0.5, 0. Wrong drafts: p1 twice, p2 twice -> (0.5 + 0.5 + 0 + 0) / 4.
    expect(f.cascades['B->A'].rescue).toEqual({ of: 4, rate: 0.25, solverAlone: 0.25 });
    expect(f.cascades['B->A'].sabotage).toEqual({ of: 2, rate: 0, solverAlone: 0 });
    expect(f.cascades['B->B'].rescue.solverAlone).toBe(0.5);
    expect(f.cascades['A->A'].copy).toEqual({ all: 1 / 3, wrongDrafts: 0 });
  });

  it('measures how A and B agree per problem', () => {
    // B is constant, so the correlation is undefined; mostly (>= 0.5): A solves p0, p1; B all three.
    expect(f.agreement).toEqual({ correlation: null, mostly: 0.5, onlyA: 0, onlyB: 1, both: 2, neither: 0 });
  });

  it('fits the schema the manifest is read with', () => {
    expect(premiseFiguresSchema.safeParse(f).success).toBe(true);
  });
});
