/**
 * The rounds seen so far. Every round keeps a small summary (for scrubbing and the
 * rates); only the latest FULL_ROUNDS keep their texts and token probabilities, so a
 * long run stays within a fixed amount of memory.
 */
import type { Member, Round } from '../../core/rl/round';

export const FULL_ROUNDS = 200;

export interface RoundSummary {
  arm: string;
  step: number;
  kind: Round['kind'];
  /** Agon: who drafted and who solved; GRPO: the trained model in both. */
  drafter: Member;
  solver: Member;
  problems: number;
  samples: number;
  correct: number;
  rescues: number;
  sabotages: number;
  copies: number;
  meanReward: number;
}

export interface RoundEntry {
  summary: RoundSummary;
  /** Dropped (undefined) once the round is older than the last FULL_ROUNDS. */
  round?: Round;
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

export function summarizeRound(arm: string, round: Round): RoundSummary {
  if (round.kind === 'grpo') {
    const samples = round.problems.flatMap((p) => p.samples);
    return {
      arm, step: round.step, kind: 'grpo', drafter: round.model, solver: round.model,
      problems: round.problems.length, samples: samples.length,
      correct: samples.filter((s) => s.verdict === 'correct').length,
      rescues: 0, sabotages: 0, copies: 0,
      meanReward: mean(samples.map((s) => s.reward.total)),
    };
  }
  const pairs = round.problems.flatMap((p) => p.pairs);
  return {
    arm, step: round.step, kind: 'agon', drafter: round.drafter, solver: round.solver,
    problems: round.problems.length, samples: pairs.length,
    correct: pairs.filter((p) => p.solution.verdict === 'correct').length,
    rescues: pairs.filter((p) => p.rescue).length,
    sabotages: pairs.filter((p) => p.sabotage).length,
    copies: pairs.filter((p) => p.copy).length,
    meanReward: mean(pairs.map((p) => p.solution.reward.total)),
  };
}

/** Appends a round, dropping the texts of the one that falls out of the window. */
export function appendRound(history: readonly RoundEntry[], arm: string, round: Round): RoundEntry[] {
  const next = [...history, { summary: summarizeRound(arm, round), round }];
  const expired = next.length - FULL_ROUNDS - 1;
  if (expired >= 0) {
    const old = next[expired] as RoundEntry;
    if (old.round) next[expired] = { summary: old.summary };
  }
  return next;
}
