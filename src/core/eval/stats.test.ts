import { describe, expect, it } from 'vitest';
import { clopperPearson, meanPassAtK, pairedDifference, passAtK, pearson } from './stats';

describe('Clopper-Pearson', () => {
  it('matches reference values (scipy.stats.binomtest(k, n).proportion_ci("exact"))', () => {
    const a = clopperPearson(5, 10);
    expect(a.low).toBeCloseTo(0.187086, 5);
    expect(a.high).toBeCloseTo(0.812914, 5);
    const b = clopperPearson(300, 1000);
    expect(b.low).toBeCloseTo(0.271738, 4);
    expect(b.high).toBeCloseTo(0.329435, 4);
  });

  it('handles 0 and n successes', () => {
    const zero = clopperPearson(0, 20);
    expect(zero.low).toBe(0);
    expect(zero.high).toBeCloseTo(1 - 0.025 ** (1 / 20), 6);
    const all = clopperPearson(20, 20);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.025 ** (1 / 20), 6);
  });

  it('rejects impossible counts', () => {
    expect(() => clopperPearson(3, 2)).toThrow(RangeError);
  });
});

describe('unbiased pass@k', () => {
  it('equals c/n for k = 1 and follows the combinatorial formula', () => {
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 12);
    // 1 - C(7,2)/C(10,2) = 1 - 21/45
    expect(passAtK(10, 3, 2)).toBeCloseTo(1 - 21 / 45, 12);
    expect(passAtK(5, 0, 3)).toBe(0);
  });

  it('is 1 when fewer than k samples are wrong', () => {
    expect(passAtK(5, 3, 3)).toBe(1);
  });

  it('averages over problems', () => {
    expect(meanPassAtK([{ n: 4, c: 4 }, { n: 4, c: 0 }], 1)).toBe(0.5);
  });
});

describe('paired difference', () => {
  it('gives the mean difference and mean +- 1.96 sd / sqrt(n) of the differences', () => {
    // Differences 0.5, 0, 0.25, -0.25: mean 0.125, sample variance (0.140625 + 0.015625 + 0.015625 + 0.140625) / 3 = 0.104166...
    const d = pairedDifference([1, 0.5, 0.75, 0], [0.5, 0.5, 0.5, 0.25]);
    expect(d.mean).toBeCloseTo(0.125, 12);
    const half = (1.959964 * Math.sqrt(0.3125 / 3)) / 2;
    expect(d.low).toBeCloseTo(0.125 - half, 5);
    expect(d.high).toBeCloseTo(0.125 + half, 5);
  });

  it('has a zero-width interval when every pair differs by the same amount', () => {
    expect(pairedDifference([0.5, 1, 0.25], [0.25, 0.75, 0])).toEqual({ mean: 0.25, low: 0.25, high: 0.25 });
  });

  it('refuses unequal lengths and fewer than two pairs', () => {
    expect(() => pairedDifference([1, 0], [1])).toThrow(RangeError);
    expect(() => pairedDifference([1], [0])).toThrow(/at least 2/);
  });
});

describe('Pearson correlation', () => {
  it('is 1, -1 and a hand-computed value', () => {
    expect(pearson([0, 0.5, 1], [0.25, 0.5, 0.75])).toBeCloseTo(1, 12);
    expect(pearson([0, 0.5, 1], [1, 0.5, 0])).toBeCloseTo(-1, 12);
    // x - mean: -0.5, 0.5, -0.5, 0.5; y - mean: -0.25, -0.25, 0.25, 0.25 -> sxy 0, so 0.
    expect(pearson([0, 1, 0, 1], [0, 0, 0.5, 0.5])).toBeCloseTo(0, 12);
    // x - mean: -1, 0, 1; y - mean: -1/3, -1/3, 2/3 -> sxy 1, sxx 2, syy 2/3: 1 / sqrt(4/3).
    expect(pearson([0, 1, 2], [0, 0, 1])).toBeCloseTo(Math.sqrt(3) / 2, 12);
  });

  it('is null when a side is constant or empty', () => {
    expect(pearson([1, 1, 1], [0, 0.5, 1])).toBeNull();
    expect(pearson([], [])).toBeNull();
  });
});
