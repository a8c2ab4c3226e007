import { describe, expect, it } from 'vitest';
import { codeFamily } from '../tasks/code';
import { mathFamily } from '../tasks/math';
import { testHardSplit } from '../tasks/splits';
import { dealFacts, factGroups } from '../train/knowledge';
import { recipeOf, withRecipe } from '../train/recipe';
import { problemClass } from './by-group';
import { factNeeds, splitCounts } from './split-counts';

describe('counting a deal of the facts over test-hard', () => {
  it('deals as the family does at its own seed', () => {
    for (const family of [mathFamily, codeFamily]) expect(dealFacts(family.factUniverse, family.factShares, family.splitSeed)).toEqual(factGroups(family));
  });

  it('counts each group as the by-group table classes its problems, for any seed and hard split', () => {
    const family = withRecipe(codeFamily, { ...recipeOf(codeFamily), factShares: { shared: 0.03, A: 0.2, B: 0.2, neither: 0.57 }, hardDifficulties: [3] });
    const problems = testHardSplit(family, 300);
    const needs = factNeeds(family, problems);
    for (const seed of [1, 7, 185944]) {
      const counts = splitCounts(family, needs, problems.length, seed);
      const dealt = withRecipe(family, { ...recipeOf(family), splitSeed: seed });
      const expected = { shared: 0, 'A only': 0, 'B only': 0, 'A and B': 0, neither: 0 };
      for (const problem of problems) expected[problemClass(dealt, problem)] += 1;
      expect(counts.problems).toEqual(expected);
      expect(counts.taught.A).toBeCloseTo((expected.shared + expected['A only']) / 300, 10);
      expect(counts.facts.A).toHaveLength(6);
      expect(counts.facts.A).toEqual([...factGroups(dealt)].filter(([, g]) => g === 'A').map(([f]) => f).sort());
    }
  });

  it('names the private facts that no test-hard problem needs', () => {
    // Two-primitive programs never come up in a three-primitive test-hard.
    const family = withRecipe(codeFamily, { ...recipeOf(codeFamily), hardDifficulties: [3] });
    const counts = splitCounts(family, factNeeds(family, testHardSplit(family, 200)), 200, family.splitSeed);
    const twoPrimitive = [...counts.facts.A, ...counts.facts.B].filter((p) => p.split(' ').length === 2);
    expect(twoPrimitive.length).toBeGreaterThan(0);
    expect(counts.unmeasured).toEqual(expect.arrayContaining(twoPrimitive));
  });
});
