/** Interval and estimator arithmetic for evaluation. */

export interface Interval {
  low: number;
  high: number;
}

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/** P(X >= k) for X ~ Binomial(n, p), summed in log space (the coefficient updated term by term: O(n)). */
function upperTail(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const [lp, lq] = [Math.log(p), Math.log1p(-p)];
  let logC = logChoose(n, k);
  let total = 0;
  for (let i = k; i <= n; i++) {
    total += Math.exp(logC + i * lp + (n - i) * lq);
    logC += Math.log(n - i) - Math.log(i + 1);
  }
  return Math.min(1, total);
}

/** The p in [0, 1] where the increasing function f crosses target (bisection). */
function solve(f: (p: number) => number, target: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Exact (Clopper-Pearson) two-sided confidence interval for k successes in n trials. */
export function clopperPearson(k: number, n: number, confidence = 0.95): Interval {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0 || k < 0 || k > n) {
    throw new RangeError(`clopperPearson: need integers 0 <= k <= n, got k=${k}, n=${n}`);
  }
  if (n === 0) return { low: 0, high: 1 };
  const alpha = 1 - confidence;
  const low = k === 0 ? 0 : solve((p) => upperTail(n, k, p), alpha / 2);
  // P(X <= k) = 1 - P(X >= k + 1) decreases in p; it equals alpha/2 where P(X >= k+1) = 1 - alpha/2.
  const high = k === n ? 1 : solve((p) => upperTail(n, k + 1, p), 1 - alpha / 2);
  return { low, high };
}

/** Unbiased pass@k from n samples with c correct: 1 - C(n-c, k) / C(n, k). */
export function passAtK(n: number, c: number, k: number): number {
  if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k)) || c < 0 || c > n || k < 1 || k > n) {
    throw new RangeError(`passAtK: need integers 0 <= c <= n and 1 <= k <= n, got n=${n}, c=${c}, k=${k}`);
  }
  if (n - c < k) return 1;
  let missAll = 1;
  for (let i = n - c + 1; i <= n; i++) missAll *= 1 - k / i;
  return 1 - missAll;
}

/** Mean of pass@k over problems, each with its own n and c. */
export function meanPassAtK(perProblem: readonly { n: number; c: number }[], k: number): number {
  if (perProblem.length === 0) return 0;
  return perProblem.reduce((s, p) => s + passAtK(p.n, p.c, k), 0) / perProblem.length;
}

/** A mean with its 95% interval. */
export interface Estimate extends Interval {
  mean: number;
}

/** Two-sided 95% quantile of the standard normal. */
const Z95 = 1.959963984540054;

/**
 * Mean of x[i] - y[i] over paired items (the same problems measured twice) with a
 * 95% interval from the normal approximation: mean +- 1.96 * sd / sqrt(n), sd the
 * sample standard deviation of the differences. Pairing removes what the items
 * share (a problem's difficulty), so it is much tighter than two unpaired intervals.
 */
export function pairedDifference(x: readonly number[], y: readonly number[]): Estimate {
  if (x.length !== y.length) throw new RangeError(`pairedDifference: ${x.length} vs ${y.length} items`);
  const n = x.length;
  if (n < 2) throw new RangeError(`pairedDifference: needs at least 2 pairs, got ${n}`);
  const d = x.map((v, i) => v - (y[i] as number));
  const mean = d.reduce((s, v) => s + v, 0) / n;
  const variance = d.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(n);
  return { mean, low: mean - half, high: mean + half };
}

/** Pearson correlation of paired values (clamped to [-1, 1] against rounding); null when either side is constant (undefined). */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`pearson: ${x.length} vs ${y.length} items`);
  const n = x.length;
  if (n === 0) return null;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((v, i) => {
    const dx = v - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  });
  return sxx === 0 || syy === 0 ? null : Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
