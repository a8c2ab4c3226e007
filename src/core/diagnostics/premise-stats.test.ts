import { describe, expect, it } from 'vitest';
import { copyRates, mostlyCounts, rescue, sabotage, solveRates, type CascadeSample } from './premise-stats';

const s = (draft: boolean, final: boolean, copy = false): CascadeSample => ({ draft, final, copy });
const T = true;
const F = false;

describe('premise statistics on made-up samples', () => {
  it('turns k samples per problem into solve rates', () => {
    expect(solveRates([[T, T, F, F], [F, F, F, F], [T, T, T, F]])).toEqual([0.5, 0, 0.75]);
    expect(() => solveRates([[]])).toThrow(/no samples/);
  });

  // Problem 0: drafts wrong, wrong; finals right, wrong. Problem 1: drafts right, wrong; finals right, right.
  // Problem 2: drafts right, right; finals wrong, right (the solver copies the right draft once).
  const cascade = [
    [s(F, T), s(F, F, T)],
    [s(T, T, T), s(F, T)],
    [s(T, F), s(T, T, T)],
  ];
  const solver = [0.25, 1, 0.5];

  it('rescue: wrong drafts turned right, beside the solver alone on the same samples', () => {
    // Wrong drafts: p0 twice, p1 once -> 3; turned right: p0 once, p1 once -> 2/3.
    // Solver alone on them: (0.25 + 0.25 + 1) / 3 = 0.5.
    const r = rescue(cascade, solver);
    expect(r.of).toBe(3);
    expect(r.rate).toBeCloseTo(2 / 3, 12);
    expect(r.solverAlone).toBeCloseTo(0.5, 12);
  });

  it('sabotage: right drafts turned wrong, beside the solver alone missing the same samples', () => {
    // Right drafts: p1 once, p2 twice -> 3; turned wrong: p2 once -> 1/3.
    // Solver alone misses them: (0 + 0.5 + 0.5) / 3 = 1/3.
    const r = sabotage(cascade, solver);
    expect(r.of).toBe(3);
    expect(r.rate).toBeCloseTo(1 / 3, 12);
    expect(r.solverAlone).toBeCloseTo(1 / 3, 12);
  });

  it('has no rate where nothing meets the condition', () => {
    expect(rescue([[s(T, T)]], [1])).toEqual({ of: 0, rate: null, solverAlone: null });
    expect(() => rescue(cascade, [1])).toThrow(RangeError);
  });

  it('copy rates over all samples and over wrong drafts', () => {
    // Copies: p0 second, p1 first, p2 second -> 3 of 6; wrong drafts 3, of which p0's second copied -> 1/3.
    const c = copyRates(cascade);
    expect(c.all).toBe(0.5);
    expect(c.wrongDrafts).toBeCloseTo(1 / 3, 12);
    expect(copyRates([[s(T, T, T)]]).wrongDrafts).toBeNull();
  });

  it('counts problems solved mostly (rate >= 0.5) by only one model', () => {
    const a = [0.5, 0.25, 1, 0, 0.75];
    const b = [0.25, 0.5, 0.5, 0, 0.49];
    expect(mostlyCounts(a, b)).toEqual({ onlyA: 2, onlyB: 1, both: 1, neither: 1 });
    expect(() => mostlyCounts([1], [])).toThrow(RangeError);
  });
});
