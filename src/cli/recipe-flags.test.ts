import { describe, expect, it } from 'vitest';
import { codeFamily } from '../core/tasks/code';
import { recipeFlags } from './recipe-flags';

const fail = (message: string): never => {
  throw new Error(message);
};

describe('the recipe flags', () => {
  it('keep the family\'s own recipe where unset', () => {
    expect(recipeFlags({}, codeFamily, fail)).toMatchObject({ splitSeed: codeFamily.splitSeed, hardDifficulties: [2, 3] });
  });

  it('--hard-difficulties sets the hard splits\' difficulties, one or several', () => {
    expect(recipeFlags({ 'hard-difficulties': '3' }, codeFamily, fail).hardDifficulties).toEqual([3]);
    expect(recipeFlags({ 'hard-difficulties': '1, 3' }, codeFamily, fail).hardDifficulties).toEqual([1, 3]);
  });

  it('--hard-difficulties refuses what is no list of the family\'s difficulties, saying what it got', () => {
    expect(() => recipeFlags({ 'hard-difficulties': '' }, codeFamily, fail)).toThrow('--hard-difficulties takes whole numbers separated by commas, e.g. 3 or 2,3, got ""');
    expect(() => recipeFlags({ 'hard-difficulties': 'three' }, codeFamily, fail)).toThrow(/got "three"/);
    expect(() => recipeFlags({ 'hard-difficulties': '4' }, codeFamily, fail)).toThrow('the hard difficulties must be distinct whole numbers from 1 to 3, at least one, got [4]');
    expect(() => recipeFlags({ 'hard-difficulties': '3,3' }, codeFamily, fail)).toThrow(/distinct/);
  });
});
