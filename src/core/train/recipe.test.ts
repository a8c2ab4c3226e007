import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { codeFamily } from '../tasks/code';
import { mathFamily } from '../tasks/math';
import { testHardSplit, validationSplit } from '../tasks/splits';
import { factGroups, groupCounts } from './knowledge';
import { recipeOf, recipeProblem, withRecipe } from './recipe';
import { sftExample } from './sft-data';

const premise = { factShares: { shared: 0.36, A: 0.22, B: 0.22, neither: 0.2 }, forkMix: { own: 0.8, reading: 0.1, unrelated: 0.1 }, readingFocus: 0, readingTrust: 1, splitSeed: mathFamily.splitSeed, hardDifficulties: mathFamily.hardDifficulties };

describe('a pretraining recipe as data', () => {
  it('is the family\'s own recipe by default, and changes who is taught what without touching the family', () => {
    expect(withRecipe(mathFamily, recipeOf(mathFamily))).toEqual(mathFamily);
    expect(groupCounts(withRecipe(mathFamily, premise))).toEqual({ shared: 13, A: 8, B: 8, neither: 7 });
    expect(groupCounts(mathFamily)).toEqual({ shared: 18, A: 7, B: 7, neither: 4 });
  });

  it('deals the facts by its split seed: the same group sizes, other facts in them, the same every time', () => {
    const members = (family: typeof mathFamily, group: string) => [...factGroups(family)].filter(([, g]) => g === group).map(([fact]) => fact);
    const reseeded = withRecipe(mathFamily, { ...premise, splitSeed: 7 });
    expect(groupCounts(reseeded)).toEqual(groupCounts(withRecipe(mathFamily, premise)));
    expect(members(reseeded, 'A')).not.toEqual(members(withRecipe(mathFamily, premise), 'A'));
    expect(members(withRecipe(mathFamily, { ...premise, splitSeed: 7 }), 'A')).toEqual(members(reseeded, 'A'));
  });

  it('sets the mix of a fork\'s examples', () => {
    const family = withRecipe(mathFamily, premise);
    const rng = new Rng(3);
    const kinds: Record<string, number> = {};
    for (let i = 0; i < 2000; i++) {
      const kind = sftExample(family, rng, 'A').draft;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    expect(kinds.none! / 2000).toBeCloseTo(0.8, 1);
    expect(kinds.reading! / 2000).toBeCloseTo(0.1, 1);
    expect(kinds.unrelated! / 2000).toBeCloseTo(0.1, 1);
  });

  it('refuses shares that do not add up, uneven forks, a focus or trust out of range and a split seed that is no whole number, saying which', () => {
    expect(recipeProblem(premise, mathFamily)).toBeNull();
    expect(recipeProblem({ ...premise, factShares: { shared: 0.5, A: 0.2, B: 0.2, neither: 0.2 } }, mathFamily)).toMatch(/fact shares must be fractions adding up to 1/);
    expect(recipeProblem({ ...premise, factShares: { shared: 0.5, A: 0.3, B: 0.1, neither: 0.1 } }, mathFamily)).toMatch(/A and B must be taught as many facts/);
    expect(recipeProblem({ ...premise, forkMix: { own: 0.9, reading: 0.2, unrelated: -0.1 } }, mathFamily)).toMatch(/fork mix/);
    expect(recipeProblem({ ...premise, readingFocus: 1.5 }, mathFamily)).toMatch(/reading focus/);
    expect(recipeProblem({ ...premise, readingTrust: -0.1 }, mathFamily)).toMatch(/reading trust must be from 0 to 1, got -0.1/);
    expect(() => withRecipe(mathFamily, { ...premise, readingFocus: Number.NaN })).toThrow(/bad pretraining recipe/);
    expect(() => withRecipe(mathFamily, { ...premise, readingTrust: Number.NaN })).toThrow(/reading trust/);
    expect(recipeProblem({ ...premise, splitSeed: 1.5 }, mathFamily)).toMatch(/split seed must be a whole number from 0, got 1.5/);
    expect(recipeProblem({ ...premise, splitSeed: Number.NaN }, mathFamily)).toMatch(/split seed/);
    for (const hard of [[], [3, 3], [0, 3], [5], [2.5]]) {
      expect(recipeProblem({ ...premise, hardDifficulties: hard }, mathFamily)).toBe(`the hard difficulties must be distinct whole numbers from 1 to 4, at least one, got ${JSON.stringify(hard)}`);
    }
    expect(() => withRecipe(codeFamily, { ...recipeOf(codeFamily), hardDifficulties: [4] })).toThrow(/hard difficulties must be distinct whole numbers from 1 to 3/);
  });

  it('sets the difficulties of the hard splits, test-hard and validation alike', () => {
    const family = withRecipe(codeFamily, { ...recipeOf(codeFamily), hardDifficulties: [3] });
    expect(new Set(testHardSplit(family, 200).map((p) => p.difficulty))).toEqual(new Set([3]));
    expect(new Set(validationSplit(family, 200).map((p) => p.difficulty))).toEqual(new Set([3]));
    expect(new Set(testHardSplit(codeFamily, 200).map((p) => p.difficulty))).toEqual(new Set([2, 3]));
  });
});
