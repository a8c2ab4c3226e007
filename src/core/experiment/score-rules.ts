/**
 * What makes a pass@1 score arithmetically possible. Results read from outside the app
 * (share links, imported files, saved runs) pass zod's type checks and still may claim
 * more correct answers than problems or an interval upside down; such numbers would make
 * the interval arithmetic throw or loop for ever, so every schema of a score refines it
 * with these rules, and each broken rule is reported under the field it concerns.
 */
import { z } from 'zod';
import { outcomesProblem } from '../eval/outcomes';

/**
 * The most answers one evaluation scores: 1,000 problems times 64 samples (the config's
 * limits); pooled sums over seeds are the app's own and may exceed it.
 */
export const MAX_SCORE_N = 1000 * 64;

/**
 * How far a pass@1 may stand from correct / n: share links round every fraction to 4
 * significant digits, an error of at most 5e-4 of the value.
 */
const RELATIVE_TOLERANCE = 1e-3;
const ABSOLUTE_TOLERANCE = 1e-9;

const near = (x: number, y: number) => Math.abs(x - y) <= RELATIVE_TOLERANCE * Math.abs(y) + ABSOLUTE_TOLERANCE;

export interface ScoreNumbers {
  correct: number;
  n: number;
  passAt1: number;
  low: number;
  high: number;
}

export interface ScoreProblem {
  path: keyof ScoreNumbers;
  message: string;
}

/** Why correct out of n cannot be a count of answers; null when it can. */
export function countsProblem(correct: number, n: number): ScoreProblem | null {
  if (!Number.isInteger(n) || n < 0) return { path: 'n', message: `n must be a whole number of answers, 0 or more (got ${n})` };
  if (n > MAX_SCORE_N) return { path: 'n', message: `n is ${n}, more answers than one evaluation scores (at most ${MAX_SCORE_N})` };
  if (!Number.isInteger(correct) || correct < 0) return { path: 'correct', message: `correct must be a whole number, 0 or more (got ${correct})` };
  if (correct > n) return { path: 'correct', message: `correct (${correct}) is greater than n (${n})` };
  return null;
}

/** Every rule a score breaks, in the order they are checked: counts, pass@1, interval. */
export function scoreProblems(s: ScoreNumbers): ScoreProblem[] {
  const counts = countsProblem(s.correct, s.n);
  if (counts) return [counts];
  const problems: ScoreProblem[] = [];
  const rate = s.n === 0 ? 0 : s.correct / s.n;
  if (!near(s.passAt1, rate)) problems.push({ path: 'passAt1', message: `passAt1 ${s.passAt1} does not equal correct / n = ${s.correct} / ${s.n}` });
  for (const bound of ['low', 'high'] as const) {
    if (!(s[bound] >= 0 && s[bound] <= 1)) problems.push({ path: bound, message: `${bound} ${s[bound]} is outside [0, 1]` });
  }
  if (s.low > s.high) problems.push({ path: 'low', message: `the interval is upside down: low ${s.low} is above high ${s.high}` });
  else if (s.passAt1 < s.low || s.passAt1 > s.high) problems.push({ path: 'passAt1', message: `passAt1 ${s.passAt1} lies outside its interval [${s.low}, ${s.high}]` });
  return problems;
}

/** Adds the score rules to a zod object schema of a score. */
export function withScoreRules<T extends z.ZodType<ScoreNumbers>>(schema: T) {
  return schema.superRefine((score, ctx) => {
    for (const p of scoreProblems(score)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
}

/** Adds to a schema of a curve the rule that its evaluation steps strictly increase. */
export function withIncreasingSteps<T extends z.ZodType<readonly { step: number }[]>>(schema: T) {
  return schema.superRefine((curve, ctx) => {
    for (let i = 1; i < curve.length; i++) {
      const [before, at] = [curve[i - 1]!.step, curve[i]!.step];
      if (at <= before) {
        ctx.addIssue({ code: 'custom', path: [i, 'step'], message: `the curve's steps must increase: step ${at} follows step ${before}` });
        return;
      }
    }
  });
}

/** The longest per-problem outcomes a score can have (6 problems a character). */
export const MAX_OUTCOMES_CHARS = Math.ceil(MAX_SCORE_N / 6);

/** Adds to a schema of a row with a test score the rule that its per-problem outcomes, when present, add up to that score. */
export function withOutcomesRule<T extends z.ZodType<{ test: ScoreNumbers; testOutcomes?: string }>>(schema: T) {
  return schema.superRefine((row, ctx) => {
    // A score that breaks its own rules is reported as such; its outcomes cannot be checked against it.
    if (row.testOutcomes === undefined || scoreProblems(row.test).length > 0) return;
    const problem = outcomesProblem(row.testOutcomes, row.test.correct, row.test.n);
    if (problem) ctx.addIssue({ code: 'custom', path: ['testOutcomes'], message: problem });
  });
}
