import { describe, expect, it } from 'vitest';
import { bucketOf, buildSplit, testHardSplit } from './splits';
import { mathFamily } from './math';

describe('splits', () => {
  it('never share a problem, by canonical form', () => {
    const train = buildSplit(mathFamily, 'train', 3000, 1);
    const validation = buildSplit(mathFamily, 'validation', 500, 2);
    const test = testHardSplit(mathFamily, 500);
    const canon = (ps: typeof train) => new Set(ps.map((p) => mathFamily.canonical(p)));
    const [tr, va, te] = [canon(train), canon(validation), canon(test)];
    expect(tr.size).toBe(3000);
    for (const key of te) expect(tr.has(key) || va.has(key)).toBe(false);
    for (const key of va) expect(tr.has(key)).toBe(false);
  });

  it('fixes test-hard by seed: hard difficulties only, the same every time, larger sizes extend smaller ones', () => {
    const a = testHardSplit(mathFamily, 300);
    expect(testHardSplit(mathFamily, 300)).toEqual(a);
    expect(testHardSplit(mathFamily, 400).slice(0, 300)).toEqual(a);
    for (const p of a) {
      expect(mathFamily.hardDifficulties).toContain(p.difficulty);
      expect(bucketOf(mathFamily, p)).toBe('test');
    }
  });

  it('builds the full 1000-problem test-hard split', () => {
    expect(testHardSplit(mathFamily)).toHaveLength(1000);
  });
});
