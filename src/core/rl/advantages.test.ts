import { describe, expect, it } from 'vitest';
import { groupAdvantages } from './advantages';

describe('group advantages', () => {
  it('normalises within each group by its unbiased std', () => {
    // group [0, 2]: mean 1, std sqrt(2); group [1, 1, 1, 5]... sizes must match, so use pairs
    const adv = groupAdvantages([0, 2, 3, 3], 2, 'group');
    expect(adv[0]).toBeCloseTo(-1 / (Math.SQRT2 + 1e-4), 6);
    expect(adv[1]).toBeCloseTo(1 / (Math.SQRT2 + 1e-4), 6);
    expect(adv.slice(2)).toEqual([0, 0]);
  });

  it('gives zero, not NaN, when every reward in a group is equal', () => {
    for (const scale of ['group', 'batch', 'none'] as const) {
      const adv = groupAdvantages([2.5, 2.5, 2.5, 2.5], 4, scale);
      expect(adv).toEqual([0, 0, 0, 0]);
    }
  });

  it('scales by the batch std or not at all', () => {
    const rewards = [0, 2, 0, 4];
    const m = 1.5;
    const batchStd = Math.sqrt(((0 - m) ** 2 + (2 - m) ** 2 + (0 - m) ** 2 + (4 - m) ** 2) / 3);
    const batch = groupAdvantages(rewards, 2, 'batch');
    expect(batch[0]).toBeCloseTo(-1 / (batchStd + 1e-4), 6);
    expect(batch[3]).toBeCloseTo(2 / (batchStd + 1e-4), 6);
    expect(groupAdvantages(rewards, 2, 'none')).toEqual([-1, 1, -2, 2]);
  });

  it('rejects a batch that does not split into groups', () => {
    expect(() => groupAdvantages([1, 2, 3], 2, 'group')).toThrow(/groups of 2/);
  });
});
