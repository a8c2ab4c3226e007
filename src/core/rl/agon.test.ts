import { describe, expect, it } from 'vitest';
import { agonScores, AGON_DEFAULTS } from './agon';
import { roles } from './agon-layout';
import { DEFAULT_RL_CONFIG } from './config';
import type { Outcome } from './rewards';

const config = { ...DEFAULT_RL_CONFIG, scale_rewards: 'none' as const };
const o = (correct: boolean, format = 1): Outcome => ({ correct, format });
// One problem, N = 2: draft 0 wrong, draft 1 right; both solutions right.
const drafts = [o(false), o(true)];
const solutions = [o(true), o(true)];

describe('Agon role schedule', () => {
  it('swaps every optimizer step: A drafts on even steps', () => {
    expect([0, 1, 2, 3].map((s) => roles(s, 'swap', 1).drafter)).toEqual(['A', 'B', 'A', 'B']);
    expect([0, 1, 2, 3].map((s) => roles(s, 'swap', 1).solver)).toEqual(['B', 'A', 'B', 'A']);
  });

  it('keeps A drafting under fixed roles', () => {
    expect([0, 1, 2].map((s) => roles(s, 'a-drafts', 1))).toEqual(Array(3).fill({ drafter: 'A', solver: 'B' }));
  });

  it('keeps B drafting when B is the fixed drafter, whatever swap_every says', () => {
    expect([0, 1, 2].map((s) => roles(s, 'b-drafts', 1))).toEqual(Array(3).fill({ drafter: 'B', solver: 'A' }));
  });

  it('swaps every k steps: A drafts k steps, then B k steps', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((s) => roles(s, 'swap', 3).drafter)).toEqual(['A', 'A', 'A', 'B', 'B', 'B', 'A']);
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
    const s = agonScores(drafts, solutions, 2, config, { ...AGON_DEFAULTS, opponent: 'shared-draft' });
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

  it('bonus weight w scales the solver\'s bonus, and only the bonus', () => {
    const s = agonScores(drafts, solutions, 2, config, { ...AGON_DEFAULTS, bonus_weight: 2.5 });
    expect(s.solveRewards.map((r) => r.bonus)).toEqual([2.5, 0]);
    expect(s.solveRewards.map((r) => r.total)).toEqual([5, 2.5]);
    expect(s.draftRewards.map((r) => r.total)).toEqual([0.5, 2.5]);
    const none = agonScores(drafts, solutions, 2, config, { ...AGON_DEFAULTS, bonus_weight: 0 });
    expect(none.solveRewards.map((r) => r.total)).toEqual([2.5, 2.5]);
  });

  it('zero-sum drafter (our option): pays the bonus its reader earned on it', () => {
    const s = agonScores(drafts, solutions, 2, config, { ...AGON_DEFAULTS, drafter_reward: 'zero-sum' });
    // Draft 0 was wrong and converted (bonus 1): 0.5 - 1; draft 1 was right, nothing owed.
    expect(s.draftRewards.map((r) => r.bonus)).toEqual([-1, 0]);
    expect(s.draftRewards.map((r) => r.total)).toEqual([-0.5, 2.5]);
    // Under the margin bonus a right draft the reader spoils pays the drafter.
    const margin = agonScores(drafts, [o(false), o(false)], 2, config, { ...AGON_DEFAULTS, bonus: 'margin', drafter_reward: 'zero-sum', bonus_weight: 2 });
    expect(margin.solveRewards.map((r) => r.bonus)).toEqual([0, -2]);
    expect(margin.draftRewards.map((r) => r.bonus)).toEqual([0, 2]);
  });

  it('zero-sum with a shared opponent: the read draft owes its readers\' mean bonus, the unread ones nothing', () => {
    const s = agonScores([o(false), o(true)], [o(true), o(false)], 2, config, { ...AGON_DEFAULTS, opponent: 'shared-draft', drafter_reward: 'zero-sum' });
    expect(s.solveRewards.map((r) => r.bonus)).toEqual([1, 0]);
    expect(s.draftRewards.map((r) => r.bonus)).toEqual([-0.5, 0]);
  });

  it('m solutions per draft: 2N / (m + 1) drafts per problem, each stream normalised over its own group', () => {
    // N = 2, m = 3: one draft and three solutions per problem (4 = 2N rollouts); two problems.
    const ds = [o(false), o(true)];
    const ss = [o(true), o(false), o(true), o(true), o(true), o(false)];
    const s = agonScores(ds, ss, 2, config, { ...AGON_DEFAULTS, solutions_per_draft: 3, drafter_reward: 'zero-sum' });
    expect(s.solveRewards.map((r) => r.bonus)).toEqual([1, 0, 1, 0, 0, 0]);
    // A group of one draft has nothing to be relative to.
    expect(s.draftAdvantages).toEqual([0, 0]);
    expect(s.draftRewards.map((r) => r.bonus)).toEqual([-2 / 3, 0]);
    expect(s.solveAdvantages.slice(0, 3).reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
    expect(() => agonScores(ds, ss, 2, config, { ...AGON_DEFAULTS, solutions_per_draft: 2 })).toThrow(/m \+ 1 must divide 4, so m can be 1, 3/);
  });
});
