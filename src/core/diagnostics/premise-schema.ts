/**
 * The premise figures of a base pair, as `npm run pretrain` and `npm run diagnose --
 * --record` store them in the checkpoint manifest (entry.premise) and the playground
 * reads them back: whether the pair has the room Agon needs (each model alone, the
 * untrained cascades, what a solver does with right and wrong drafts, how differently
 * A and B fail). Rates are fractions in [0, 1].
 */
import { z } from 'zod';

const member = z.enum(['A', 'B']);
const fraction = z.number().min(0).max(1);
const count = z.number().int().min(0);

/** A mean with its 95% interval. */
const estimate = z.object({ mean: z.number(), low: z.number(), high: z.number() });

const conditionalRate = z.object({ of: count, rate: fraction.nullable(), solverAlone: fraction.nullable() });

const cascadeFigures = z.object({
  drafter: member,
  solver: member,
  /** Mean per-problem solve rate of the final answer. */
  passAt1: fraction,
  /** The drafts' own pass@1 in this cascade. */
  drafterAlone: fraction,
  /** passAt1 minus the better single model's, paired over problems (normal approximation on per-problem differences). */
  lift: estimate,
  /** Wrong drafts the solver turned right, beside the solver's own solve rate on those problems. */
  rescue: conditionalRate,
  /** Right drafts the solver turned wrong, beside the solver's own miss rate on those problems. */
  sabotage: conditionalRate,
  copy: z.object({ all: fraction, wrongDrafts: fraction.nullable() }),
});

export const premiseFiguresSchema = z.object({
  solo: z.object({ A: z.object({ sampled: fraction, greedy: fraction }), B: z.object({ sampled: fraction, greedy: fraction }) }),
  /** The model with the higher sampled pass@1 on these problems (A on a tie): what every lift is measured against. */
  better: member,
  cascades: z.object({ 'A->B': cascadeFigures, 'B->A': cascadeFigures, 'A->A': cascadeFigures, 'B->B': cascadeFigures }),
  agreement: z.object({
    /** Pearson correlation of A's and B's per-problem solve rates; null when one is constant. */
    correlation: z.number().min(-1).max(1).nullable(),
    /** A model solves a problem mostly when its solve rate is at least this. */
    mostly: fraction,
    onlyA: count,
    onlyB: count,
    both: count,
    neither: count,
  }),
});

export const premiseSchema = premiseFiguresSchema.extend({
  /** How to measure it again. */
  command: z.string(),
  split: z.literal('test-hard'),
  /** The first `problems` problems of the split. */
  problems: count,
  /** Samples per problem of every sampled readout. */
  samples: count,
  temperature: z.number(),
  topP: z.number(),
  seed: count,
  /** false: the challenger read the draft with its answer withheld (the default view). */
  showDraftAnswer: z.boolean(),
});

export type PremiseFigures = z.infer<typeof premiseFiguresSchema>;
export type CascadeFigures = PremiseFigures['cascades']['A->B'];
export type Premise = z.infer<typeof premiseSchema>;
