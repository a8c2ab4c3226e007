/**
 * Each model's pass@k alone on test-hard, overall and by knowledge group, as `npm run diagnose
 * -- --record` stores it in the checkpoint manifest (entry.passAtK) and the base-pair card reads
 * it back. Rates are fractions in [0, 1].
 */
import { z } from 'zod';
import { PROBLEM_CLASSES } from './by-group';

const fraction = z.number().min(0).max(1);
const count = z.number().int().min(0);

/** The mean over problems of the unbiased per-problem pass@k, with its 95% interval. */
const cell = z.object({ k: count.min(1), mean: fraction, low: fraction, high: fraction });

/** "all" is every problem; the others are by-group's classes. */
export const PASS_AT_K_GROUPS = ['all', ...PROBLEM_CLASSES] as const;

const row = z.object({
  group: z.enum(PASS_AT_K_GROUPS),
  problems: count,
  /** A right answer in k samples: one cell per k, in the order of `ks`. */
  A: z.array(cell),
  B: z.array(cell),
  /**
   * A right answer with the reference trace (every step right) in k samples. Stricter where an
   * answer can be right after a wrong step: a math answer is the last digit of a sum, which a
   * wrong product can still give. GRPO's reward sees only the answer, so this is what a model
   * writes of the facts, not what reward can find.
   */
  referenceTrace: z.object({ A: z.array(cell), B: z.array(cell) }),
});

/** One fact taught to one model only: how often the other model finds it alone, on the problems of that group that need it. */
const rivalFact = z.object({
  fact: z.string(),
  taughtTo: z.enum(['A', 'B']),
  problems: count,
  /** The other model's right answers in k samples, one cell per k. */
  rival: z.array(cell),
});

export const passAtKSchema = z.object({
  /** How to measure it again. */
  command: z.string(),
  split: z.literal('test-hard'),
  /** The first `problems` problems of the split. */
  problems: count,
  /** n: samples per problem and model, from which every pass@k is estimated. */
  samples: count,
  temperature: z.number(),
  topP: z.number(),
  seed: count,
  ks: z.array(count.min(1)),
  /** "all" first, then each class that has problems, in PROBLEM_CLASSES order. */
  rows: z.array(row),
  /** Each fact only one model was taught that test-hard's first problems need, in factUniverse order. Absent in figures measured before it was. */
  byRivalFact: z.array(rivalFact).optional(),
});

export type PassAtKCell = z.infer<typeof cell>;
export type PassAtKRow = z.infer<typeof row>;
export type RivalFactRow = z.infer<typeof rivalFact>;
export type PassAtK = z.infer<typeof passAtKSchema>;
