/**
 * One Agon step, top to bottom (AGON.md):
 *   1. the drafter samples N drafts per problem from the plain prompt;
 *   2. for each draft the challenger samples one solution, reading that draft;
 *   3. rewards: drafter 2c(a) + lambda f(a); challenger 2c(b) + bonus + lambda f(b);
 *   4. group-relative advantages within each stream, one update per model;
 *   5. roles swap on the next step (even steps A drafts).
 * Each paper ablation is an option: fixed roles, a shared opponent draft, the
 * margin or no (cooperative) bonus, the draft's answer shown or withheld.
 */
import { draftedPrompt, draftView, plainPrompt } from '../tasks/format';
import type { Problem, TaskFamily } from '../tasks/task';
import { groupAdvantages } from './advantages';
import type { RlConfig } from './config';
import type { Learner } from './grpo';
import { updatePolicy } from './policy-update';
import { challengerReward, plainReward, type BonusKind, type Outcome, type RewardTerms } from './rewards';
import { isCorrect, rollouts, type Rollout } from './rollout';
import { groups, sampleRecord, type AgonPair, type AgonRound, type Member } from './round';

export interface AgonOptions {
  bonus: BonusKind;
  /** Ablation: A always drafts, B always solves. */
  fixedRoles: boolean;
  /** Ablation: the whole group's solutions read one draft (the first). */
  sharedOpponent: boolean;
  /** Whether the challenger sees the draft's final answer (the paper withholds it). */
  showDraftAnswer: boolean;
}

export const AGON_DEFAULTS: AgonOptions = { bonus: 'conversion', fixedRoles: false, sharedOpponent: false, showDraftAnswer: false };

export function roles(step: number, fixedRoles: boolean): { drafter: Member; solver: Member } {
  const aDrafts = fixedRoles || step % 2 === 0;
  return aDrafts ? { drafter: 'A', solver: 'B' } : { drafter: 'B', solver: 'A' };
}

function outcome(r: Rollout): Outcome {
  return { correct: isCorrect(r), format: r.verification.format };
}

/** Index of the draft that solution i reads: its own, or its group's first under the shared-opponent ablation. */
export function readIndex(i: number, N: number, sharedOpponent: boolean): number {
  return sharedOpponent ? i - (i % N) : i;
}

export interface AgonScores {
  draftRewards: RewardTerms[];
  solveRewards: RewardTerms[];
  draftAdvantages: number[];
  solveAdvantages: number[];
}

/** Rewards and per-stream group advantages from graded outcomes (groups of N consecutive samples). */
export function agonScores(drafts: readonly Outcome[], solutions: readonly Outcome[], N: number, config: RlConfig, options: AgonOptions): AgonScores {
  const draftRewards = drafts.map((d) => plainReward(d, config.format_weight));
  const solveRewards = solutions.map((s, i) =>
    challengerReward(s, drafts[readIndex(i, N, options.sharedOpponent)]!, options.bonus, config.format_weight),
  );
  return {
    draftRewards,
    solveRewards,
    draftAdvantages: groupAdvantages(draftRewards.map((r) => r.total), N, config.scale_rewards),
    solveAdvantages: groupAdvantages(solveRewards.map((r) => r.total), N, config.scale_rewards),
  };
}

export async function agonStep(
  learners: Record<Member, Learner>,
  family: TaskFamily,
  problems: readonly Problem[],
  step: number,
  config: RlConfig,
  options: AgonOptions,
  seed: number,
): Promise<AgonRound> {
  const N = config.num_generations;
  const { drafter, solver } = roles(step, options.fixedRoles);

  const draftJobs = problems.flatMap((problem) => Array.from({ length: N }, () => ({ problem, prompt: plainPrompt(family, problem) })));
  const drafts = await rollouts(learners[drafter].model, family, draftJobs, config, seed);
  const readDraft = drafts.map((_, i) => drafts[readIndex(i, N, options.sharedOpponent)] as Rollout);
  const views = readDraft.map((d) => draftView(family, d.text, options.showDraftAnswer));
  const solveJobs = drafts.map((d, i) => ({ problem: d.problem, prompt: draftedPrompt(d.problem, views[i] as string) }));
  const solutions = await rollouts(learners[solver].model, family, solveJobs, config, seed + 1);

  const { draftRewards, solveRewards, draftAdvantages: draftAdv, solveAdvantages: solveAdv } = agonScores(
    drafts.map(outcome),
    solutions.map(outcome),
    N,
    config,
    options,
  );

  const draftUpdate = await updatePolicy(learners[drafter].model, learners[drafter].optimizer, drafts, draftAdv, config, learners[drafter].reference);
  const solveUpdate = await updatePolicy(learners[solver].model, learners[solver].optimizer, solutions, solveAdv, config, learners[solver].reference);

  const pairs: AgonPair[] = solutions.map((s, i) => {
    const read = readDraft[i]!;
    return {
      draft: sampleRecord(drafts[i]!, draftRewards[i]!, draftAdv[i]!),
      draftView: views[i]!,
      solution: sampleRecord(s, solveRewards[i]!, solveAdv[i]!),
      rescue: !isCorrect(read) && isCorrect(s),
      sabotage: isCorrect(read) && !isCorrect(s),
      copy: s.verification.answer !== null && s.verification.answer === read.verification.answer,
    };
  });
  return {
    kind: 'agon',
    step,
    drafter,
    solver,
    problems: groups(pairs, N).map((p, k) => ({ text: problems[k]!.text, answer: problems[k]!.answer, pairs: p })),
    updates: { drafter: draftUpdate, solver: solveUpdate },
  };
}
