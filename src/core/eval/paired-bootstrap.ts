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

/** Each seed's outcomes as 0/1 bytes, x's and y's, checked to pair. */
function pairedBits({ x, y }: PairedOutcomes): { x: Uint8Array; y: Uint8Array } {
  if (x.length !== y.length) throw new RangeError(`pairedBootstrap: ${x.length} vs ${y.length} problems in one seed`);
  if (x.length === 0) throw new RangeError('pairedBootstrap: a seed without problems');
  return { x: Uint8Array.from(x, Number), y: Uint8Array.from(y, Number) };
}

/** x's right answers, y's right answers and the problems drawn, in one sample of the seeds' problems. */
type Statistic = (xRight: number, yRight: number, problems: number) => number;

/**
 * The statistic on every seed's problems, with the percentile interval of BOOTSTRAP_RESAMPLES
 * resamples: draw as many seeds as there are, with replacement, then within each drawn seed as
 * many problems as it has, with replacement, the same problems for x and y. With one seed it is
 * a bootstrap over problems. The draws depend on the seeds' sizes alone, so every statistic of
 * the same outcomes is read off the same resamples.
 */
function bootstrap(seeds: readonly PairedOutcomes[], statistic: Statistic): Estimate {
  if (seeds.length === 0) throw new RangeError('pairedBootstrap: no seeds');
  const bits = seeds.map(pairedBits);
  const right = (which: 'x' | 'y') => bits.reduce((s, b) => s + b[which].reduce((t, v) => t + v, 0), 0);
  const mean = statistic(right('x'), right('y'), bits.reduce((s, b) => s + b.x.length, 0));
  const rng = new Rng(BOOTSTRAP_SEED);
  const resampled = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    let xRight = 0;
    let yRight = 0;
    let count = 0;
    for (let s = 0; s < bits.length; s++) {
      const { x, y } = bits[rng.int(bits.length)]!;
      for (let p = 0; p < x.length; p++) {
        const i = rng.int(x.length);
        xRight += x[i]!;
        yRight += y[i]!;
      }
      count += x.length;
    }
    resampled[r] = statistic(xRight, yRight, count);
  }
  resampled.sort();
  const tail = Math.floor(0.025 * BOOTSTRAP_RESAMPLES);
  return { mean, low: resampled[tail] as number, high: resampled[BOOTSTRAP_RESAMPLES - 1 - tail] as number };
}

/**
 * pass@1 of x minus pass@1 of y over every seed's problems, with its 95% bootstrap interval. The
 * quantiles are taken at mirrored ranks, so swapping x and y mirrors the interval exactly.
 */
export function pairedBootstrap(seeds: readonly PairedOutcomes[]): Estimate {
  return bootstrap(seeds, (xRight, yRight, problems) => (xRight - yRight) / problems);
}

/**
 * pass@1 of x over pass@1 of y (Agon / GRPO), with its 95% interval from the same resamples as
 * the difference; null where y got no problem right, so the ratio has no value.
 */
export function pairedRatioBootstrap(seeds: readonly PairedOutcomes[]): Estimate | null {
  const ratio = bootstrap(seeds, (xRight, yRight) => (yRight === 0 ? Number.POSITIVE_INFINITY : xRight / yRight));
  return Number.isFinite(ratio.mean) ? ratio : null;
}
