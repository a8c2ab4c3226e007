/** What one training round records: enough for the round view to show every draft and solution. */
import type { Verdict } from '../tasks/task';
import type { UpdateStats } from './policy-update';
import type { RewardTerms } from './rewards';
import type { Rollout } from './rollout';

export type Member = 'A' | 'B';

export interface SampleRecord {
  text: string;
  /** Probability of each sampled token under the model (exp of its log-prob). */
  tokenProbs: number[];
  verdict: Verdict;
  answer: string | null;
  reward: RewardTerms;
  advantage: number;
}

/** A solution and the draft it is paired with (agon-layout.ts): the one it read, unless a shared opponent made it read its problem's first. */
export interface AgonPair {
  draft: SampleRecord;
  /** The draft exactly as the solver read it (answer withheld where it was). */
  draftView: string;
  solution: SampleRecord;
  /** Draft wrong, solver right. */
  rescue: boolean;
  /** Draft right, solver wrong. */
  sabotage: boolean;
  /** Solver gave the same answer as the draft it read. */
  copy: boolean;
}

export interface AgonRound {
  kind: 'agon';
  step: number;
  drafter: Member;
  solver: Member;
  /**
   * Per problem: every draft once (D of them), and one pair per solution (m D). Rounds saved before
   * solutions_per_draft existed have no `drafts`: there each pair holds its own draft (agonDrafts).
   */
  problems: { text: string; answer: string; drafts?: SampleRecord[]; pairs: AgonPair[] }[];
  /** null: that stream's model did not learn (the arm's `learners`). */
  updates: { drafter: UpdateStats | null; solver: UpdateStats | null };
}

export interface GrpoRound {
  kind: 'grpo';
  step: number;
  model: Member;
  problems: { text: string; answer: string; samples: SampleRecord[] }[];
  updates: { model: UpdateStats };
}

export type Round = AgonRound | GrpoRound;

/** A problem's drafts, each once: its `drafts`, or in a round saved before they were kept, its pairs' (one draft per pair then). */
export function agonDrafts(problem: AgonRound['problems'][number]): SampleRecord[] {
  return problem.drafts ?? problem.pairs.map((p) => p.draft);
}

export function sampleRecord(r: Rollout, reward: RewardTerms, advantage: number): SampleRecord {
  return {
    text: r.text,
    tokenProbs: r.tokenLogProbs.map(Math.exp),
    verdict: r.verification.verdict,
    answer: r.verification.answer,
    reward,
    advantage,
  };
}

/** Splits a flat list into consecutive groups of `size`. */
export function groups<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
