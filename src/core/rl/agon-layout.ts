/**
 * Where the rollouts of one Agon step go: which model drafts at a step, how a problem's 2N
 * rollouts split into drafts and solutions, and which draft each solution reads.
 *
 * Compute parity (AGON.md: every method gets 2N rollouts per training problem, GRPO too): with
 * m solutions per draft, a problem gets D = 2N / (m + 1) drafts and m D solutions, D + m D = 2N.
 * m = 1 is the paper's N drafts and N solutions. The rule needs m + 1 to divide 2N exactly (with
 * N = 8: m = 1, 3, 7 or 15), so no method gets a rollout more or less than another.
 *
 * Layout: a step's drafts are D per problem, in problem order; its solutions m D per problem,
 * solution w of a problem (w = 0 .. mD - 1) paired with the problem's draft floor(w / m). It reads
 * that draft, or under a shared opponent the problem's first draft.
 */
import type { Member } from './round';

/** Who drafts when: swap every k steps (k = 1 is Agon: A drafts on even steps), or one model always. */
export type RoleSchedule = 'swap' | 'a-drafts' | 'b-drafts';

/** Whether each solution reads its own draft (Agon) or every solution of a problem the first one (ablation). */
export type Opponent = 'own-draft' | 'shared-draft';

export function roles(step: number, schedule: RoleSchedule, swapEvery: number): { drafter: Member; solver: Member } {
  const aDrafts = schedule === 'a-drafts' || (schedule === 'swap' && Math.floor(step / swapEvery) % 2 === 0);
  return aDrafts ? { drafter: 'A', solver: 'B' } : { drafter: 'B', solver: 'A' };
}

/** m values that split 2N rollouts exactly (m + 1 divides 2N), smallest first. */
export function parityChoices(numGenerations: number): number[] {
  const total = 2 * numGenerations;
  return Array.from({ length: total - 1 }, (_, i) => i + 1).filter((m) => total % (m + 1) === 0);
}

/** Why m solutions per draft cannot keep compute parity with N, or null when it can. */
export function parityProblem(numGenerations: number, solutionsPerDraft: number): string | null {
  const total = 2 * numGenerations;
  if (Number.isInteger(solutionsPerDraft) && solutionsPerDraft >= 1 && total % (solutionsPerDraft + 1) === 0) return null;
  return `${solutionsPerDraft} solutions per draft cannot split the 2N = ${total} rollouts of a problem (num_generations ${numGenerations}) into drafts and solutions exactly: m + 1 must divide ${total}, so m can be ${parityChoices(numGenerations).join(', ')}`;
}

export interface ProblemSplit {
  /** Drafts per problem, D = 2N / (m + 1). */
  drafts: number;
  /** Solutions per problem, m D. */
  solutions: number;
  /** m. */
  perDraft: number;
}

export function problemSplit(numGenerations: number, solutionsPerDraft: number): ProblemSplit {
  const problem = parityProblem(numGenerations, solutionsPerDraft);
  if (problem) throw new Error(problem);
  const drafts = (2 * numGenerations) / (solutionsPerDraft + 1);
  return { drafts, solutions: drafts * solutionsPerDraft, perDraft: solutionsPerDraft };
}

/** The draft solution j (counted over the whole step) is paired with: its problem's draft floor(w / m). */
export function pairedDraft(j: number, split: ProblemSplit): number {
  const problem = Math.floor(j / split.solutions);
  return problem * split.drafts + Math.floor((j % split.solutions) / split.perDraft);
}

/** The draft solution j reads: the one it is paired with, or its problem's first under a shared opponent. */
export function readDraft(j: number, split: ProblemSplit, opponent: Opponent): number {
  return opponent === 'shared-draft' ? Math.floor(j / split.solutions) * split.drafts : pairedDraft(j, split);
}
