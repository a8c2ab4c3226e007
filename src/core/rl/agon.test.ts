import { describe, expect, it } from 'vitest';
import { agonScores, AGON_DEFAULTS, readIndex, roles } from './agon';
import { DEFAULT_RL_CONFIG } from './config';
import type { Outcome } from './rewards';

const config = { ...DEFAULT_RL_CONFIG, scale_rewards: 'none' as const };
const o = (correct: boolean, format = 1): Outcome => ({ correct, format });
// One problem, N = 2: draft 0 wrong, draft 1 right; both solutions right.
const drafts = [o(false), o(true)];
const solutions = [o(true), o(true)];

describe('Agon role schedule', () => {
  it('swaps every optimizer step: A drafts on even steps', () => {
    expect([0, 1, 2, 3].map((s) => roles(s, false).drafter)).toEqual(['A', 'B', 'A', 'B']);
    expect([0, 1, 2, 3].map((s) => roles(s, false).solver)).toEqual(['B', 'A', 'B', 'A']);
  });

  it('keeps A drafting under fixed roles', () => {
    expect([0, 1, 2].map((s) => roles(s, true))).toEqual(Array(3).fill({ drafter: 'A', solver: 'B' }));
  });
});

describe('Agon rewards and advantages on hand-built outcomes', () => {
  it('conversion bonus: the solver is paid extra only where its draft was wrong', () => {
    const s = agonScores(drafts, solutions, 2, config, AGON_DEFAULTS);
    expect(s.draftRewards.map((r) => r.total)).toEqual([0.5, 2.5]);
    expect(s.solveRewards.map((r) => r.total)).toEqual([3.5, 2.5]);
    expect(s.solveRewards.map((r) => r.bonus)).toEqual([1, 0]);
    expect(s.draftAdvantages).toEqual([-1, 1]);
    expect(s.solveAdvantages).toEqual([0.5, -0.5]);
  });

  it('margin bonus c(b) - c(a)', () => {
    const s = agonScores(drafts, [o(true), o(false)], 2, config, { ...AGON_DEFAULTS, bonus: 'margin' });
    expect(s.solveRewards.map((r) => r.bonus)).toEqual([1, -1]);
    expect(s.solveRewards.map((r) => r.total)).toEqual([3.5, -0.5]);
  });

  it('cooperative: no bonus, the solver gets the plain reward', () => {
    const s = agonScores(drafts, solutions, 2, config, { ...AGON_DEFAULTS, bonus: 'none' });
    expect(s.solveRewards.map((r) => r.total)).toEqual([2.5, 2.5]);
    expect(s.solveAdvantages).toEqual([0, 0]);
  });

  it('shared opponent: every solution reads the first draft, so the bonus is constant and vanishes in the advantage', () => {
    expect([0, 1, 2, 3].map((i) => readIndex(i, 2, true))).toEqual([0, 0, 2, 2]);
    const s = agonScores(drafts, solutions, 2, config, { ...AGON_DEFAULTS, sharedOpponent: true });
    expect(s.solveRewards.map((r) => r.bonus)).toEqual([1, 1]);
    expect(s.solveAdvantages).toEqual([0, 0]);
  });

  it('normalises each stream within its own group (group scaling)', () => {
    const s = agonScores([o(false), o(true), o(true), o(true)], [o(true), o(true), o(false), o(true)], 2, { ...config, scale_rewards: 'group' }, AGON_DEFAULTS);
    const d = 2 / (Math.SQRT2 + 1e-4);
    expect(s.draftAdvantages[0]).toBeCloseTo(-d / 2, 6);
    expect(s.draftAdvantages.slice(2)).toEqual([0, 0]);
    // second group: solution 2 is wrong after a right draft (0.5), solution 3 right after a right draft (2.5)
    expect(s.solveAdvantages[2]).toBeCloseTo(-d / 2, 6);
  });
});
