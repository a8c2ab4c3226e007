/**
 * One Agon step, top to bottom (AGON.md), with each of its mechanisms an option (an arm's field,
 * under the config's name):
 *   1. the drafter samples D drafts per problem from the plain prompt;
 *   2. the challenger samples m solutions per draft, each reading its draft (or, under a shared
 *      opponent, the problem's first); D = 2N / (m + 1), so a problem takes 2N rollouts like
 *      GRPO's (agon-layout.ts); m = 1 is the paper's N drafts and N solutions;
 *   3. rewards: drafter 2c(a) + lambda f(a) (our zero-sum option subtracts what its readers
 *      earned on it); challenger 2c(b) + w bonus(b, a) + lambda f(b);
 *   4. group-relative advantages within each stream's own group (a problem's D drafts, its
 *      m D solutions), then one update for each model that learns;
 *   5. roles swap every k steps (k = 1: A drafts on even steps), or stay fixed.
 * The paper's Agon is the defaults; its ablations are the margin or no bonus, fixed roles and the
 * shared opponent; the draft's answer is withheld unless shown.
 */
import { draftedPrompt, draftView, plainPrompt } from '../tasks/format';
import type { Problem, TaskFamily } from '../tasks/task';
import { groupAdvantages } from './advantages';
import { pairedDraft, problemSplit, readDraft, roles, type Opponent, type RoleSchedule } from './agon-layout';
import type { RlConfig } from './config';
import type { Learner } from './grpo';
import { updatePolicy, type UpdateStats } from './policy-update';
import { challengerReward, drafterReward, type BonusKind, type DrafterReward, type Outcome, type RewardTerms } from './rewards';
import { isCorrect, rollouts, type Rollout } from './rollout';
import { groups, sampleRecord, type AgonPair, type AgonRound, type Member } from './round';

/** Which streams update their model: both (Agon), only the drafting model, or only the solving one. */
export type AgonLearners = 'both' | 'drafter' | 'solver';

/** The mechanisms of one Agon arm, under the config's field names (arm-fields.ts explains each). */
export interface AgonOptions {
  bonus: BonusKind;
  /** w: the challenger's bonus is w times the bonus term (1 in the paper). */
  bonus_weight: number;
  roles: RoleSchedule;
  /** k: under the 'swap' schedule, roles swap every k steps. */
  swap_every: number;
  opponent: Opponent;
  /** m: solutions sampled per draft. */
  solutions_per_draft: number;
  learners: AgonLearners;
  drafter_reward: DrafterReward;
  /** Whether the challenger sees the draft's final answer (the paper withholds it). */
  show_draft_answer: boolean;
}

/** The paper's Agon. */
export const AGON_DEFAULTS: AgonOptions = {
  bonus: 'conversion',
  bonus_weight: 1,
  roles: 'swap',
  swap_every: 1,
  opponent: 'own-draft',
  solutions_per_draft: 1,
  learners: 'both',
  drafter_reward: 'plain',
  show_draft_answer: false,
};

function outcome(r: Rollout): Outcome {
  return { correct: isCorrect(r), format: r.verification.format };
}

export interface AgonScores {
  draftRewards: RewardTerms[];
  solveRewards: RewardTerms[];
  draftAdvantages: number[];
  solveAdvantages: number[];
}

/**
 * Rewards and per-stream group advantages from graded outcomes, laid out as agon-layout.ts
 * says (with N = num_generations and m = solutions_per_draft).
 */
export function agonScores(drafts: readonly Outcome[], solutions: readonly Outcome[], N: number, config: RlConfig, options: AgonOptions): AgonScores {
  const split = problemSplit(N, options.solutions_per_draft);
  const reads = solutions.map((_, j) => readDraft(j, split, options.opponent));
  const solveRewards = solutions.map((s, j) => challengerReward(s, drafts[reads[j]!]!, options.bonus, config.format_weight, options.bonus_weight));
  const readerBonuses: number[][] = drafts.map(() => []);
  solveRewards.forEach((r, j) => readerBonuses[reads[j]!]!.push(r.bonus));
  const draftRewards = drafts.map((d, i) => drafterReward(d, readerBonuses[i]!, options.drafter_reward, config.format_weight));
  return {
    draftRewards,
    solveRewards,
    draftAdvantages: groupAdvantages(draftRewards.map((r) => r.total), split.drafts, config.scale_rewards),
    solveAdvantages: groupAdvantages(solveRewards.map((r) => r.total), split.solutions, config.scale_rewards),
  };
}

/** One update of a stream's model, or none when the arm does not let that stream learn. */
async function maybeUpdate(learns: boolean, learner: Learner, samples: readonly Rollout[], advantages: readonly number[], config: RlConfig): Promise<UpdateStats | null> {
  return learns ? updatePolicy(learner.model, learner.optimizer, samples, advantages, config, learner.reference) : null;
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
  // 5. (of the previous step) The schedule says who drafts at this step.
  const { drafter, solver } = roles(step, options.roles, options.swap_every);
  const split = problemSplit(config.num_generations, options.solutions_per_draft);

  // 1. D drafts per problem, from the plain prompt.
  const draftJobs = problems.flatMap((problem) => Array.from({ length: split.drafts }, () => ({ problem, prompt: plainPrompt(family, problem) })));
  const drafts = await rollouts(learners[drafter].model, family, draftJobs, config, seed);

  // 2. m solutions per draft, each reading its draft (its problem's first under a shared opponent).
  const reads = Array.from({ length: problems.length * split.solutions }, (_, j) => readDraft(j, split, options.opponent));
  const views = reads.map((i) => draftView(family, drafts[i]!.text, options.show_draft_answer));
  const solveJobs = reads.map((i, j) => ({ problem: drafts[i]!.problem, prompt: draftedPrompt(drafts[i]!.problem, views[j]!) }));
  const solutions = await rollouts(learners[solver].model, family, solveJobs, config, seed + 1);

  // 3. Rewards, and advantages within each stream's groups.
  const { draftRewards, solveRewards, draftAdvantages: draftAdv, solveAdvantages: solveAdv } = agonScores(
    drafts.map(outcome),
    solutions.map(outcome),
    config.num_generations,
    config,
    options,
  );

  // 4. One update per learning model, the drafter's first.
  const draftUpdate = await maybeUpdate(options.learners !== 'solver', learners[drafter], drafts, draftAdv, config);
  const solveUpdate = await maybeUpdate(options.learners !== 'drafter', learners[solver], solutions, solveAdv, config);

  // The round as the round view shows it: every draft once, and each solution beside the draft it is paired with.
  const draftRecords = drafts.map((d, i) => sampleRecord(d, draftRewards[i]!, draftAdv[i]!));
  const pairs: AgonPair[] = solutions.map((s, j) => {
    const read = drafts[reads[j]!]!;
    return {
      draft: draftRecords[pairedDraft(j, split)]!,
      draftView: views[j]!,
      solution: sampleRecord(s, solveRewards[j]!, solveAdv[j]!),
      rescue: !isCorrect(read) && isCorrect(s),
      sabotage: isCorrect(read) && !isCorrect(s),
      copy: s.verification.answer !== null && s.verification.answer === read.verification.answer,
    };
  });
  const draftGroups = groups(draftRecords, split.drafts);
  return {
    kind: 'agon',
    step,
    drafter,
    solver,
    problems: groups(pairs, split.solutions).map((p, k) => ({ text: problems[k]!.text, answer: problems[k]!.answer, drafts: draftGroups[k]!, pairs: p })),
    updates: { drafter: draftUpdate, solver: solveUpdate },
  };
}
