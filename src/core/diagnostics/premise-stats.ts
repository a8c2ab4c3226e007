/**
 * Per-problem statistics behind the premise diagnostics: from k samples per problem to
 * solve rates, and what a cascade's solver does with right and wrong drafts compared
 * with what it does alone on the same problems. Pure arithmetic on correctness arrays.
 */

/** One cascade sample: the draft's and the final answer's correctness, and whether the solver repeated the draft's answer. */
export interface CascadeSample {
  draft: boolean;
  final: boolean;
  copy: boolean;
}

/** A problem counts as solved "mostly" by a model whose solve rate is at least this. */
export const MOSTLY = 0.5;

/** Fraction of each problem's samples that are correct. */
export function solveRates(samples: readonly (readonly boolean[])[]): number[] {
  return samples.map((row) => {
    if (row.length === 0) throw new RangeError('solveRates: a problem has no samples');
    return row.filter(Boolean).length / row.length;
  });
}

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** A conditional rate beside the solver alone on the same problems, weighted as the rate is (once per sample). */
export interface ConditionalRate {
  /** Samples the rate is taken over (wrong drafts for rescue, right drafts for sabotage). */
  of: number;
  /** null when `of` is 0. */
  rate: number | null;
  /** The solver alone on the same problems: its solve rate for rescue, its miss rate for sabotage. */
  solverAlone: number | null;
}

function conditional(
  cascade: readonly (readonly CascadeSample[])[],
  solverRates: readonly number[],
  condition: (s: CascadeSample) => boolean,
  event: (s: CascadeSample) => boolean,
  alone: (solveRate: number) => number,
): ConditionalRate {
  if (cascade.length !== solverRates.length) throw new RangeError(`${cascade.length} cascade problems vs ${solverRates.length} solver rates`);
  let of = 0;
  let hits = 0;
  let aloneSum = 0;
  cascade.forEach((row, i) => {
    for (const s of row) {
      if (!condition(s)) continue;
      of++;
      if (event(s)) hits++;
      aloneSum += alone(solverRates[i] as number);
    }
  });
  return of === 0 ? { of, rate: null, solverAlone: null } : { of, rate: hits / of, solverAlone: aloneSum / of };
}

/** Of the samples whose draft was wrong, the fraction the solver got right; beside it the solver's own solve rate on those problems. */
export function rescue(cascade: readonly (readonly CascadeSample[])[], solverRates: readonly number[]): ConditionalRate {
  return conditional(cascade, solverRates, (s) => !s.draft, (s) => s.final, (r) => r);
}

/** Of the samples whose draft was right, the fraction the solver got wrong; beside it the solver's own miss rate on those problems. */
export function sabotage(cascade: readonly (readonly CascadeSample[])[], solverRates: readonly number[]): ConditionalRate {
  return conditional(cascade, solverRates, (s) => s.draft, (s) => !s.final, (r) => 1 - r);
}

export interface CopyRates {
  /** Fraction of all samples where the solver gave the draft's answer. */
  all: number;
  /** The same among wrong drafts: repeating a wrong answer (null when no draft was wrong). */
  wrongDrafts: number | null;
}

export function copyRates(cascade: readonly (readonly CascadeSample[])[]): CopyRates {
  const all = cascade.flat();
  const wrong = all.filter((s) => !s.draft);
  return {
    all: all.length === 0 ? 0 : all.filter((s) => s.copy).length / all.length,
    wrongDrafts: wrong.length === 0 ? null : wrong.filter((s) => s.copy).length / wrong.length,
  };
}

/** How many problems each model solves mostly (rate >= MOSTLY): only A, only B, both, neither. */
export interface MostlyCounts {
  onlyA: number;
  onlyB: number;
  both: number;
  neither: number;
}

export function mostlyCounts(ratesA: readonly number[], ratesB: readonly number[]): MostlyCounts {
  if (ratesA.length !== ratesB.length) throw new RangeError(`mostlyCounts: ${ratesA.length} vs ${ratesB.length} problems`);
  const counts = { onlyA: 0, onlyB: 0, both: 0, neither: 0 };
  ratesA.forEach((a, i) => {
    const [x, y] = [a >= MOSTLY, (ratesB[i] as number) >= MOSTLY];
    if (x && y) counts.both++;
    else if (x) counts.onlyA++;
    else if (y) counts.onlyB++;
    else counts.neither++;
  });
  return counts;
}
