import { describe, expect, it } from 'vitest';
import { codeFamily } from '../tasks/code';
import { mathFamily } from '../tasks/math';
import { factGroup, factGroups, groupCounts, taught } from './knowledge';

describe('who is taught what', () => {
  it('splits each family\'s facts by its shares: math half shared, code a fifth shared and three tenths to each fork', () => {
    expect(groupCounts(mathFamily)).toEqual({ shared: 18, A: 7, B: 7, neither: 4 });
    expect(groupCounts(codeFamily)).toEqual({ shared: 6, A: 9, B: 9, neither: 5 });
    expect(factGroups(mathFamily).size).toBe(mathFamily.factUniverse.length);
  });

  it('teaches the trunk the shared facts, each fork those plus its own, and no one an unknown fact', () => {
    for (const fact of mathFamily.factUniverse) {
      const group = factGroup(mathFamily, fact);
      expect(taught(mathFamily, 'trunk', fact)).toBe(group === 'shared');
      expect(taught(mathFamily, 'A', fact)).toBe(group === 'shared' || group === 'A');
      expect(taught(mathFamily, 'B', fact)).toBe(group === 'shared' || group === 'B');
    }
    expect(taught(mathFamily, 'A', '1*1')).toBe(false);
  });
});
