// The exported Agon step's layout, rewards and role schedule against the playground's (agon.ts,
// agon-layout.ts, rewards.ts), without models: for every solutions_per_draft that keeps compute
// parity, both opponents, every bonus at several weights and both drafter rewards, the same random
// outcomes give the same rewards and advantages; every schedule gives the same drafter at every step.
import { describe, expect, it } from 'vitest';
import { BONUS_FORMS, DRAFTER_REWARDS, mechanismsOf, OPPONENTS, ROLE_SCHEDULES } from '../../core/experiment/arm-fields';
import { Rng } from '../../core/random';
import { agonScores, AGON_DEFAULTS, type AgonOptions, type AgonScores } from '../../core/rl/agon';
import { parityChoices, problemSplit, roles } from '../../core/rl/agon-layout';
import { DEFAULT_RL_CONFIG, type RlConfig } from '../../core/rl/config';
import type { Outcome } from '../../core/rl/rewards';
import { probe, skipWithoutTorch } from './python';

const N = 6;
const PROBLEMS = 3;
const rng = new Rng(11);
const outcomes = (count: number): [boolean, number][] => Array.from({ length: count }, () => [rng.next() < 0.5, rng.int(3) / 2]);
const asOutcome = ([correct, format]: [boolean, number]): Outcome => ({ correct, format });

interface Case {
  drafts: [boolean, number][];
  solutions: [boolean, number][];
  n: number;
  rl: RlConfig;
  options: AgonOptions;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const m of parityChoices(N))
    for (const opponent of OPPONENTS)
      for (const bonus of BONUS_FORMS)
        for (const bonus_weight of bonus === 'none' ? [1] : [1, 0.5, 2])
          for (const drafter_reward of bonus === 'none' ? (['plain'] as const) : DRAFTER_REWARDS) {
            const split = problemSplit(N, m);
            const scale = (['group', 'batch', 'none'] as const)[out.length % 3]!;
            out.push({
              drafts: outcomes(PROBLEMS * split.drafts),
              solutions: outcomes(PROBLEMS * split.solutions),
              n: N,
              rl: { ...DEFAULT_RL_CONFIG, num_generations: N, scale_rewards: scale },
              options: { ...AGON_DEFAULTS, solutions_per_draft: m, opponent, bonus, bonus_weight, drafter_reward },
            });
          }
  return out;
}

describe.skipIf(skipWithoutTorch())('PyTorch port: an Agon step\'s layout, rewards and roles', () => {
  it('the same rewards and advantages for every layout, opponent, bonus, weight and drafter reward', () => {
    const all = cases();
    const theirs = probe<AgonScores[]>('scores', all.map((c) => ({ ...c, options: mechanismsOf(c.options) })));
    expect(theirs).toHaveLength(all.length);
    all.forEach((c, i) => {
      const ours = agonScores(c.drafts.map(asOutcome), c.solutions.map(asOutcome), c.n, c.rl, c.options);
      const { options } = c;
      const what = `m ${options.solutions_per_draft}, ${options.opponent}, ${options.bonus} x${options.bonus_weight}, ${options.drafter_reward}`;
      expect(theirs[i]!.draftRewards, what).toEqual(ours.draftRewards);
      expect(theirs[i]!.solveRewards, what).toEqual(ours.solveRewards);
      expect(theirs[i]!.draftAdvantages, what).toEqual(ours.draftAdvantages);
      expect(theirs[i]!.solveAdvantages, what).toEqual(ours.solveAdvantages);
    });
    // Not vacuous: 2N = 12 splits four ways, and some zero-sum drafter pays its readers' bonus.
    expect(parityChoices(N)).toEqual([1, 2, 3, 5, 11]);
    expect(all.some((c, i) => c.options.drafter_reward === 'zero-sum' && theirs[i]!.draftRewards.some((r) => r.bonus !== 0))).toBe(true);
  });

  it('the same drafter at every step for every schedule', () => {
    const all = ROLE_SCHEDULES.flatMap((schedule) => [1, 2, 3].flatMap((k) => Array.from({ length: 12 }, (_, step) => ({ step, roles: schedule, swap_every: k }))));
    const theirs = probe<[string, string][]>('roles', all);
    expect(theirs).toEqual(all.map((c) => {
      const r = roles(c.step, c.roles, c.swap_every);
      return [r.drafter, r.solver];
    }));
  });
});
