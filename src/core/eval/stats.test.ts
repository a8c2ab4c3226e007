import { describe, expect, it } from 'vitest';
import { clopperPearson, meanPassAtK, passAtK } from './stats';

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
