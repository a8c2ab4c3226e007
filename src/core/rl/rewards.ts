/**
 * Rewards of AGON.md, split into their terms so the UI can show each one.
 *   drafter:    R(a) = 2 c(a) + lambda f(a)                 (plain GRPO reward)
 *   challenger: R(b) = 2 c(b) + w bonus(b, a) + lambda f(b)
 * bonus: 'conversion' c(b)(1 - c(a)) (Agon), 'margin' c(b) - c(a) (ablation),
 * 'none' (cooperative exchange ablation); w the bonus weight (1 in the paper).
 * Our own option, not in the paper: a 'zero-sum' drafter pays what its readers earned,
 *   R(a) = 2 c(a) + lambda f(a) - mean over the solutions that read a of w bonus(b, a),
 * so a draft the rival converts costs the drafter, and under the margin bonus a draft the
 * rival spoils pays it.
 */
export type BonusKind = 'conversion' | 'margin' | 'none';

/** The drafter's reward: the paper's plain one, or our zero-sum one (above). */
export type DrafterReward = 'plain' | 'zero-sum';

export interface RewardTerms {
  correctness: number;
  /** The challenger's weighted bonus, or the zero-sum drafter's rival term (0 otherwise). */
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

/** weight 1 leaves the bonus as the paper has it (x * 1 is exact, so the sums are too). */
export function challengerReward(challenger: Outcome, drafter: Outcome, kind: BonusKind, formatWeight: number, weight = 1): RewardTerms {
  const base = plainReward(challenger, formatWeight);
  const bonus = weight * bonusTerm(kind, challenger.correct, drafter.correct);
  return { ...base, bonus, total: base.total + bonus };
}

/**
 * The drafter's reward given the weighted bonuses its readers earned on it. Plain: the paper's,
 * the readers ignored. Zero-sum: minus their mean; a draft nobody read (a shared opponent reads
 * only the group's first) owes nothing.
 */
export function drafterReward(draft: Outcome, readerBonuses: readonly number[], form: DrafterReward, formatWeight: number): RewardTerms {
  const base = plainReward(draft, formatWeight);
  if (form === 'plain' || readerBonuses.length === 0) return base;
  const owed = readerBonuses.reduce((s, b) => s + b, 0) / readerBonuses.length;
  // Nothing owed stays a plain 0 (not -0), so equal rewards compare equal.
  return owed === 0 ? base : { ...base, bonus: -owed, total: base.total - owed };
}
