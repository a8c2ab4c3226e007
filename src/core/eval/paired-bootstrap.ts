/**
 * The difference in pass@1 between two methods measured on the same problems in the same seeds,
 * with a 95% interval from a hierarchical paired bootstrap. Two methods' separate intervals
 * overlap even when one wins on nearly every problem, because a problem's difficulty moves both;
 * resampling each problem's pair of outcomes together cancels that, and resampling the seeds
 * first keeps the spread between training runs, which the problems alone would hide.
 */
import { Rng } from '../random';
import type { Estimate } from './stats';

/** Resamples per interval. */
export const BOOTSTRAP_RESAMPLES = 2000;

/** Fixed, so an interval reproduces exactly wherever it is computed (app, CLI, tests). */
export const BOOTSTRAP_SEED = 20_240_601;

/** One seed's outcomes of the two methods, problem by problem in the same order. */
export interface PairedOutcomes {
  x: readonly boolean[];
  y: readonly boolean[];
}

/** Per problem, x's outcome minus y's: -1, 0 or 1. */
function differences({ x, y }: PairedOutcomes): Int8Array {
  if (x.length !== y.length) throw new RangeError(`pairedBootstrap: ${x.length} vs ${y.length} problems in one seed`);
  if (x.length === 0) throw new RangeError('pairedBootstrap: a seed without problems');
  return Int8Array.from(x, (c, i) => Number(c) - Number(y[i]));
}

const sum = (d: Int8Array) => d.reduce((s, v) => s + v, 0);

/**
 * pass@1 of x minus pass@1 of y over every seed's problems, with the percentile interval of
 * BOOTSTRAP_RESAMPLES resamples: draw as many seeds as there are, with replacement, then within
 * each drawn seed as many problems as it has, with replacement, the same problems for x and y.
 * With one seed it is a bootstrap over problems. The quantiles are taken at mirrored ranks, so
 * swapping x and y mirrors the interval exactly.
 */
export function pairedBootstrap(seeds: readonly PairedOutcomes[]): Estimate {
  if (seeds.length === 0) throw new RangeError('pairedBootstrap: no seeds');
  const diffs = seeds.map(differences);
  const problems = diffs.reduce((s, d) => s + d.length, 0);
  const mean = diffs.reduce((s, d) => s + sum(d), 0) / problems;
  const rng = new Rng(BOOTSTRAP_SEED);
  const resampled = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let total = 0;
    let count = 0;
    for (let s = 0; s < diffs.length; s++) {
      const d = diffs[rng.int(diffs.length)] as Int8Array;
      for (let p = 0; p < d.length; p++) total += d[rng.int(d.length)] as number;
      count += d.length;
    }
    resampled[b] = total / count;
  }
  resampled.sort();
  const tail = Math.floor(0.025 * BOOTSTRAP_RESAMPLES);
  return { mean, low: resampled[tail] as number, high: resampled[BOOTSTRAP_RESAMPLES - 1 - tail] as number };
}
