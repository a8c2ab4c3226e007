/**
 * Rewards of AGON.md, split into their terms so the UI can show each one.
 *   drafter:    R(a) = 2 c(a) + lambda f(a)                 (plain GRPO reward)
 *   challenger: R(b) = 2 c(b) + bonus(b, a) + lambda f(b)
 * bonus: 'conversion' c(b)(1 - c(a)) (Agon), 'margin' c(b) - c(a) (ablation),
 * 'none' (cooperative exchange ablation).
 */
export type BonusKind = 'conversion' | 'margin' | 'none';

export interface RewardTerms {
  correctness: number;
  bonus: number;
  format: number;
  total: number;
}

export interface Outcome {
  correct: boolean;
  /** Format score in [0, 1]. */
  format: number;
}

const CORRECT_WEIGHT = 2;

export function plainReward(outcome: Outcome, formatWeight: number): RewardTerms {
  const correctness = CORRECT_WEIGHT * Number(outcome.correct);
  const format = formatWeight * outcome.format;
  return { correctness, bonus: 0, format, total: correctness + format };
}

export function bonusTerm(kind: BonusKind, challengerCorrect: boolean, drafterCorrect: boolean): number {
  const cb = Number(challengerCorrect);
  const ca = Number(drafterCorrect);
  if (kind === 'conversion') return cb * (1 - ca);
  if (kind === 'margin') return cb - ca;
  return 0;
}

export function challengerReward(challenger: Outcome, drafter: Outcome, kind: BonusKind, formatWeight: number): RewardTerms {
  const base = plainReward(challenger, formatWeight);
  const bonus = bonusTerm(kind, challenger.correct, drafter.correct);
  return { ...base, bonus, total: base.total + bonus };
}
